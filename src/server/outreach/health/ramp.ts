import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';

const HOUR_MS = 3_600_000;
/**
 * Least time between two raises of one mailbox: a day less an hour of slack, so the daily job
 * raises each mailbox once a day even when it runs a little early, and never twice when pg-boss
 * delivers it again.
 */
const RAISE_EVERY_MS = 23 * HOUR_MS;
/** The stretch of recent sending a raise looks back on for trouble. */
const LOOK_BACK_MS = 24 * HOUR_MS;

/**
 * The daily limit a newly connected mailbox starts its warm-up with: `start` (MAILBOX_RAMP_START),
 * or null — no ramp — when its daily limit is not above that anyway.
 */
export function initialRampLimit(dailyLimit: number, start: number): number | null {
  return start < dailyLimit ? start : null;
}

/**
 * Raises the ramp limit of every warming-up mailbox by `step` (MAILBOX_RAMP_STEP) when its last day
 * had no trouble: connected (not paused, not in error), no hard bounce or policy block on its
 * messages received in the 24 hours before `now`, and its last raise (or its connection) at least
 * 23 hours ago. A limit that reaches the daily limit ends the ramp (null). One conditional update,
 * so running it twice in a day changes nothing the second time.
 * @returns the mailboxes raised, with their new ramp limit (null = ramp over).
 */
export async function raiseRampLimits(
  db: Database,
  now: Date,
  step: number,
): Promise<{ id: string; rampLimit: number | null }[]> {
  const rows = await queryRows<{ id: string; ramp_limit: number | null }>(
    db,
    sql`update email_accounts a
        set ramp_limit = case when a.ramp_limit + ${step} >= a.daily_limit then null
                              else a.ramp_limit + ${step} end,
            ramp_updated_at = ${now.toISOString()}
        where a.ramp_limit is not null and a.status = 'connected'
          and (a.ramp_updated_at is null
               or a.ramp_updated_at <= ${new Date(now.getTime() - RAISE_EVERY_MS).toISOString()})
          and not exists (
            select 1 from outreach_messages m
            join inbound_messages i on i.prospect_id = m.prospect_id and i.outreach_message_id = m.id
            -- Bounces answer recent messages; the bound keeps this on the (email_account_id, sent_at) index.
            where m.email_account_id = a.id
              and m.sent_at >= ${new Date(now.getTime() - 7 * LOOK_BACK_MS).toISOString()}
              and i.kind = 'bounce' and i.bounce_type in ('hard', 'policy')
              and i.received_at >= ${new Date(now.getTime() - LOOK_BACK_MS).toISOString()}
          )
        returning a.id, a.ramp_limit`,
  );
  return rows.map((r) => ({ id: r.id, rampLimit: r.ramp_limit }));
}
