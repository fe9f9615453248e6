import { param, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  CompetitorGapItem,
  CompetitorGapPage,
  addGapProspectsSchema,
  competitorGapQuerySchema,
} from '../../../shared/schemas/competitor-gap';
import { siteDomain } from '../../../shared/url-normalize';
import { queryRows, type Database } from '../../db/client';
import { pageOf } from '../../db/list-page';
import { prospects } from '../../db/schema/prospects';
import { pageOffset } from '../../db/sql-helpers';
import { findOwnedCampaign } from '../../campaigns/find';
import { recountProspectCounters } from '../../campaigns/counters';

const textArray = (values: readonly string[]) => sql`${param([...values])}::text[]`;
/** A domain and its www. host: the stored link graph keys hosts, the gap speaks of domains. */
const hostsOf = (domains: readonly string[]) => domains.flatMap((d) => [d, `www.${d}`]);

interface GapRow {
  domain: string;
  competitors: string[];
  page_url: string;
  da_score: number | null;
  is_prospect: boolean;
  total: number;
}

/**
 * The ranked competitor gap of a campaign (docs/decisions/012-link-monitoring.md) from the stored link graph (crawl_links):
 * domains with a page linking to at least one of the campaign's competitors and none linking to
 * the campaign's site, most competitors linked first, then by DA score (crawl_hosts), then by
 * name. `only` narrows it to the given domains. The competitors and the campaign's site, and
 * their subdomains, are left out (a blog.example.com is no prospect of example.com).
 */
async function gapRows(
  db: Database,
  campaign: { id: string; websiteUrl: string; competitors: string[] },
  window: { limit: number; offset: number },
  only?: readonly string[],
): Promise<{ rows: GapRow[]; competitorDomains: string[] }> {
  const competitorDomains = [...new Set(campaign.competitors.map((c) => siteDomain(c)))];
  if (!competitorDomains.length) return { rows: [], competitorDomains };
  const own = siteDomain(campaign.websiteUrl);
  const rows = await queryRows<GapRow>(
    db,
    sql`
      with edges as (
        select regexp_replace(l.from_host, '^www\\.', '') as domain,
               regexp_replace(l.to_host, '^www\\.', '') as competitor, p.url as page_url
        from crawl_links l join crawl_pages p on p.id = l.page_id
        where l.to_host = any(${textArray(hostsOf(competitorDomains))})
      ),
      gap as (
        select e.domain, array_agg(distinct e.competitor) as competitors, min(e.page_url) as page_url
        from edges e
        where not exists (select 1 from unnest(${textArray([own, ...competitorDomains])}) as x(d)
                           where e.domain = x.d or right(e.domain, length(x.d) + 1) = '.' || x.d)
          and not exists (select 1 from crawl_links m
                           where m.from_host in (e.domain, 'www.' || e.domain)
                             and m.to_host = any(${textArray(hostsOf([own]))}))
          ${only ? sql`and e.domain = any(${textArray(only)})` : sql``}
        group by e.domain
      ),
      ranked as (
        select g.*, (select max(h.da_score) from crawl_hosts h
                      where h.host in (g.domain, 'www.' || g.domain))::int as da_score
        from gap g
      )
      select r.domain, r.competitors, r.page_url, r.da_score,
             exists (select 1 from prospects pr where pr.campaign_id = ${campaign.id} and pr.domain = r.domain)
               as is_prospect,
             (count(*) over ())::int as total
      from ranked r
      order by cardinality(r.competitors) desc, r.da_score desc nulls last, r.domain
      limit ${window.limit} offset ${window.offset}`,
  );
  return { rows, competitorDomains };
}

/** One page of a campaign's competitor gap. @throws AppError NOT_FOUND when not the user's campaign. */
export async function competitorGap(
  db: Database,
  workspaceId: string,
  campaignId: string,
  query: z.output<typeof competitorGapQuerySchema>,
): Promise<CompetitorGapPage> {
  const campaign = await findOwnedCampaign(db, workspaceId, campaignId);
  const { rows, competitorDomains } = await gapRows(db, campaign, {
    limit: query.pageSize,
    offset: pageOffset(query.page, query.pageSize),
  });
  const items: CompetitorGapItem[] = rows.map((r) => ({
    domain: r.domain,
    competitors: [...r.competitors].sort(),
    daScore: r.da_score === null ? null : Number(r.da_score),
    isProspect: Boolean(r.is_prospect),
  }));
  return { ...pageOf(items, Number(rows[0]?.total ?? 0), query), competitorDomains };
}

/**
 * Adds the chosen gap domains to the campaign as pending prospects (link intersect when they
 * link to several competitors, else competitor backlink), with their DA and the page that links
 * to a competitor. Domains not in the gap and domains already prospects are skipped. Returns
 * the number added. @throws AppError NOT_FOUND when not the user's campaign.
 */
export async function addGapProspects(
  db: Database,
  workspaceId: string,
  campaignId: string,
  input: z.output<typeof addGapProspectsSchema>,
): Promise<number> {
  const campaign = await findOwnedCampaign(db, workspaceId, campaignId);
  const { rows } = await gapRows(db, campaign, { limit: input.domains.length, offset: 0 }, input.domains);
  const fresh = rows.filter((r) => !r.is_prospect);
  if (!fresh.length) return 0;
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(prospects)
      .values(
        fresh.map((r) => ({
          campaignId,
          workspaceId,
          website: `${new URL(r.page_url).protocol}//${r.domain}/`,
          domain: r.domain,
          status: 'pending' as const,
          daScore: r.da_score === null ? null : Number(r.da_score),
          opportunityType:
            r.competitors.length > 1 ? ('link_intersect' as const) : ('competitor_backlink' as const),
          sourcePageUrl: r.page_url,
        })),
      )
      .onConflictDoNothing({
        target: [prospects.campaignId, prospects.domain],
        where: sql`domain is not null`,
      })
      .returning({ id: prospects.id });
    if (inserted.length) await recountProspectCounters(tx, campaignId);
    return inserted.length;
  });
}
