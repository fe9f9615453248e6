import type { Actor } from '../auth/workspaces';
import type { Db } from '../db/client';
import type { placements } from '../db/schema/placements';
import { recordActivity } from '../activity/record';
import { publishEvent } from '../events/publish';
import { emitWebhookEvent } from '../webhooks/emit';
import type { PlacementEventData } from '../webhooks/event-data';

type PlacementRow = typeof placements.$inferSelect;

/** A change of the ledger to announce: a placement created, or changed in the named fields. */
export type PlacementEvent =
  | { type: 'placement.created'; placement: PlacementRow }
  | { type: 'placement.changed'; placement: PlacementRow; changed: string[] };

function eventData(p: PlacementRow): PlacementEventData {
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
 * The one place the ledger announces its changes (docs/decisions/034-clients-and-placements.md):
 * an activity entry, the `placement.created` / `placement.changed` webhook event and the
 * `placements.changed` live event, all written with `db` — give it the transaction of the change.
 * Kept to this one function so that it can move onto the workspace's single domain-event list in
 * one place. `actor` is null when the system made the change (a prospect marked Success by a reply).
 */
export async function announcePlacement(
  db: Db,
  actor: Pick<Actor, 'userId' | 'apiKeyId'> | null,
  event: PlacementEvent,
): Promise<void> {
  const p = event.placement;
  const data = eventData(p);
  await recordActivity(db, {
    workspaceId: p.workspaceId,
    actor,
    kind: event.type,
    campaignId: p.campaignId,
    subject: p.pageUrl,
    ...(event.type === 'placement.changed' ? { details: { fields: event.changed.join(', ') } } : {}),
  });
  if (event.type === 'placement.created') await emitWebhookEvent(db, p.workspaceId, event.type, data);
  else await emitWebhookEvent(db, p.workspaceId, event.type, { ...data, changed: event.changed });
  await publishEvent(db, { workspaceId: p.workspaceId, type: 'placements.changed' });
}
