import { sql, type SQL } from 'drizzle-orm';
import type { InboxPage, InboxQuery, InboxThreadSummary } from '../../../shared/schemas/inbox';
import { queryRows, type Db } from '../../db/client';
import { containsPattern, isoText } from '../../db/sql-helpers';
import { AppError } from '../../http/errors';

/** Conversations per page of the inbox. */
export const INBOX_PAGE_SIZE = 30;

/** The cursor after which the next page starts: the last row's time and id, base64url. */
function encodeCursor(lastMessageAt: string, id: string): string {
  return Buffer.from(`${lastMessageAt}|${id}`).toString('base64url');
}

function decodeCursor(cursor: string): { at: string; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!at || !id || Number.isNaN(new Date(at).getTime()) || !/^[0-9a-f-]{36}$/i.test(id))
    throw AppError.invalidField('cursor', 'The page cursor is not valid.');
  return { at, id };
}

/**
 * A thread is unread for a member while its newest message that counts is newer than their last
 * opening: the newest human reply, or — for a conversation of automatic mail only — the newest message.
 */
const unreadSql = sql`coalesce(r.read_at, '-infinity'::timestamptz) < coalesce(t.last_reply_at, t.last_inbound_at)`;

/** The columns of a thread summary; the query names the thread `t`, its reads `r` and latest message `m`. */
const summaryColumns = sql`
  t.id, t.prospect_id, p.website, p.contact_name, p.contact_email, p.campaign_id, c.name as campaign_name,
  t.email_account_id, ea.email as mailbox_email, m.subject, left(m.text, 200) as snippet, m.kind as last_kind,
  t.last_message_at, ${unreadSql} as unread, t.needs_answer, l.id as label_id, l.name as label_name,
  l.outcome as label_outcome, u.id as assignee_id, u.name as assignee_name, t.remind_at`;

/** The joins of a thread summary for `userId`'s read state. */
const summaryJoins = (userId: string) => sql`
  from inbox_threads t
  join prospects p on p.id = t.prospect_id
  join campaigns c on c.id = p.campaign_id
  left join email_accounts ea on ea.id = t.email_account_id
  left join inbox_labels l on l.id = t.label_id
  left join users u on u.id = t.assignee_id
  left join inbox_reads r on r.thread_id = t.id and r.user_id = ${userId}
  left join lateral (
    select i.subject, i.text, i.kind from inbound_messages i
    where i.prospect_id = t.prospect_id
    order by (i.kind = 'reply') desc, i.received_at desc limit 1
  ) m on true`;

interface SummaryRow extends Record<string, unknown> {
  id: string;
  prospect_id: string;
  website: string;
  contact_name: string | null;
  contact_email: string | null;
  campaign_id: string;
  campaign_name: string;
  email_account_id: string | null;
  mailbox_email: string | null;
  subject: string | null;
  snippet: string | null;
  last_kind: InboxThreadSummary['lastKind'] | null;
  last_message_at: string | Date;
  unread: boolean;
  needs_answer: boolean;
  label_id: string | null;
  label_name: string | null;
  label_outcome: 'responded' | 'success' | 'failed' | null;
  assignee_id: string | null;
  assignee_name: string | null;
  remind_at: string | Date | null;
}

function toSummary(r: SummaryRow): InboxThreadSummary {
  return {
    id: r.id,
    prospectId: r.prospect_id,
    website: r.website,
    contactName: r.contact_name,
    contactEmail: r.contact_email,
    campaignId: r.campaign_id,
    campaignName: r.campaign_name,
    mailboxId: r.email_account_id,
    mailboxEmail: r.mailbox_email,
    subject: r.subject ?? '',
    snippet: (r.snippet ?? '').replace(/\s+/g, ' ').trim(),
    lastKind: r.last_kind ?? 'reply',
    lastMessageAt: isoText(r.last_message_at),
    unread: r.unread,
    needsAnswer: r.needs_answer,
    label: r.label_id ? { id: r.label_id, name: r.label_name!, outcome: r.label_outcome } : null,
    assignee: r.assignee_id ? { id: r.assignee_id, name: r.assignee_name! } : null,
    remindAt: isoText(r.remind_at),
  };
}

/**
 * One page of the workspace's conversations for member `userId`, newest first
 * (docs/product.md#inbox): a view (all, unread, needs answer, reminders due at `now`), filters by
 * label, campaign, mailbox and assignee, and a search over the prospect (site, contact) and their
 * messages (sender, subject, text). Conversations with only automatic mail (auto-replies,
 * bounces) are left out unless `automatic`. Keyset-paginated on (last_message_at, id).
 * @throws AppError VALIDATION_ERROR for a malformed cursor.
 */
export async function listThreads(
  db: Db,
  workspaceId: string,
  userId: string,
  query: InboxQuery,
  now: Date,
): Promise<InboxPage> {
  const where: SQL[] = [sql`t.workspace_id = ${workspaceId}`];
  if (!query.automatic) where.push(sql`t.last_reply_at is not null`);
  if (query.view === 'unread') where.push(unreadSql);
  if (query.view === 'needs_answer') where.push(sql`t.needs_answer`);
  if (query.view === 'reminders') where.push(sql`t.remind_at <= ${now.toISOString()}::timestamptz`);
  if (query.labelId) where.push(sql`t.label_id = ${query.labelId}`);
  if (query.campaignId) where.push(sql`p.campaign_id = ${query.campaignId}`);
  if (query.mailboxId) where.push(sql`t.email_account_id = ${query.mailboxId}`);
  if (query.assignee === 'none') where.push(sql`t.assignee_id is null`);
  else if (query.assignee)
    where.push(sql`t.assignee_id = ${query.assignee === 'me' ? userId : query.assignee}`);
  if (query.search) {
    const pattern = containsPattern(query.search);
    where.push(sql`(p.website ilike ${pattern} or p.contact_email ilike ${pattern} or p.contact_name ilike ${pattern}
      or exists (select 1 from inbound_messages s where s.prospect_id = t.prospect_id
        and (s.from_email ilike ${pattern} or s.subject ilike ${pattern} or s.text ilike ${pattern})))`);
  }
  if (query.cursor) {
    const after = decodeCursor(query.cursor);
    where.push(sql`(t.last_message_at, t.id) < (${after.at}::timestamptz, ${after.id}::uuid)`);
  }
  const found = await queryRows<SummaryRow>(
    db,
    sql`select ${summaryColumns} ${summaryJoins(userId)}
      where ${sql.join(where, sql` and `)}
      order by t.last_message_at desc, t.id desc
      limit ${INBOX_PAGE_SIZE + 1}`,
  );
  const rows = found.slice(0, INBOX_PAGE_SIZE).map(toSummary);
  const last = rows.at(-1);
  return {
    items: rows,
    nextCursor: found.length > INBOX_PAGE_SIZE && last ? encodeCursor(last.lastMessageAt, last.id) : null,
  };
}

/** One conversation's summary for member `userId`, or null when the workspace has no such thread. */
export async function threadSummary(
  db: Db,
  workspaceId: string,
  userId: string,
  threadId: string,
): Promise<InboxThreadSummary | null> {
  const [row] = await queryRows<SummaryRow>(
    db,
    sql`select ${summaryColumns} ${summaryJoins(userId)}
      where t.id = ${threadId} and t.workspace_id = ${workspaceId}`,
  );
  return row ? toSummary(row) : null;
}

/** How many conversations with a human reply member `userId` has not opened since it arrived. */
export async function unreadCount(db: Db, workspaceId: string, userId: string): Promise<number> {
  const [row] = await queryRows<{ unread: number }>(
    db,
    sql`select count(*)::int as unread from inbox_threads t
      left join inbox_reads r on r.thread_id = t.id and r.user_id = ${userId}
      where t.workspace_id = ${workspaceId} and t.last_reply_at is not null and ${unreadSql}`,
  );
  return row?.unread ?? 0;
}
