import { and, eq, gt, inArray, isNotNull, isNull, param, sql } from 'drizzle-orm';
import { hostOf } from '../../shared/url-normalize';
import type { Database } from '../db/client';
import { crawlHosts, crawlLinks, crawlPages } from '../db/schema/discovery';
import type { HostEdge } from './authority';
import type { PageExtract } from './extract-page';
import type { FootprintKind } from './footprints';

/** A stored page: its extract, or the reason it could not be read. */
export type StoredPage = { ok: true; extract: PageExtract } | { ok: false; failure: string };

/** A stored link from a crawled page, with that page's host. */
export interface StoredLink {
  pageUrl: string;
  pageHost: string;
  toUrl: string;
  toHost: string;
  anchorText: string;
}

/** A page of a site as stored, for describing the site. */
export interface SitePage {
  url: string;
  title: string;
  description: string;
  headings: string[];
}

const BATCH = 500;

const chunks = <T>(items: readonly T[], size = BATCH): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/**
 * The crawl's memory in the database: pages (extracted), their links and the hosts with their
 * authority, kept for every later campaign and for link monitoring.
 */
export class CrawlStore {
  constructor(private readonly db: Database) {}

  /** The page as stored when it was fetched within `maxAgeMs`, else null. */
  async freshPage(url: string, maxAgeMs: number): Promise<StoredPage | null> {
    if (maxAgeMs <= 0) return null;
    const [row] = await this.db
      .select()
      .from(crawlPages)
      .where(and(eq(crawlPages.url, url), gt(crawlPages.fetchedAt, new Date(Date.now() - maxAgeMs))));
    if (!row) return null;
    if (row.failure) return { ok: false, failure: row.failure };
    const links = await this.db
      .select({ url: crawlLinks.toUrl, text: crawlLinks.anchorText, rel: crawlLinks.rel })
      .from(crawlLinks)
      .where(eq(crawlLinks.pageId, row.id));
    return {
      ok: true,
      extract: {
        url: row.finalUrl,
        title: row.title,
        description: row.description,
        language: row.language,
        text: row.text,
        headings: row.headings,
        links: links.map((l) => ({ ...l, rel: l.rel as PageExtract['links'][number]['rel'] })),
        emails: row.emails,
        names: row.names,
        footprint: row.footprint as FootprintKind | null,
        // Not stored: discovery does not read them; link checks always fetch the page.
        robots: '',
        canonical: null,
      },
    };
  }

  /**
   * Stores a page's extract (replacing its earlier links) or its failure, and its hosts, in one
   * statement: data-modifying CTEs share one snapshot, so the delete sees only the old links.
   */
  async savePage(
    url: string,
    result:
      | { ok: true; extract: PageExtract; status: number }
      | { ok: false; failure: string; status?: number | undefined; finalUrl: string },
  ): Promise<void> {
    const host = hostOf(url) ?? '';
    const extract = result.ok ? result.extract : null;
    const links = (extract?.links ?? []).flatMap((link) => {
      const toHost = hostOf(link.url);
      return toHost ? [{ ...link, toHost }] : [];
    });
    const hosts = [...new Set([host, ...links.map((l) => l.toHost)])].filter(Boolean);
    const textArray = (values: readonly string[]) => sql`${param([...values])}::text[]`;
    await this.db.execute(sql`
      with page as (
        insert into crawl_pages (url, host, final_url, http_status, failure, title, description, language, text,
                                 headings, emails, names, footprint)
        values (${url}, ${host}, ${result.ok ? result.extract.url : result.finalUrl}, ${result.status ?? null},
                ${result.ok ? null : result.failure}, ${extract?.title ?? ''}, ${extract?.description ?? ''},
                ${extract?.language ?? ''}, ${extract?.text ?? ''}, ${textArray(extract?.headings ?? [])},
                ${textArray(extract?.emails ?? [])}, ${textArray(extract?.names ?? [])}, ${extract?.footprint ?? null})
        on conflict (url) do update set
          host = excluded.host, final_url = excluded.final_url, http_status = excluded.http_status,
          failure = excluded.failure, title = excluded.title, description = excluded.description,
          language = excluded.language, text = excluded.text, headings = excluded.headings,
          emails = excluded.emails, names = excluded.names, footprint = excluded.footprint,
          fetched_at = now(), updated_at = now()
        returning id
      ),
      removed as (delete from crawl_links where page_id in (select id from page)),
      added as (
        insert into crawl_links (page_id, from_host, to_url, to_host, anchor_text, rel)
        select (select id from page), ${host}, u.to_url, u.to_host, u.anchor_text,
               coalesce(string_to_array(nullif(u.rel, ''), ' '), '{}')
        from unnest(${textArray(links.map((l) => l.url))}, ${textArray(links.map((l) => l.toHost))},
                    ${textArray(links.map((l) => l.text))}, ${textArray(links.map((l) => l.rel.join(' ')))})
             as u(to_url, to_host, anchor_text, rel)
      ),
      known as (insert into crawl_hosts (host) select unnest(${textArray(hosts)}) on conflict (host) do nothing)
      select 1`);
  }

  /** Stored links into any of `hosts` from other hosts' pages, newest pages first. */
  async linksTo(hosts: readonly string[], limit = 5_000): Promise<StoredLink[]> {
    if (!hosts.length) return [];
    return this.db
      .select({
        pageUrl: crawlPages.url,
        pageHost: crawlPages.host,
        toUrl: crawlLinks.toUrl,
        toHost: crawlLinks.toHost,
        anchorText: crawlLinks.anchorText,
      })
      .from(crawlLinks)
      .innerJoin(crawlPages, eq(crawlPages.id, crawlLinks.pageId))
      .where(and(inArray(crawlLinks.toHost, [...hosts]), sql`${crawlLinks.fromHost} <> ${crawlLinks.toHost}`))
      .orderBy(sql`${crawlPages.fetchedAt} desc`)
      .limit(limit);
  }

  /**
   * Pages read from one site (`domain` without 'www.', stored under either host), shortest path first so
   * the home page leads, then newest: what a writer needs to know the site (title, description, headings).
   */
  async sitePages(domain: string, limit = 20): Promise<SitePage[]> {
    return this.db
      .select({
        url: crawlPages.finalUrl,
        title: crawlPages.title,
        description: crawlPages.description,
        headings: crawlPages.headings,
      })
      .from(crawlPages)
      .where(and(inArray(crawlPages.host, [domain, `www.${domain}`]), isNull(crawlPages.failure)))
      .orderBy(sql`length(${crawlPages.url})`, sql`${crawlPages.fetchedAt} desc`)
      .limit(limit);
  }

  /** Stored footprint pages (guest-post and resource pages) of earlier crawls. */
  async footprintPages(limit = 1_000): Promise<{ url: string; host: string }[]> {
    return this.db
      .select({ url: crawlPages.url, host: crawlPages.host })
      .from(crawlPages)
      .where(isNotNull(crawlPages.footprint))
      .orderBy(sql`${crawlPages.fetchedAt} desc`)
      .limit(limit);
  }

  /** The stored host link graph: distinct host pairs that link. */
  async hostGraph(): Promise<HostEdge[]> {
    return this.db
      .selectDistinct({ from: crawlLinks.fromHost, to: crawlLinks.toHost })
      .from(crawlLinks)
      .where(sql`${crawlLinks.fromHost} <> ${crawlLinks.toHost}`);
  }

  /** Stores every host's PageRank and DA score. */
  async saveAuthority(ranks: Map<string, number>, scores: Map<string, number>): Promise<void> {
    const rows = [...ranks].map(([host, pageRank]) => ({
      host,
      pageRank,
      daScore: scores.get(host) ?? 0,
      rankedAt: new Date(),
    }));
    for (const batch of chunks(rows)) {
      await this.db
        .insert(crawlHosts)
        .values(batch)
        .onConflictDoUpdate({
          target: crawlHosts.host,
          set: {
            pageRank: sql`excluded.page_rank`,
            daScore: sql`excluded.da_score`,
            rankedAt: sql`excluded.ranked_at`,
            updatedAt: sql`now()`,
          },
        });
    }
  }

  /** DA scores of the given hosts (hosts never ranked are absent). */
  async authorityOf(hosts: readonly string[]): Promise<Map<string, number>> {
    if (!hosts.length) return new Map();
    const rows = await this.db
      .select({ host: crawlHosts.host, daScore: crawlHosts.daScore })
      .from(crawlHosts)
      .where(and(inArray(crawlHosts.host, [...hosts]), isNotNull(crawlHosts.daScore)));
    return new Map(rows.map((r) => [r.host, r.daScore!]));
  }
}
