import type { ParsedMail } from 'mailparser';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import { withoutNul } from '../../../shared/text/without-nul';
import type { Matched } from '../../mail/inbound-effects';
import { ownAddresses } from '../../mail/mailboxes/own-addresses';
import type { Inbound } from '../../mail/messages/inbound';

/** A subject without reply and forward prefixes, in English and German ('Re:', 'Fwd:', 'AW:', 'WG:'). */
export function baseSubject(subject: string): string {
  return subject
    .replace(/^(\s*(re|fwd?|aw|wg|antw)\s*(\[\d+\])?\s*:\s*)+/i, '')
    .trim()
    .toLowerCase();
}

const messageIds = (values: (string | undefined)[]): string[] =>
  values.flatMap((v) => withoutNul(v ?? '').match(/<[^>]+>/g) ?? []);
const referencesOf = (mail: ParsedMail): string[] =>
  Array.isArray(mail.references) ? mail.references : mail.references ? [mail.references] : [];

type Row = Omit<Matched, 'via'>;
const columns = sql`m.id, m.prospect_id as "prospectId", m.enrollment_id as "enrollmentId", m.campaign_id as "campaignId",
  m.email_account_id as "emailAccountId", m.to_email as "toEmail"`;

/** The user's most recent sent message with one of these Message-IDs. */
async function byMessageId(db: Database, workspaceId: string, ids: string[]): Promise<Row | null> {
  if (ids.length === 0) return null;
  const [row] = await queryRows<Row>(
    db,
    sql`select ${columns} from outreach_messages m
        where m.workspace_id = ${workspaceId} and m.status = 'sent' and m.message_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) order by m.sent_at desc limit 1`,
  );
  return row ?? null;
}

/**
 * True when `messageId` is one of the user's outreach Message-IDs: a message carrying it in the
 * INBOX is a copy of ours come back (a loop, a forward), neither a reply nor proof of a new send.
 */
export async function isOurMessageId(db: Database, workspaceId: string, messageId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from outreach_messages where workspace_id = ${workspaceId} and message_id = ${withoutNul(messageId)} limit 1`,
  );
  return rows.length > 0;
}

/**
 * Ties an inbound message to the outreach message it answers (docs/decisions/014-mailbox-health.md).
 * A bounce: by the returned original's Message-ID, then by the report's own References, then by its
 * recipient — never by In-Reply-To, and never by an address of one of the user's mailboxes. Anything
 * else: by In-Reply-To and References against our stored Message-IDs, and for clients that drop
 * those headers, by the sender's address and the thread subject. Only the user's sent messages
 * are considered.
 */
export async function matchInbound(
  db: Database,
  workspaceId: string,
  mail: ParsedMail,
  inbound: Inbound,
): Promise<Matched | null> {
  const bounce = inbound.kind === 'bounce';
  if (bounce && inbound.originalMessageId) {
    const original = await byMessageId(db, workspaceId, messageIds([inbound.originalMessageId]));
    if (original) return { ...original, via: 'original' };
  }
  const thread = await byMessageId(
    db,
    workspaceId,
    messageIds(bounce ? referencesOf(mail) : [mail.inReplyTo, ...referencesOf(mail)]),
  );
  if (thread) return { ...thread, via: 'thread' };

  const raw = bounce ? inbound.recipient : mail.from?.value[0]?.address;
  const address = raw ? withoutNul(raw).toLowerCase() : null;
  if (!address || (await ownAddresses(db, workspaceId)).has(address)) return null;
  const candidates = await queryRows<Row & { subject: string }>(
    db,
    sql`select ${columns}, first.subject
        from outreach_messages m
        join outreach_messages first on first.enrollment_id = m.enrollment_id and first.step_number = 1
        where m.workspace_id = ${workspaceId} and m.status = 'sent' and m.to_email = ${address}
        order by m.sent_at desc`,
  );
  const subject = baseSubject(mail.subject ?? '');
  const found = bounce ? candidates[0] : candidates.find((c) => baseSubject(c.subject) === subject);
  if (!found) return null;
  const { subject: _subject, ...row } = found;
  return { ...row, via: 'address' };
}
