import type { PlacementFacts } from '../../shared/schemas/events/catalog';
import type { Db } from '../db/client';
import type { placements } from '../db/schema/placements';
import { emit, type EventActor } from '../events/emit';

type PlacementRow = typeof placements.$inferSelect;

/** A change of the ledger to announce: a placement created, or changed in the named fields. */
export type PlacementEvent =
  | { type: 'placement.created'; placement: PlacementRow }
  | { type: 'placement.changed'; placement: PlacementRow; changed: string[] };

function facts(p: PlacementRow): PlacementFacts {
  return {
    placementId: p.id,
    source: p.source,
    clientId: p.clientId,
    campaignId: p.campaignId,
    prospectId: p.prospectId,
    liveLinkId: p.liveLinkId,
    pageUrl: p.pageUrl,
    targetUrl: p.targetUrl,
    anchorText: p.anchorText,
    rel: p.rel,
    liveAt: p.liveAt,
    priceMinor: p.priceMinor,
    currency: p.currency,
    paymentStatus: p.paymentStatus,
    warrantyMonths: p.warrantyMonths,
  };
}

/**
 * Reports a change of the ledger through the event list (`placement.created`, `placement.changed`:
 * src/shared/schemas/events/catalog.ts, docs/decisions/028-one-event-list.md) with the row's terms
 * and money. Give it the transaction of the change. `actor` is null when the system made the change
 * (a prospect marked Success by a reply).
 */
export async function announcePlacement(db: Db, actor: EventActor, event: PlacementEvent): Promise<void> {
  const p = event.placement;
  if (event.type === 'placement.created')
    await emit(db, { type: event.type, workspaceId: p.workspaceId, actor, payload: facts(p) });
  else
    await emit(db, {
      type: event.type,
      workspaceId: p.workspaceId,
      actor,
      payload: { ...facts(p), changed: event.changed },
    });
}
