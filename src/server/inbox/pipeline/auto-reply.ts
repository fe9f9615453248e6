import type { ParsedMail } from 'mailparser';

const header = (mail: ParsedMail, name: string): string => {
  const value = mail.headers?.get(name);
  if (value === undefined || value === null) return '';
  return typeof value === 'string'
    ? value
    : typeof value === 'object' && 'value' in value
      ? String(value.value)
      : String(value);
};

const AUTO_SUBJECT =
  /^(auto(matic|matische)?[ -]?(reply|response|antwort)\b|auto:|out of (the )?office|ooo\b|abwesen(d|heit)|außer haus|ausser haus|urlaub|vacation|away from)/i;

/** True for a subject an out-of-office or other automatic reply gives itself ('Automatic reply:', 'Out of Office'…). */
export const autoReplySubject = (subject: string): boolean => AUTO_SUBJECT.test(subject.trim());

/**
 * True for an automatic reply: `Auto-Submitted` other than `no` (RFC 3834 §5), `X-Autoreply`,
 * `X-Autorespond`, `Precedence: auto_reply | bulk | junk`, or an out-of-office subject in English
 * or German ('Automatic reply:', 'Out of Office', 'Abwesenheitsnotiz', 'Automatische Antwort').
 */
export function isAutoReply(mail: ParsedMail): boolean {
  const autoSubmitted = header(mail, 'auto-submitted').trim().toLowerCase();
  if (autoSubmitted && autoSubmitted !== 'no') return true;
  if (header(mail, 'x-autoreply') || header(mail, 'x-autorespond') || header(mail, 'x-autoresponse'))
    return true;
  if (/^(auto_reply|bulk|junk)$/i.test(header(mail, 'precedence').trim())) return true;
  return autoReplySubject(mail.subject ?? '');
}

const MONTHS: Record<string, number> = {
  jan: 1,
  january: 1,
  januar: 1,
  jänner: 1,
  feb: 2,
  february: 2,
  februar: 2,
  mar: 3,
  march: 3,
  märz: 3,
  maerz: 3,
  apr: 4,
  april: 4,
  may: 5,
  mai: 5,
  jun: 6,
  june: 6,
  juni: 6,
  jul: 7,
  july: 7,
  juli: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  okt: 10,
  oktober: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
  dez: 12,
  dezember: 12,
};
const MONTH = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');

/** Every calendar date written in the text, in the forms out-of-office notes use (EN and DE). */
function datesIn(text: string, receivedYear: number): { year: number | null; month: number; day: number }[] {
  const found: { year: number | null; month: number; day: number }[] = [];
  const add = (day: string, month: number, year?: string) => {
    const y = year ? (year.length === 2 ? 2000 + Number(year) : Number(year)) : null;
    found.push({ year: y ?? null, month, day: Number(day) });
  };
  for (const m of text.matchAll(/\b(\d{4})-(\d{2})-(\d{2})\b/g)) add(m[3]!, Number(m[2]), m[1]);
  // 05.12.2026 or 05.12. — but not part of a version number such as 1.2.3
  for (const m of text.matchAll(/(?<![\d.])(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})?(?![\d.]*\d)/g))
    add(m[1]!, Number(m[2]), m[3]);
  // 2 December 2026, 2nd Dec, 3. Dezember
  for (const m of text.matchAll(
    new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th|\\.)?\\s+(${MONTH})\\b\\.?(?:\\s+(\\d{4})\\b)?`, 'gi'),
  )) {
    add(m[1]!, MONTHS[m[2]!.toLowerCase()]!, m[3]);
  }
  // December 2, 2026 and Dec 2 — the day must end there ('Dec 2026' is no day)
  for (const m of text.matchAll(
    new RegExp(`\\b(${MONTH})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?:,?\\s+(\\d{4})\\b)?`, 'gi'),
  )) {
    add(m[2]!, MONTHS[m[1]!.toLowerCase()]!, m[3]);
  }
  return found.filter(
    (d) => d.month >= 1 && d.month <= 12 && d.day >= 1 && d.day <= 31 && (d.year ?? receivedYear) >= 2000,
  );
}

/** A return date more than this far ahead is not believed (ms). */
const MAX_ABSENCE_MS = 120 * 24 * 3600_000;

/**
 * The date the sender says they are back: the latest date written in the note that lies after
 * `received` and within 120 days (a note names its first and last day away; the last one counts),
 * at 08:00 UTC. Year-less dates take the year that puts them after `received`.
 */
export function returnDate(text: string, received: Date): Date | null {
  const candidates = datesIn(text, received.getUTCFullYear())
    .map((d) => {
      let at = Date.UTC(d.year ?? received.getUTCFullYear(), d.month - 1, d.day, 8);
      if (d.year === null && at < received.getTime())
        at = Date.UTC(received.getUTCFullYear() + 1, d.month - 1, d.day, 8);
      return at;
    })
    .filter((at) => at > received.getTime() && at - received.getTime() <= MAX_ABSENCE_MS);
  return candidates.length > 0 ? new Date(Math.max(...candidates)) : null;
}
