import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import {
  paymentStatuses,
  placementRels,
  placementSources,
  type MetricsAtLive,
} from '../../../shared/schemas/placements';
import { campaigns } from './campaigns';
import { clients } from './clients';
import { createdAt, id, updatedAt } from './columns';
import { liveLinks } from './live-links';
import { prospects } from './prospects';
import { workspaces } from './workspaces';

export const placementRel = pgEnum('placement_rel', placementRels);
export const paymentStatus = pgEnum('payment_status', paymentStatuses);
export const placementSource = pgEnum('placement_source', placementSources);

/**
 * The placement ledger (docs/decisions/034-clients-and-placements.md): one won link with its agreed
 * terms and money. It outlives what it came from — deleting the campaign, prospect, live link or
 * client leaves the placement without that reference, because a ledger keeps what was paid.
 */
export const placements = pgTable(
  'placements',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    source: placementSource().notNull(),
    clientId: uuid().references(() => clients.id, { onDelete: 'set null' }),
    campaignId: uuid().references(() => campaigns.id, { onDelete: 'set null' }),
    /** The prospect won; one placement per prospect (marking Success twice makes no second). */
    prospectId: uuid()
      .unique()
      .references(() => prospects.id, { onDelete: 'set null' }),
    liveLinkId: uuid().references(() => liveLinks.id, { onDelete: 'set null' }),
    pageUrl: text().notNull(),
    targetUrl: text().notNull(),
    anchorText: text().notNull().default(''),
    rel: placementRel().notNull().default('dofollow'),
    liveAt: date({ mode: 'string' }),
    /** Agreed price in the currency's minor units; with `currency` (ISO 4217), both or neither. */
    priceMinor: bigint({ mode: 'number' }),
    currency: text(),
    paymentStatus: paymentStatus().notNull().default('unpaid'),
    paidAt: date({ mode: 'string' }),
    invoiceNumber: text(),
    /** The invoice file in the private attachment storage (random key), its name and type as uploaded. */
    invoiceKey: text(),
    invoiceFileName: text(),
    invoiceContentType: text(),
    invoiceBytes: integer(),
    /**
     * The linking site's domain authority (0–100) when the placement was recorded: its prospect's DA
     * then; null when unknown (docs/decisions/039-client-reports.md).
     */
    authorityAtPlacement: integer(),
    /**
     * The linking site's third-party metrics (DR, DA, TF…) with source and date, taken from
     * domain_metrics when the placement went live; null before (docs/decisions/033).
     */
    metricsAtLive: jsonb().$type<MetricsAtLive>(),
    /** Months the link must stay up as agreed; null for no warranty. */
    warrantyMonths: integer(),
    notes: text().notNull().default(''),
    /**
     * What the last link check found wrong against the agreed terms (shared/schemas/claims.ts
     * placementIssues; empty: as agreed); null before any check (docs/decisions/038-warranty-claims.md).
     */
    monitorIssues: text().array(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('idx_placements_workspace_id_live_at').on(t.workspaceId, t.liveAt.desc().nullsFirst(), t.id),
    index('idx_placements_client_id').on(t.clientId),
    index('idx_placements_campaign_id').on(t.campaignId),
    index('idx_placements_live_link_id').on(t.liveLinkId),
    check('ck_placements_price_currency', sql`(${t.priceMinor} is null) = (${t.currency} is null)`),
    check('ck_placements_price_non_negative', sql`${t.priceMinor} >= 0`),
  ],
);
