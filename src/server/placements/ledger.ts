import { and, desc, eq, isNull } from 'drizzle-orm';
import { normalizeWebsiteUrl, websiteHost } from '../../shared/urls';
import type { Actor } from '../auth/workspaces';
import type { Db } from '../db/client';
import { campaigns } from '../db/schema/campaigns';
import { liveLinks } from '../db/schema/live-links';
import { placements } from '../db/schema/placements';
import { prospects } from '../db/schema/prospects';
import { announcePlacement } from './events';
import { metricsOnGoingLive } from './metrics-at-live';

type PlacementRow = typeof placements.$inferSelect;
export type NewPlacement = Omit<typeof placements.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Today's date in UTC as YYYY-MM-DD. */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Writes a placement and announces it (`placement.created`, events.ts), with `db` — the transaction
 * of the change that made it. A placement of a prospect keeps the prospect's DA of that moment as
 * its authority at placement (reports show it; docs/decisions/039-client-reports.md); one created
 * live keeps its site's third-party metrics of that moment (metrics-at-live.ts).
 * @returns the stored row.
 */
export async function insertPlacement(
  db: Db,
  actor: Pick<Actor, 'userId' | 'apiKeyId'> | null,
  values: NewPlacement,
): Promise<PlacementRow> {
  let authorityAtPlacement = values.authorityAtPlacement ?? null;
  if (authorityAtPlacement === null && values.prospectId) {
    const [prospect] = await db
      .select({ daScore: prospects.daScore })
      .from(prospects)
      .where(eq(prospects.id, values.prospectId));
    authorityAtPlacement = prospect?.daScore ?? null;
  }
  const metricsAtLive =
    (await metricsOnGoingLive(db, values.workspaceId, values, todayUtc())) ?? values.metricsAtLive ?? null;
  const [row] = await db
    .insert(placements)
    .values({ ...values, authorityAtPlacement, metricsAtLive })
    .returning();
  await announcePlacement(db, actor, { type: 'placement.created', placement: row! });
  return row!;
}

/**
 * The placement of a prospect just marked Success (docs/decisions/034-clients-and-placements.md),
 * made once per prospect: linked to the prospect (and so its inbox thread), the campaign and its
 * client, and to the campaign's live link on the prospect's site when monitoring already knows one
 * (its page, target and anchor then fill the terms; otherwise the page is the prospect's site and the
 * target the campaign's website, for a person to complete). Date live: the live link's discovery, or
 * today. Nothing is written when the prospect already has a placement. `actor` is who marked the
 * prospect (null: the system, a reply).
 * @returns the new placement, or null when it had one.
 */
export async function placementForWonProspect(
  db: Db,
  prospect: Pick<typeof prospects.$inferSelect, 'id' | 'workspaceId' | 'campaignId' | 'website'>,
  actor: Pick<Actor, 'userId' | 'apiKeyId'> | null = null,
): Promise<PlacementRow | null> {
  const [existing] = await db
    .select({ id: placements.id })
    .from(placements)
    .where(eq(placements.prospectId, prospect.id));
  if (existing) return null;
  const [campaign] = await db
    .select({ websiteUrl: campaigns.websiteUrl, clientId: campaigns.clientId })
    .from(campaigns)
    .where(eq(campaigns.id, prospect.campaignId));
  const link = await liveLinkOnSite(db, prospect);
  return insertPlacement(db, actor, {
    workspaceId: prospect.workspaceId,
    source: 'prospect',
    clientId: campaign?.clientId ?? null,
    campaignId: prospect.campaignId,
    prospectId: prospect.id,
    liveLinkId: link?.id ?? null,
    pageUrl: link?.pageUrl ?? normalizeWebsiteUrl(prospect.website) ?? prospect.website,
    targetUrl: link?.url ?? campaign?.websiteUrl ?? '',
    anchorText: link?.anchorText ?? '',
    liveAt: link ? todayUtc(link.discoveredAt) : todayUtc(),
  });
}

/** The campaign's newest live link on the prospect's site that no placement claims yet, if any. */
async function liveLinkOnSite(
  db: Db,
  prospect: Pick<typeof prospects.$inferSelect, 'campaignId' | 'website'>,
) {
  const site = normalizeWebsiteUrl(prospect.website);
  if (!site) return undefined;
  const host = websiteHost(site);
  const links = await db
    .select({
      id: liveLinks.id,
      url: liveLinks.url,
      pageUrl: liveLinks.pageUrl,
      anchorText: liveLinks.anchorText,
      discoveredAt: liveLinks.discoveredAt,
    })
    .from(liveLinks)
    .leftJoin(placements, eq(placements.liveLinkId, liveLinks.id))
    .where(and(eq(liveLinks.campaignId, prospect.campaignId), isNull(placements.id)))
    .orderBy(desc(liveLinks.discoveredAt))
    .limit(100);
  return links.find((l) => websiteHost(l.pageUrl) === host);
}
