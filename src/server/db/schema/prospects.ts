import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { opportunityTypes } from '../../../shared/schemas/discovery';
import { belongsToCampaign } from './campaigns';
import { createdAt, id, updatedAt } from './columns';

/** Prospects: the sites a campaign contacts, with contact details, scores and status. */
export const prospectStatus = pgEnum('prospect_status', [
  'pending',
  'sent',
  'responded',
  'success',
  'failed',
]);

/** Why discovery proposed a prospect (docs/decisions/007-discovery.md). */
export const opportunityType = pgEnum('opportunity_type', opportunityTypes);

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
    /** The last time we wrote to the prospect; marking an outcome keeps it. */
    lastContacted: timestamp({ withTimezone: true }),
    /** When the prospect's status became success or failed (its outcome); null in any other status. */
    outcomeAt: timestamp({ withTimezone: true }),
    /** The site a discovered prospect stands for (host without www.); null for manual rows. */
    domain: text(),
    opportunityType: opportunityType(),
    /** The page that made the site a prospect, and the link on it (to a competitor) if any. */
    sourcePageUrl: text(),
    sourceLinkUrl: text(),
    sourceAnchorText: text(),
    /** An imported backlink's rel (`nofollow ugc sponsored`, '' followed) and first-seen day (docs/decisions/033). */
    sourceRel: text(),
    sourceFirstSeen: date({ mode: 'string' }),
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
     * The contact address's latest verification (deliverable, undeliverable, risky, unknown) with its
     * source and date: shape `EmailVerification` of shared/schemas/email-verification.ts; null = never
     * verified (docs/decisions/047-address-verification.md).
     */
    emailVerification: jsonb().$type<Record<string, unknown>>(),
    /**
     * The workspace's custom field values by field key (docs/decisions/044-custom-fields.md): numbers
     * as JSON numbers, other types as text; a field without a value has no key.
     */
    customFields: jsonb()
      .$type<Record<string, string | number>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
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
    index('idx_prospects_workspace_id_domain').on(t.workspaceId, t.domain),
    index('idx_prospects_campaign_id_created_at').on(t.campaignId, t.createdAt.desc()),
    // The campaign page's prospects table: best DA first, then newest (listCampaignProspects).
    index('idx_prospects_campaign_id_da_score').on(
      t.campaignId,
      t.daScore.desc().nullsLast(),
      t.createdAt.desc(),
      t.id.desc(),
    ),
    // The id makes the contacts order stable and lets pages and the export's keyset walk this index.
    index('idx_prospects_workspace_id_created_at_id').on(t.workspaceId, t.createdAt.desc(), t.id.desc()),
    index('idx_prospects_workspace_id_status').on(t.workspaceId, t.status),
    // A trigram index serves the contacts screen's case-insensitive substring search.
    index('idx_prospects_search_text_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);
