import { and, eq } from 'drizzle-orm';
import type { CampaignStatus } from '../../shared/schemas/campaigns';
import type { Db } from '../db/client';
import { campaigns } from '../db/schema/campaigns';
import { emit, type EventActor } from '../events/emit';

type CampaignRow = typeof campaigns.$inferSelect;

/**
 * The one way a campaign's status changes (docs/product.md#states; the row's counters change in
 * ./counters.ts): moves the workspace's campaign from `from` to `to` — only if it is still in
 * `from`, so of two racing moves one applies — and emits `campaign.status_changed` (activity entry,
 * webhook) in `db`, the caller's transaction. Whether the move is allowed (canChangeStatus) is the
 * caller's rule.
 * @returns the updated row, or undefined when the campaign is not in `from` (or not the workspace's).
 */
export async function moveCampaignStatus(
  db: Db,
  change: {
    workspaceId: string;
    campaignId: string;
    from: CampaignStatus;
    to: CampaignStatus;
    actor: EventActor;
  },
): Promise<CampaignRow | undefined> {
  const { workspaceId, campaignId, from, to } = change;
  const [row] = await db
    .update(campaigns)
    .set({ status: to })
    .where(
      and(eq(campaigns.id, campaignId), eq(campaigns.workspaceId, workspaceId), eq(campaigns.status, from)),
    )
    .returning();
  if (row && from !== to)
    await emit(db, {
      type: 'campaign.status_changed',
      workspaceId,
      actor: change.actor,
      payload: { campaignId, name: row.name, from, to },
    });
  return row;
}
