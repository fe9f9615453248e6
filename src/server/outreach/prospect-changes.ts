import { eq, sql, type SQL } from 'drizzle-orm';
import type { ProspectStatus } from '../../shared/schemas/prospects';
import type { Database } from '../db/client';
import { prospects } from '../db/schema/prospects';
import { prospectEvents } from '../db/schema/prospect-history';
import { rememberProspect } from './domain-memory';
import { emit, type EventActor } from '../events/emit';
import { prospectRef } from '../events/prospect-ref';
import { placementForWonProspect } from '../placements/ledger';

type ProspectRow = typeof prospects.$inferSelect;

export interface ProspectChange {
  status?: ProspectStatus | SQL;
  lastContacted?: Date | null;
  /** Why the status changes, in the user's words, for the timeline ('Email sent', 'Replied'). */
  reason: string;
  /** When a message went to the prospect: its domain counts as contacted by its campaign then. */
  contactedAt?: Date;
  /** The member who made the change by hand: a status change is then also an activity entry. */
  actor?: EventActor;
}

/**
 * outcome_at as an UPDATE to `status` sets it (SET reads the row as it was): kept while the status
 * stays the same, now when it becomes success or failed, null otherwise.
 */
function outcomeAtAfter(status: ProspectStatus | SQL): SQL {
  const next = sql`(${status})::prospect_status`;
  return sql`case when ${prospects.status} = ${next} then ${prospects.outcomeAt}
    when ${next} in ('success', 'failed') then now() end`;
}

/**
 * The one way a prospect's status and last contact change (docs/decisions/011-replies-history-and-domain-memory.md): updates the prospect
 * matched by `where` (at most one row; locked first so the old status is known) and its outcome date
 * (outcomeAtAfter), records a
 * prospect_events row and reports the `prospect.status_changed` webhook event
 * (docs/product.md#webhooks) when the status really changed, opens the prospect's placement when it
 * became success (docs/decisions/034-clients-and-placements.md), and updates the domain memory. Run it
 * inside the caller's transaction.
 * @returns the updated prospect, or undefined when `where` matches none.
 */
export async function changeProspect(
  db: Database,
  where: SQL,
  { reason, contactedAt, actor, ...values }: ProspectChange,
): Promise<ProspectRow | undefined> {
  const [before] = await db
    .select({ id: prospects.id, status: prospects.status })
    .from(prospects)
    .where(where)
    .limit(1)
    .for('update');
  if (!before) return undefined;
  const [after] = await db
    .update(prospects)
    .set(values.status === undefined ? values : { ...values, outcomeAt: outcomeAtAfter(values.status) })
    .where(eq(prospects.id, before.id))
    .returning();
  const statusChanged = after!.status !== before.status;
  if (statusChanged) {
    await db.insert(prospectEvents).values({ prospectId: after!.id, status: after!.status, reason });
    await emit(db, {
      type: 'prospect.status_changed',
      workspaceId: after!.workspaceId,
      actor,
      campaignId: after!.campaignId,
      payload: async () => {
        const ref = await prospectRef(db, after!.id);
        return ref && { ...ref, from: before.status, to: after!.status, reason };
      },
    });
    if (after!.status === 'success') await placementForWonProspect(db, after!, actor ?? null);
  } else
    await emit(db, {
      type: 'prospect.changed',
      workspaceId: after!.workspaceId,
      payload: { prospectId: after!.id, campaignId: after!.campaignId },
    });
  await rememberProspect(db, after!, { contactedAt, statusChanged });
  return after;
}
