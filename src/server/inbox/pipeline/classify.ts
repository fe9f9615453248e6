import type { ParsedMail } from 'mailparser';
import { isAutoReply, returnDate } from './auto-reply';
import { readDeliveryReport } from './bounce';
import { isChallenge } from './challenge';
import type { Inbound } from '../../mail/messages/inbound';
import { ownText } from '../../mail/messages/quote';
import { clean, readReport } from './report';

export type { Inbound } from '../../mail/messages/inbound';
export { ownText } from '../../mail/messages/quote';

/** Words of people asking to be left alone, in the reply's own lines (EN and DE). */
const UNSUBSCRIBE =
  /\b(unsubscribe|remove me|take me off|opt[ -]?out|stop (emailing|contacting|sending)|do not (email|contact)|don'?t (email|contact)|not interested|no interest|abmelden|austragen|kein interesse|bitte keine (e-?mails|nachrichten))\b/i;

/** multipart/report that is no delivery report: a feedback (RFC 5965) or read receipt (RFC 8098). */
const OTHER_REPORT = /^multipart\/report\b.*report-type\s*=\s*"?(feedback-report|disposition-notification)/i;

/**
 * What an inbound message is (docs/decisions/013-inbound-classification.md), in this order: a
 * delivery failure or delay report (RFC 3464 or a server's own format; checked first because
 * bounces carry In-Reply-To and Auto-Submitted too); a success report or other machine report
 * (read as an automatic answer); a challenge/response request; an automatic reply (RFC 3834
 * and common headers, out-of-office subjects); an unsubscribe request in the person's own words
 * (quoted text ignored); else a real reply. Never throws: broken mail is read as far as it goes.
 */
export function classifyInbound(mail: ParsedMail, received: Date): Inbound {
  try {
    const report = readReport(mail);
    const delivery = readDeliveryReport(report);
    if (delivery?.kind === 'bounce') return delivery;
    if (delivery?.kind === 'report' || OTHER_REPORT.test(report.headers.get('content-type')?.[0] ?? ''))
      return { kind: 'auto-reply', returnsOn: null };
  } catch {
    // A message the report reader cannot take apart is read as a person's message below.
  }
  const subject = clean(mail.subject);
  const text = clean(mail.text);
  const own = ownText(text);
  const automatic = isAutoReply(mail);
  if (isChallenge(subject, own, automatic)) return { kind: 'challenge' };
  if (automatic) return { kind: 'auto-reply', returnsOn: returnDate(`${subject}\n${text}`, received) };
  if (UNSUBSCRIBE.test(own)) return { kind: 'unsubscribe' };
  return { kind: 'reply' };
}
