import { and, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
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
      },
    };
  }

  /** Stores a page's extract (replacing its earlier links) or its failure, and its hosts. */
  async savePage(
    url: string,
    result:
      | { ok: true; extract: PageExtract; status: number }
      | { ok: false; failure: string; status?: number | undefined; finalUrl: string },
  ): Promise<void> {
    const host = hostOf(url) ?? '';
    const values = result.ok
      ? {
          url,
          host,
          finalUrl: result.extract.url,
          httpStatus: result.status,
          failure: null,
          title: result.extract.title,
          description: result.extract.description,
          language: result.extract.language,
          text: result.extract.text,
          headings: result.extract.headings,
          emails: result.extract.emails,
          names: result.extract.names,
          footprint: result.extract.footprint,
        }
      : { url, host, finalUrl: result.finalUrl, httpStatus: result.status ?? null, failure: result.failure };
    await this.db.transaction(async (tx) => {
      const [page] = await tx
        .insert(crawlPages)
        .values(values)
        .onConflictDoUpdate({
          target: crawlPages.url,
          set: {
            ...values,
            title: result.ok ? values.title : '',
            text: result.ok ? values.text : '',
            fetchedAt: sql`now()`,
            updatedAt: sql`now()`,
          },
        })
        .returning({ id: crawlPages.id });
      await tx.delete(crawlLinks).where(eq(crawlLinks.pageId, page!.id));
      const hosts = new Set([host]);
      if (result.ok) {
        const rows = result.extract.links.flatMap((link) => {
          const toHost = hostOf(link.url);
          if (!toHost) return [];
          hosts.add(toHost);
          return [{ pageId: page!.id, fromHost: host, toUrl: link.url, toHost, anchorText: link.text, rel: link.rel }];
        });
        for (const batch of chunks(rows)) await tx.insert(crawlLinks).values(batch);
      }
      for (const batch of chunks([...hosts].filter(Boolean))) {
        await tx
          .insert(crawlHosts)
          .values(batch.map((h) => ({ host: h })))
          .onConflictDoNothing();
      }
    });
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
