import { and, desc, eq, sql, type Placeholder } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config';
import {
  liveLinkMessages,
  type LinkCheckPage,
  type LiveLink,
  type LiveLinkPage,
  type LiveLinkSummary,
  type createLiveLinkSchema,
  type linkCheckReasons,
  type liveLinkListQuerySchema,
} from '../../../shared/schemas/live-links';
import type { Database } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { liveLinkChecks, liveLinks } from '../../db/schema/live-links';
import { queryRows } from '../../db/client';
import { iso, isoText, orderByIndexed, pageOffset } from '../../db/sql-helpers';
import { countWhere, listPage, pageAndTotal, pageOf } from '../../db/list-page';
import { AppError } from '../../http/errors';
import { findOwnedCampaign } from '../../campaigns/find';
import { campaignOfClient } from '../../db/client-filter';
import { liveLinkCheckQueue, sendJob, type JobSender } from '../../jobs/definitions';
import { checkLiveLink, linkCheckCrawler } from '../../monitoring/check';
import { CHECK_LEASE_MS } from '../../monitoring/schedule';
import { AddressPolicy } from '../../net/ssrf-guard';

type Reason = (typeof linkCheckReasons)[number];

const columns = {
  id: liveLinks.id,
  campaignId: liveLinks.campaignId,
  campaignName: campaigns.name,
  url: liveLinks.url,
  anchorText: liveLinks.anchorText,
  pageUrl: liveLinks.pageUrl,
  status: liveLinks.status,
  discoveredAt: liveLinks.discoveredAt,
  lastCheckedAt: liveLinks.lastCheckedAt,
  rel: liveLinks.rel,
  foundAnchorText: liveLinks.foundAnchorText,
  reasons: liveLinks.reasons,
};

type Row = Omit<LiveLink, 'discoveredAt' | 'lastCheckedAt' | 'reasons'> & {
  discoveredAt: Date;
  lastCheckedAt: Date | null;
  reasons: string[];
};

const toLiveLink = (r: Row): LiveLink => ({
  ...r,
  discoveredAt: iso(r.discoveredAt),
  lastCheckedAt: iso(r.lastCheckedAt),
  reasons: r.reasons as Reason[],
});

const notFound = () => AppError.notFound('Live link not found');

/** A live link with its campaign name as a raw query returns it (snake_case, timestamps as text). */
interface RawLiveLink {
  id: string;
  campaign_id: string;
  name: string;
  url: string;
  anchor_text: string;
  page_url: string;
  status: LiveLink['status'];
  discovered_at: string | Date;
  last_checked_at: string | Date | null;
  rel: string[];
  found_anchor_text: string | null;
  reasons: string[];
}

/**
 * One page of the user's live links with campaign names, newest discovery first, by
 * status and client (its campaigns', or `none`), and how many there are, in one statement (pageAndTotal).
 */
export async function listLiveLinks(
  db: Database,
  workspaceId: string,
  query: z.output<typeof liveLinkListQuerySchema>,
): Promise<LiveLinkPage> {
  const statement = (
    user: Placeholder | string,
    limit: Placeholder | number,
    offset: Placeholder | number,
  ) => {
    const where = and(
      eq(liveLinks.workspaceId, user),
      query.status === 'all' ? undefined : eq(liveLinks.status, query.status),
      query.clientId ? campaignOfClient(liveLinks.campaignId, user, query.clientId) : undefined,
    );
    return {
      page: db
        .select(columns)
        .from(liveLinks)
        .innerJoin(campaigns, eq(campaigns.id, liveLinks.campaignId))
        .where(where)
        .orderBy(orderByIndexed(liveLinks.discoveredAt, query.order), desc(liveLinks.id))
        .limit(limit)
        .offset(offset),
      counted: db
        .select({ one: sql`1` })
        .from(liveLinks)
        .where(where),
      order:
        query.order === 'asc'
          ? sql`page.discovered_at asc nulls first, page.id desc`
          : sql`page.discovered_at desc nulls last, page.id desc`,
    };
  };
  const offset = pageOffset(query.page, query.pageSize);
  // All statuses: prepared. A status or client filter stays unprepared, its best plan depends on how
  // rare it is.
  const { rows, total } = await pageAndTotal<RawLiveLink>(
    db,
    query.status === 'all' && !query.clientId
      ? {
          shape: `live-links:${query.order}`,
          build: () =>
            statement(sql.placeholder('workspaceId'), sql.placeholder('limit'), sql.placeholder('offset')),
          values: { workspaceId, limit: query.pageSize, offset },
        }
      : statement(workspaceId, query.pageSize, offset),
  );
  return pageOf(
    rows.map((r) => ({
      id: r.id,
      campaignId: r.campaign_id,
      campaignName: r.name,
      url: r.url,
      anchorText: r.anchor_text,
      pageUrl: r.page_url,
      status: r.status,
      discoveredAt: isoText(r.discovered_at),
      lastCheckedAt: isoText(r.last_checked_at),
      rel: r.rel,
      foundAnchorText: r.found_anchor_text,
      reasons: r.reasons as Reason[],
    })),
    total,
    query,
  );
}

/** One of the user's live links. @throws AppError NOT_FOUND when it is not theirs. */
export async function findLiveLink(db: Database, workspaceId: string, id: string): Promise<LiveLink> {
  const [row] = await db
    .select(columns)
    .from(liveLinks)
    .innerJoin(campaigns, eq(campaigns.id, liveLinks.campaignId))
    .where(and(eq(liveLinks.id, id), eq(liveLinks.workspaceId, workspaceId)));
  if (!row) throw notFound();
  return toLiveLink(row);
}

/**
 * Adds a live link to one of the user's campaigns (docs/product.md#api) and queues its first check
 * (docs/decisions/012-link-monitoring.md); until that check runs the link shows as active and "not checked yet".
 * The page is checked by the crawler's SSRF guard now as on every check (CRAWL_ALLOW_PRIVATE lets
 * listed addresses through), so a page on this machine or a private network is never stored.
 * @throws AppError NOT_FOUND when the campaign is not the user's; VALIDATION_ERROR on `pageUrl`
 *   when the guard refuses it.
 */
export async function createLiveLink(
  deps: { db: Database; queue: JobSender; config: Pick<Config, 'CRAWL_ALLOW_PRIVATE'> },
  workspaceId: string,
  input: z.output<typeof createLiveLinkSchema>,
): Promise<LiveLink> {
  const campaign = await findOwnedCampaign(deps.db, workspaceId, input.campaignId);
  const guard = new AddressPolicy(deps.config.CRAWL_ALLOW_PRIVATE);
  if (await guard.refusedHost(new URL(input.pageUrl).hostname))
    throw AppError.invalidField('pageUrl', liveLinkMessages.pageUrlPrivate);
  const [row] = await deps.db
    .insert(liveLinks)
    // The schedule leaves it alone while the first check is queued (and picks it up should that check be lost).
    .values({ ...input, workspaceId, nextCheckAt: new Date(Date.now() + CHECK_LEASE_MS) })
    .returning();
  await sendJob(
    deps.queue,
    liveLinkCheckQueue,
    { liveLinkId: row!.id, queuedAt: new Date().toISOString() },
    { singletonKey: row!.id, retryLimit: 1, group: { id: workspaceId } },
  );
  return toLiveLink({ ...row!, campaignName: campaign.name });
}

/**
 * Checks one of the user's live links now ("Check now", docs/decisions/012-link-monitoring.md), within the request: the
 * crawler's time limits bound it. Returns the link as updated.
 * @throws AppError NOT_FOUND when the link is not the user's.
 */
export async function checkLiveLinkNow(
  deps: { db: Database; config: Config },
  workspaceId: string,
  id: string,
): Promise<LiveLink> {
  await findLiveLink(deps.db, workspaceId, id);
  await checkLiveLink({ ...deps, crawler: linkCheckCrawler(deps.config) }, id);
  return findLiveLink(deps.db, workspaceId, id);
}

/** One page of a live link's checks, newest first. @throws AppError NOT_FOUND when not the user's. */
export async function listLinkChecks(
  db: Database,
  workspaceId: string,
  id: string,
  query: { page: number; pageSize: number },
): Promise<LinkCheckPage> {
  await findLiveLink(db, workspaceId, id);
  const where = eq(liveLinkChecks.liveLinkId, id);
  return listPage(
    db
      .select()
      .from(liveLinkChecks)
      .where(where)
      .orderBy(desc(liveLinkChecks.checkedAt), desc(liveLinkChecks.id))
      .limit(query.pageSize)
      .offset(pageOffset(query.page, query.pageSize)),
    countWhere(db, liveLinkChecks, where),
    query,
    (r) => ({
      id: r.id,
      checkedAt: iso(r.checkedAt),
      status: r.status,
      reasons: r.reasons as Reason[],
      httpStatus: r.httpStatus,
      finalUrl: r.finalUrl,
      anchorText: r.anchorText,
      rel: r.rel,
      detail: r.detail,
    }),
  );
}

/**
 * The counts at the top of the Live Links screen (new in the last 7 days, active, lost,
 * suspicious) and the number of active links at the end of each of the last 30 UTC days, read
 * from the check history (a link counts on a day when its latest check by then found it active).
 */
export async function liveLinkSummary(db: Database, workspaceId: string): Promise<LiveLinkSummary> {
  const [[counts], days] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*)::int`,
        newLast7Days: sql<number>`(count(*) filter (where ${liveLinks.discoveredAt} >= now() - interval '7 days'))::int`,
        active: sql<number>`(count(*) filter (where ${liveLinks.status} = 'active'))::int`,
        lost: sql<number>`(count(*) filter (where ${liveLinks.status} = 'lost'))::int`,
        suspicious: sql<number>`(count(*) filter (where ${liveLinks.status} = 'suspicious'))::int`,
      })
      .from(liveLinks)
      .where(eq(liveLinks.workspaceId, workspaceId)),
    queryRows<{ day: string; active: number }>(
      db,
      sql`
        select to_char(d.day at time zone 'UTC', 'YYYY-MM-DD') as day,
               (select count(*)::int from live_links l
                 where l.workspace_id = ${workspaceId}
                   and (select c.status from live_link_checks c
                         where c.live_link_id = l.id and c.checked_at < d.day + interval '1 day'
                         order by c.checked_at desc limit 1) = 'active') as active
        from generate_series(date_trunc('day', now(), 'UTC') - interval '29 days',
                             date_trunc('day', now(), 'UTC'), interval '1 day') as d(day)
        order by d.day`,
    ),
  ]);
  return {
    total: counts?.total ?? 0,
    newLast7Days: counts?.newLast7Days ?? 0,
    active: counts?.active ?? 0,
    lost: counts?.lost ?? 0,
    suspicious: counts?.suspicious ?? 0,
    activeOverTime: days.map((d) => ({ day: d.day, active: Number(d.active) })),
  };
}

/** Deletes one of the user's live links; another user's id answers 404. */
export async function deleteLiveLink(db: Database, workspaceId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(liveLinks)
    .where(and(eq(liveLinks.id, id), eq(liveLinks.workspaceId, workspaceId)))
    .returning({ id: liveLinks.id });
  if (deleted.length === 0) throw notFound();
}
