import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  LiveLink,
  LiveLinkPage,
  createLiveLinkSchema,
  liveLinkListQuerySchema,
} from '../../../shared/schemas/live-links';
import type { Database } from '../../db/client';
import { campaigns, liveLinks } from '../../db/schema/campaigns';
import { iso, orderByIndexed, pageOffset } from '../../db/sql-helpers';
import { AppError } from '../../http/errors';
import { findOwnedCampaign } from '../campaigns/service';

const columns = {
  id: liveLinks.id,
  campaignId: liveLinks.campaignId,
  campaignName: campaigns.name,
  url: liveLinks.url,
  anchorText: liveLinks.anchorText,
  pageUrl: liveLinks.pageUrl,
  status: liveLinks.status,
  discoveredAt: liveLinks.discoveredAt,
};

/** One page of the user's live links with campaign names, newest discovery first (spec §7). */
export async function listLiveLinks(
  db: Database,
  userId: string,
  query: z.output<typeof liveLinkListQuerySchema>,
): Promise<LiveLinkPage> {
  const where = eq(liveLinks.userId, userId);
  const [rows, [count]] = await Promise.all([
    db
      .select(columns)
      .from(liveLinks)
      .innerJoin(campaigns, eq(campaigns.id, liveLinks.campaignId))
      .where(where)
      .orderBy(orderByIndexed(liveLinks.discoveredAt, query.order), desc(liveLinks.id))
      .limit(query.pageSize)
      .offset(pageOffset(query.page, query.pageSize)),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(liveLinks)
      .where(where),
  ]);
  return {
    items: rows.map((r) => ({ ...r, discoveredAt: iso(r.discoveredAt) })),
    total: count?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * Adds a live link to one of the user's campaigns (spec §7).
 * @throws AppError NOT_FOUND when the campaign is not the user's.
 */
export async function createLiveLink(
  db: Database,
  userId: string,
  input: z.output<typeof createLiveLinkSchema>,
): Promise<LiveLink> {
  const campaign = await findOwnedCampaign(db, userId, input.campaignId);
  const [row] = await db
    .insert(liveLinks)
    .values({ ...input, userId })
    .returning();
  return {
    id: row!.id,
    campaignId: row!.campaignId,
    campaignName: campaign.name,
    url: row!.url,
    anchorText: row!.anchorText,
    pageUrl: row!.pageUrl,
    status: row!.status,
    discoveredAt: iso(row!.discoveredAt),
  };
}

/** Deletes one of the user's live links; another user's id answers 404. */
export async function deleteLiveLink(db: Database, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(liveLinks)
    .where(and(eq(liveLinks.id, id), eq(liveLinks.userId, userId)))
    .returning({ id: liveLinks.id });
  if (deleted.length === 0) throw AppError.notFound('Live link not found');
}
