import type { ParsedMail } from 'mailparser';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import type { Inbound } from './classify';

/** The outreach message an inbound message answers. */
export interface Matched {
  id: string;
  prospectId: string;
  enrollmentId: string;
  campaignId: string;
  toEmail: string;
}

/** A subject without reply and forward prefixes, in English and German ('Re:', 'Fwd:', 'AW:', 'WG:'). */
export function baseSubject(subject: string): string {
  return subject
    .replace(/^(\s*(re|fwd?|aw|wg|antw)\s*(\[\d+\])?\s*:\s*)+/i, '')
    .trim()
    .toLowerCase();
}

const references = (mail: ParsedMail): string[] => {
  const refs = Array.isArray(mail.references) ? mail.references : mail.references ? [mail.references] : [];
  return [...(mail.inReplyTo ? [mail.inReplyTo] : []), ...refs].flatMap((r) => r.match(/<[^>]+>/g) ?? []);
};

/**
 * Ties an inbound message to the outreach message it answers (issue 7 §2): by In-Reply-To and
 * References against our stored Message-IDs; a bounce by the Message-ID or the recipient in its
 * report; and for clients that drop those headers, by the sender's address and the thread subject.
 * Only the user's own messages are considered.
 */
export async function matchInbound(
  db: Database,
  userId: string,
  mail: ParsedMail,
  inbound: Inbound,
): Promise<Matched | null> {
  const ids =
    inbound.kind === 'bounce' && inbound.originalMessageId
      ? [inbound.originalMessageId, ...references(mail)]
      : references(mail);
  const select = sql`select id, prospect_id as "prospectId", enrollment_id as "enrollmentId", campaign_id as "campaignId", to_email as "toEmail"
    from outreach_messages where user_id = ${userId} and status = 'sent'`;
  if (ids.length > 0) {
    const [byId] = await queryRows<Matched>(
      db,
      sql`${select} and message_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) order by sent_at desc limit 1`,
    );
    if (byId) return byId;
  }
  const address =
    inbound.kind === 'bounce' ? inbound.recipient : (mail.from?.value[0]?.address?.toLowerCase() ?? null);
  if (!address) return null;
  const candidates = await queryRows<Matched & { subject: string }>(
    db,
    sql`select m.id, m.prospect_id as "prospectId", m.enrollment_id as "enrollmentId", m.campaign_id as "campaignId",
          m.to_email as "toEmail", first.subject
        from outreach_messages m
        join outreach_messages first on first.enrollment_id = m.enrollment_id and first.step_number = 1
        where m.user_id = ${userId} and m.status = 'sent' and m.to_email = ${address}
        order by m.sent_at desc`,
  );
  if (inbound.kind === 'bounce') return candidates[0] ?? null;
  const subject = baseSubject(mail.subject ?? '');
  return candidates.find((c) => baseSubject(c.subject) === subject) ?? null;
}
