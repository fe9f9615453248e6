import { and, eq, sql } from 'drizzle-orm';
import { siteUrlFromInput } from '../../shared/url-normalize';
import { queryRows, type Database } from '../db/client';
import { campaigns } from '../db/schema/campaigns';
import { prospects } from '../db/schema/prospects';
import { CrawlStore } from '../discovery/crawl-store';
import type { Crawler } from '../discovery/crawler';
import { PageSource, RunBudget } from '../discovery/page-source';
import { crawlSite } from '../discovery/site-crawl';

/** The database's clock: crawl_pages.fetched_at is stamped with it, so "crawled since" compares with it. */
export async function databaseNow(db: Database): Promise<Date> {
  const [row] = await queryRows<{ now: Date | string }>(db, sql`select now() as now`);
  return new Date(row!.now);
}

/** Pages of a prospect's site read when looking for the link it gave (docs/decisions/012-link-monitoring.md). */
export const SITE_PAGES_FOR_LINKS = 25;

/**
 * Records every link to a campaign's site seen in pages crawled since `since` as a live link of
 * that campaign (docs/decisions/012-link-monitoring.md: "any crawl that sees a link to a campaign's domain also records
 * it"): one per campaign and page, skipping pages that already carry one of the campaign's live
 * links and pages of the campaign's own site. The new links are due for their first check at
 * once (the schedule picks them up; their status comes from that check). Returns their ids.
 */
export async function recordFoundLinks(db: Database, since: Date, campaignId?: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
      with sites as (
        select c.id, c.workspace_id,
               regexp_replace(lower(substring(c.website_url from '^https?://([^/:?#]+)')), '^www\\.', '') as domain
        from campaigns c
        ${campaignId ? sql`where c.id = ${campaignId}` : sql``}
      ),
      found as (
        select distinct on (s.id, p.url) s.id as campaign_id, s.workspace_id, l.to_url, l.anchor_text, p.url as page_url
        from crawl_pages p
        join crawl_links l on l.page_id = p.id
        join sites s on regexp_replace(l.to_host, '^www\\.', '') = s.domain
        where p.fetched_at >= ${since}
          and p.failure is null
          and regexp_replace(p.host, '^www\\.', '') <> s.domain
          and right(p.host, length(s.domain) + 1) <> '.' || s.domain
          and not exists (select 1 from live_links x where x.campaign_id = s.id and x.page_url = p.url)
        order by s.id, p.url, l.anchor_text = '', l.rel = '{}' desc, l.to_url
      )
      insert into live_links (campaign_id, workspace_id, url, anchor_text, page_url, next_check_at)
      select campaign_id, workspace_id, to_url, coalesce(nullif(anchor_text, ''), to_url), page_url, now()
      from found
      returning id`,
  );
  return rows.map((r) => r.id);
}

/**
 * Crawls the site of a prospect marked Success (up to SITE_PAGES_FOR_LINKS pages, fetched anew)
 * and records the links it finds to the campaign's site as live links (docs/decisions/012-link-monitoring.md). Returns the
 * new live links' ids; none when the prospect is gone or not a success.
 */
export async function findLinksOnProspectSite(
  deps: { db: Database; crawler: Crawler },
  prospectId: string,
): Promise<string[]> {
  const { db } = deps;
  const [prospect] = await db
    .select({ website: prospects.website, campaignId: prospects.campaignId })
    .from(prospects)
    .innerJoin(campaigns, eq(campaigns.id, prospects.campaignId))
    .where(and(eq(prospects.id, prospectId), eq(prospects.status, 'success')));
  if (!prospect) return [];
  const since = await databaseNow(db);
  const source = new PageSource(
    deps.crawler,
    new CrawlStore(db),
    new RunBudget(SITE_PAGES_FOR_LINKS, 5 * 60_000),
    {
      cacheMaxAgeMs: 0,
    },
  );
  await crawlSite(source, siteUrlFromInput(prospect.website) ?? prospect.website, SITE_PAGES_FOR_LINKS);
  await source.flush();
  return recordFoundLinks(db, since, prospect.campaignId);
}
