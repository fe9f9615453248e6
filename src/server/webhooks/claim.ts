import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client';
import { isoText } from '../db/sql-helpers';

/** A delivery claimed for one attempt. `attempts` counts this one. */
export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  workspaceId: string;
  eventId: string;
  eventType: string;
  payload: Record<string, unknown>;
  attempts: number;
  createdAt: Date;
  /** The id of the request whose change queued the event, for the attempt's log line. */
  requestId: string | null;
}

/** The advisory lock that makes claims take turns (any constant of ours). */
const CLAIM_LOCK_KEY = 7_411_902_035;
/** Due rows looked at per claim, before one per endpoint is kept. */
const SCAN_ROWS = 200;
/**
 * Claims one delivery may have. The back-off (backoff.ts) makes at most 9 attempts in its 24 hours;
 * a row claimed this often had attempts whose outcome was never recorded (the worker died, or the
 * database refused the record, which is also where the 24-hour limit is applied), so it is set
 * aside as failed instead of being tried forever.
 */
export const WEBHOOK_MAX_CLAIMS = 20;
/** The reason a delivery set aside after WEBHOOK_MAX_CLAIMS shows in its log. */
export const UNRECORDED_ATTEMPTS_REASON = `Given up: ${WEBHOOK_MAX_CLAIMS} attempts whose outcome could not be recorded`;

interface Row {
  id: string;
  endpoint_id: string;
  workspace_id: string;
  event_id: string;
  event_type: string;
  payload: Record<string, unknown>;
  attempts: number;
  created_at: string | Date;
  request_id: string | null;
}

/**
 * Claims up to `limit` due deliveries for an attempt each, at most one per endpoint, skipping
 * endpoints with an attempt in flight anywhere (docs/decisions/025-public-api-and-webhooks.md): so a
 * slow receiver holds only its own deliveries. A claim counts the attempt, stamps its start
 * (`last_attempt_at` = `now`), clears `duration_ms` — a pending delivery with a start and no duration
 * is in flight — and moves `next_attempt_at` to the end of a lease of `leaseMs`, after which a
 * claim whose worker died is taken again. Rows are locked `FOR UPDATE SKIP LOCKED` and claims take
 * turns on an advisory lock, so two workers never claim the same row nor two rows of one endpoint.
 * Due rows already claimed WEBHOOK_MAX_CLAIMS times are failed with UNRECORDED_ATTEMPTS_REASON first.
 * Short: the attempts themselves run after the claim's transaction has committed.
 */
export async function claimDueDeliveries(
  db: Database,
  now: Date,
  limit: number,
  leaseMs: number,
): Promise<ClaimedDelivery[]> {
  if (limit <= 0) return [];
  const at = now.toISOString();
  const leaseEnd = new Date(now.getTime() + leaseMs).toISOString();
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK_KEY}::bigint)`);
    await tx.execute(
      sql`update webhook_deliveries set status = 'failed', next_attempt_at = null,
            response_status = null, response_body = ${UNRECORDED_ATTEMPTS_REASON}
          where status = 'pending' and next_attempt_at <= ${at}::timestamptz
            and attempts >= ${WEBHOOK_MAX_CLAIMS}`,
    );
    return queryRows<Row>(
      tx,
      sql`with busy as (
          select distinct endpoint_id from webhook_deliveries
          where status = 'pending' and next_attempt_at > ${at}::timestamptz
            and last_attempt_at is not null and duration_ms is null
        ), due as (
          select d.id, d.endpoint_id, d.next_attempt_at from webhook_deliveries d
          join webhook_endpoints e on e.id = d.endpoint_id and e.disabled_at is null
          where d.status = 'pending' and d.next_attempt_at <= ${at}::timestamptz
            and d.endpoint_id not in (select endpoint_id from busy)
          order by d.next_attempt_at
          limit ${SCAN_ROWS}
          for update of d skip locked
        ), picked as (
          select distinct on (endpoint_id) id, next_attempt_at from due
          order by endpoint_id, next_attempt_at, id
        )
        update webhook_deliveries d
        set attempts = d.attempts + 1, last_attempt_at = ${at}::timestamptz,
          next_attempt_at = ${leaseEnd}::timestamptz, duration_ms = null
        from (select id from picked order by next_attempt_at limit ${limit}) p
        where d.id = p.id
        returning d.id, d.endpoint_id, d.workspace_id, d.event_id, d.event_type, d.payload, d.attempts, d.created_at, d.request_id`,
    );
  });
  return rows.map((r) => ({
    id: r.id,
    endpointId: r.endpoint_id,
    workspaceId: r.workspace_id,
    eventId: r.event_id,
    eventType: r.event_type,
    payload: r.payload,
    attempts: r.attempts,
    createdAt: new Date(isoText(r.created_at)),
    requestId: r.request_id,
  }));
}
