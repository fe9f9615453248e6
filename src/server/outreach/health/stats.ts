import { sql } from 'drizzle-orm';
import { withRates } from '../../../shared/mailbox-health';
import { HEALTH_WINDOW, type MailboxHealth } from '../../../shared/schemas/mail-health';
import { queryRows, type Database } from '../../db/client';

const DAY_MS = 86_400_000;

/** A mailbox's health figures and where its window starts. */
export interface MailboxHealthWindow {
  health: MailboxHealth;
  /** The earliest send instant the window may hold: 7 days ago, or the last resume if later. */
  since: Date;
}

interface Row {
  since: Date | string | null;
  sent: number;
  hard_bounces: number;
  soft_bounces: number;
  policy_blocks: number;
  unsubscribes: number;
  replies: number;
}

/**
 * A mailbox's health over its window (shared/schemas/mail-health.ts HEALTH_WINDOW): its last 200
 * messages sent within the 7 days before `now`, and only those sent after the user last resumed it
 * (email_accounts.health_since). Per sent message: a hard bounce, soft bounce or policy block
 * (inbound 'bounce' rows by bounce_type; delays are not counted), a reply, counted once per message;
 * unsubscribes count recipients who asked to be removed after the message — by an inbound
 * unsubscribe request or through the unsubscribe link (a suppression with reason 'unsubscribe'
 * created after it was sent) — once per address. One query: the window walks the
 * (email_account_id, sent_at) index backwards; inbound rows are found by prospect (indexed),
 * suppressions by (workspace_id, email) (unique index). A mailbox that does not exist has empty figures.
 */
export async function mailboxHealth(
  db: Database,
  mailboxId: string,
  now: Date,
): Promise<MailboxHealthWindow> {
  const weekAgo = new Date(now.getTime() - HEALTH_WINDOW.days * DAY_MS);
  const [row] = await queryRows<Row>(
    db,
    sql`with a as (
          -- greatest() skips a null health_since (never resumed).
          select id, workspace_id, greatest(${weekAgo.toISOString()}::timestamptz, health_since) as since
          from email_accounts where id = ${mailboxId}
        ),
        w as (
          select m.id, m.prospect_id, lower(m.to_email) as to_email, m.sent_at, a.workspace_id
          from outreach_messages m join a on m.email_account_id = a.id
          where m.sent_at >= a.since and m.sent_at <= ${now.toISOString()}
          order by m.sent_at desc
          limit ${HEALTH_WINDOW.sends}
        )
        select (select since from a) as since,
          count(w.id)::int as sent,
          (count(*) filter (where i.hard))::int as hard_bounces,
          (count(*) filter (where i.soft))::int as soft_bounces,
          (count(*) filter (where i.policy))::int as policy_blocks,
          (count(distinct w.to_email) filter (
            where i.unsubscribe or exists (
              select 1 from suppressions s
              where s.workspace_id = w.workspace_id and s.email = w.to_email
                and s.reason = 'unsubscribe' and s.created_at >= w.sent_at
            )
          ))::int as unsubscribes,
          (count(*) filter (where i.reply))::int as replies
        from w
        left join lateral (
          select coalesce(bool_or(kind = 'bounce' and bounce_type = 'hard'), false) as hard,
            coalesce(bool_or(kind = 'bounce' and bounce_type = 'soft'), false) as soft,
            coalesce(bool_or(kind = 'bounce' and bounce_type = 'policy'), false) as policy,
            coalesce(bool_or(kind = 'unsubscribe'), false) as unsubscribe,
            coalesce(bool_or(kind = 'reply'), false) as reply
          from inbound_messages
          where prospect_id = w.prospect_id and outreach_message_id = w.id
        ) i on true`,
  );
  const r = row!;
  return {
    since: r.since ? new Date(r.since) : weekAgo,
    health: withRates({
      sent: r.sent,
      hardBounces: r.hard_bounces,
      softBounces: r.soft_bounces,
      policyBlocks: r.policy_blocks,
      unsubscribes: r.unsubscribes,
      replies: r.replies,
    }),
  };
}
