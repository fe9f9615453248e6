import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { belongsToCampaign } from './campaigns';
import { createdAt, id, updatedAt } from './columns';
import { workspaces } from './workspaces';

/** Live links: the backlinks a user keeps, and every check of them (docs/decisions/012-link-monitoring.md). */
export const liveLinkStatus = pgEnum('live_link_status', ['active', 'lost', 'suspicious']);

export const liveLinks = pgTable(
  'live_links',
  {
    id: id(),
    ...belongsToCampaign.columns(),
    url: text().notNull(),
    anchorText: text().notNull(),
    pageUrl: text().notNull(),
    status: liveLinkStatus().notNull().default('active'),
    discoveredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The latest check (docs/decisions/012-link-monitoring.md): when, what it saw on the link, and why the status. */
    lastCheckedAt: timestamp({ withTimezone: true }),
    rel: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    foundAnchorText: text(),
    reasons: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** When the scheduled re-check is due (LINK_CHECK_INTERVAL_HOURS after the latest check). */
    nextCheckAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToCampaign.foreignKey(t),
    index('idx_live_links_workspace_id_discovered_at').on(t.workspaceId, t.discoveredAt.desc()),
    index('idx_live_links_workspace_id_status').on(t.workspaceId, t.status),
    index('idx_live_links_campaign_id').on(t.campaignId),
    index('idx_live_links_next_check_at').on(t.nextCheckAt),
  ],
);

/** Every check of a live link, newest first per link (docs/decisions/012-link-monitoring.md): its history and the chart's source. */
export const liveLinkChecks = pgTable(
  'live_link_checks',
  {
    id: id(),
    liveLinkId: uuid()
      .notNull()
      .references(() => liveLinks.id, { onDelete: 'cascade' }),
    /** The link owner's, so the chart of active links over time is read by owner without a join. */
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    checkedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    status: liveLinkStatus().notNull(),
    reasons: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    httpStatus: integer(),
    finalUrl: text().notNull(),
    anchorText: text(),
    rel: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The crawler's words when the page could not be read. */
    detail: text(),
  },
  (t) => [
    index('idx_live_link_checks_live_link_id_checked_at').on(t.liveLinkId, t.checkedAt.desc()),
    index('idx_live_link_checks_workspace_id_checked_at').on(t.workspaceId, t.checkedAt),
  ],
);
