import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  primaryKey,
  pgTable,
  real,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { opportunityTypes } from '../../../shared/schemas/discovery';
import { createdAt, id, updatedAt } from './columns';
import { emailAccounts, emailSequences } from './outreach';
import { users } from './users';

/**
 * Campaigns and what belongs to them (spec §3): prospects and live links. Prospects and live links
 * carry the owner's user_id too, tied to their campaign's by a composite foreign key, so every
 * list can be scoped and indexed by owner without a join and can never disagree with its campaign.
 */
export const campaignStatus = pgEnum('campaign_status', ['draft', 'active', 'paused', 'completed']);
export const campaignType = pgEnum('campaign_type', ['ai', 'manual']);
export const prospectStatus = pgEnum('prospect_status', [
  'pending',
  'sent',
  'responded',
  'success',
  'failed',
]);
export const liveLinkStatus = pgEnum('live_link_status', ['active', 'lost', 'suspicious']);
/** Why discovery proposed a prospect (docs/decisions/007-discovery.md). */
export const opportunityType = pgEnum('opportunity_type', opportunityTypes);

export const campaigns = pgTable(
  'campaigns',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    websiteUrl: text().notNull(),
    status: campaignStatus().notNull().default('draft'),
    type: campaignType().notNull(),
    /** Competitor sites, at most 5 (spec §9). */
    competitors: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    internalLinks: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    emailAccountId: uuid().references(() => emailAccounts.id, { onDelete: 'set null' }),
    sequenceId: uuid().references((): AnyPgColumn => emailSequences.id, { onDelete: 'set null' }),
    /** Open pixel and click redirects (issue 6 §5): on by default, a per-campaign choice. */
    trackOpens: boolean().notNull().default(true),
    trackClicks: boolean().notNull().default(true),
    /** AI first lines go out only once approved (issue 9 §3): on by default. */
    requireFirstLineApproval: boolean().notNull().default(true),
    targetProspects: integer().notNull().default(0),
    prospects: integer().notNull().default(0),
    prospectsFound: integer().notNull().default(0),
    emailsSent: integer().notNull().default(0),
    emailsOpened: integer().notNull().default(0),
    emailsClicked: integer().notNull().default(0),
    responses: integer().notNull().default(0),
    successCount: integer().notNull().default(0),
    /** 0–100. */
    progressPercentage: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('uq_campaigns_id_user_id').on(t.id, t.userId),
    index('idx_campaigns_user_id_created_at').on(t.userId, t.createdAt.desc()),
    index('idx_campaigns_user_id_name').on(t.userId, t.name),
  ],
);

/**
 * The columns and composite foreign key of a row that belongs to a campaign: deleting the
 * campaign deletes the row, and the row's owner is always the campaign's owner.
 */
export const belongsToCampaign = {
  columns: () => ({ campaignId: uuid().notNull(), userId: uuid().notNull() }),
  foreignKey: (t: { campaignId: AnyPgColumn; userId: AnyPgColumn }) =>
    foreignKey({
      columns: [t.campaignId, t.userId],
      foreignColumns: [campaigns.id, campaigns.userId],
    }).onDelete('cascade'),
};

/**
 * The mailboxes a campaign sends from (issue 6 §3), in rotation order: enrollments are spread over
 * them round-robin. campaigns.email_account_id mirrors the first one (the spec's single mailbox).
 */
export const campaignEmailAccounts = pgTable(
  'campaign_email_accounts',
  {
    ...belongsToCampaign.columns(),
    emailAccountId: uuid()
      .notNull()
      .references(() => emailAccounts.id, { onDelete: 'cascade' }),
    /** 0-based place in the rotation. */
    position: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    belongsToCampaign.foreignKey(t),
    primaryKey({ columns: [t.campaignId, t.emailAccountId] }),
    index('idx_campaign_email_accounts_email_account_id').on(t.emailAccountId),
  ],
);

export const prospects = pgTable(
  'prospects',
  {
    id: id(),
    ...belongsToCampaign.columns(),
    website: text().notNull(),
    contactEmail: text(),
    contactName: text(),
    notes: text(),
    status: prospectStatus().notNull().default('pending'),
    /** Domain authority, 0–100. */
    daScore: integer(),
    /** Relevance to the campaign site, 0–100 (%). */
    relevanceScore: real(),
    lastContacted: timestamp({ withTimezone: true }),
    /** The site a discovered prospect stands for (host without www.); null for manual rows. */
    domain: text(),
    opportunityType: opportunityType(),
    /** The page that made the site a prospect, and the link on it (to a competitor) if any. */
    sourcePageUrl: text(),
    sourceLinkUrl: text(),
    sourceAnchorText: text(),
    /** Other addresses found for the site, best first (the chosen one is contact_email). */
    alternativeEmails: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The contact address's check before enrollment (syntax, a domain that accepts mail, disposable
     * and role flags): shape `EmailCheck` of shared/schemas/mail-health.ts; null = not checked yet.
     */
    emailCheck: jsonb().$type<Record<string, unknown>>(),
    /**
     * What the contacts search looks in: website, contact email and contact name, lower-cased, joined
     * by U+0001 (a control character nobody types, so no match spans two fields). One column with one
     * trigram index lets a search be one case-sensitive LIKE per row instead of three ILIKEs
     * (docs/decisions/008-contacts-at-scale.md).
     */
    searchText: text().generatedAlwaysAs(
      sql`lower(website || chr(1) || coalesce(contact_email, '') || chr(1) || coalesce(contact_name, ''))`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToCampaign.foreignKey(t),
    // One discovered prospect per site and campaign, whatever the number of runs.
    uniqueIndex('uq_prospects_campaign_id_domain')
      .on(t.campaignId, t.domain)
      .where(sql`${t.domain} is not null`),
    index('idx_prospects_user_id_domain').on(t.userId, t.domain),
    index('idx_prospects_campaign_id_created_at').on(t.campaignId, t.createdAt.desc()),
    // The id makes the contacts order stable and lets pages and the export's keyset walk this index.
    index('idx_prospects_user_id_created_at_id').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('idx_prospects_user_id_status').on(t.userId, t.status),
    // A trigram index serves the contacts screen's case-insensitive substring search.
    index('idx_prospects_search_text_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

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
    /** The latest check (issue 8 §1): when, what it saw on the link, and why the status. */
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
    index('idx_live_links_user_id_discovered_at').on(t.userId, t.discoveredAt.desc()),
    index('idx_live_links_user_id_status').on(t.userId, t.status),
    index('idx_live_links_campaign_id').on(t.campaignId),
    index('idx_live_links_next_check_at').on(t.nextCheckAt),
  ],
);

/** Every check of a live link, newest first per link (issue 8 §1): its history and the chart's source. */
export const liveLinkChecks = pgTable(
  'live_link_checks',
  {
    id: id(),
    liveLinkId: uuid()
      .notNull()
      .references(() => liveLinks.id, { onDelete: 'cascade' }),
    /** The link owner's, so the chart of active links over time is read by owner without a join. */
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    index('idx_live_link_checks_user_id_checked_at').on(t.userId, t.checkedAt),
  ],
);
