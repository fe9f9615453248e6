import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { belongsToCampaign } from './campaigns';
import { createdAt, id, updatedAt } from './columns';

/**
 * What discovery has crawled, shared by every campaign and by link monitoring: public pages
 * (extracted, not raw HTML), their outgoing links, and the hosts with their authority. This is
 * public web data, not the user's: it carries no user_id and no API lists it directly. Runs of
 * the find-prospects job are the user's and are scoped like campaigns.
 */
export const crawlPages = pgTable(
  'crawl_pages',
  {
    id: id(),
    /** Normalised URL (src/shared/url-normalize.ts). */
    url: text().notNull(),
    host: text().notNull(),
    /** Final URL after redirects. */
    finalUrl: text().notNull(),
    httpStatus: integer(),
    /** Why there is no content (robots, refused, timeout…); null when the page was read. */
    failure: text(),
    title: text().notNull().default(''),
    description: text().notNull().default(''),
    language: text().notNull().default(''),
    /** Visible text, at most 50,000 characters. */
    text: text().notNull().default(''),
    headings: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    emails: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    names: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** write-for-us | guest-post | contribute | resources, or null. */
    footprint: text(),
    fetchedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('uq_crawl_pages_url').on(t.url),
    index('idx_crawl_pages_host').on(t.host),
    index('idx_crawl_pages_footprint')
      .on(t.footprint)
      .where(sql`${t.footprint} is not null`),
  ],
);

export const crawlLinks = pgTable(
  'crawl_links',
  {
    id: id(),
    pageId: uuid()
      .notNull()
      .references(() => crawlPages.id, { onDelete: 'cascade' }),
    fromHost: text().notNull(),
    toUrl: text().notNull(),
    toHost: text().notNull(),
    anchorText: text().notNull().default(''),
    /** nofollow / sponsored / ugc. */
    rel: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    index('idx_crawl_links_page_id').on(t.pageId),
    index('idx_crawl_links_to_host').on(t.toHost),
    index('idx_crawl_links_from_host_to_host').on(t.fromHost, t.toHost),
  ],
);

export const crawlHosts = pgTable(
  'crawl_hosts',
  {
    id: id(),
    host: text().notNull(),
    /** PageRank over the stored host link graph (sums to 1 over all hosts). */
    pageRank: doublePrecision(),
    /** Domain authority 0–100: log-scaled PageRank (docs/decisions/007-discovery.md). */
    daScore: integer(),
    rankedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('uq_crawl_hosts_host').on(t.host)],
);

export const discoveryRunStatus = pgEnum('discovery_run_status', [
  'queued',
  'running',
  'completed',
  'failed',
  'cancelled',
]);

/** One find-prospects run of a campaign: its state, counters and failure reason. */
export const discoveryRuns = pgTable(
  'discovery_runs',
  {
    id: id(),
    ...belongsToCampaign.columns(),
    status: discoveryRunStatus().notNull().default('queued'),
    jobId: text(),
    pagesCrawled: integer().notNull().default(0),
    prospectsFound: integer().notNull().default(0),
    /** Why the run failed, in words the user can act on. */
    error: text(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToCampaign.foreignKey(t),
    index('idx_discovery_runs_campaign_id_created_at').on(t.campaignId, t.createdAt.desc()),
    // At most one run per campaign waits or runs at a time.
    uniqueIndex('uq_discovery_runs_campaign_id_active')
      .on(t.campaignId)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);
