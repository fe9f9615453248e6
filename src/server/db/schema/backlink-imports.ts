import { sql } from 'drizzle-orm';
import {
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ColumnMapping } from '../../../shared/seo-exports/formats';
import { belongsToCampaign } from './campaigns';
import { createdAt, id, updatedAt } from './columns';
import { workspaces } from './workspaces';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const backlinkImportStatus = pgEnum('backlink_import_status', [
  'uploaded',
  'queued',
  'running',
  'completed',
  'failed',
]);

/**
 * A backlink export uploaded to a campaign (docs/decisions/033-backlink-export-import.md): what was
 * recognised in it, the file itself until its import has run, and the import's progress and counts.
 */
export const backlinkImports = pgTable(
  'backlink_imports',
  {
    id: id(),
    ...belongsToCampaign.columns(),
    fileName: text().notNull(),
    /** shared/seo-exports/formats.ts exportTools / exportReports. */
    tool: text().notNull(),
    report: text().notNull(),
    encoding: text().notNull(),
    delimiter: text().notNull(),
    header: text().array().notNull(),
    mapping: jsonb().$type<ColumnMapping>().notNull(),
    /** The site the export is about (a competitor, or the campaign's own site); null when unknown. */
    targetDomain: text(),
    rowCount: integer().notNull(),
    domainCount: integer().notNull(),
    status: backlinkImportStatus().notNull().default('uploaded'),
    /** 0–100. */
    progress: integer().notNull().default(0),
    prospectsAdded: integer().notNull().default(0),
    /** Domains left out: already a prospect, the domain memory, suppression, the campaign's own site. */
    domainsSkipped: integer().notNull().default(0),
    contactsFound: integer().notNull().default(0),
    error: text(),
    /** The upload as sent; cleared when its import finishes. */
    file: bytea(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToCampaign.foreignKey(t),
    index('idx_backlink_imports_campaign_id_created_at').on(t.campaignId, t.createdAt.desc()),
  ],
);

/** One linking site of an imported export, with the evidence of its first row (the reason found). */
export const backlinkImportDomains = pgTable(
  'backlink_import_domains',
  {
    id: id(),
    importId: uuid()
      .notNull()
      .references(() => backlinkImports.id, { onDelete: 'cascade' }),
    ...belongsToCampaign.columns(),
    domain: text().notNull(),
    linkingPage: text(),
    targetUrl: text(),
    anchor: text(),
    /** `nofollow ugc sponsored` as found, '' for a followed link, null when the export does not say. */
    rel: text(),
    firstSeen: date({ mode: 'string' }),
    /** Link intersect exports: the target sites this domain links to. */
    targets: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    links: integer().notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    belongsToCampaign.foreignKey(t),
    uniqueIndex('uq_backlink_import_domains_import_id_domain').on(t.importId, t.domain),
    index('idx_backlink_import_domains_campaign_id_domain').on(t.campaignId, t.domain),
  ],
);

/** The column mapping a user chose for a header set of an unrecognised export, remembered per workspace. */
export const exportColumnMappings = pgTable(
  'export_column_mappings',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** shared/seo-exports/recognise.ts headerSetKey. */
    headerKey: text().notNull(),
    mapping: jsonb().$type<ColumnMapping>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('uq_export_column_mappings_workspace_id_header_key').on(t.workspaceId, t.headerKey)],
);

/**
 * Third-party metrics of a domain with their source and date (Ahrefs DR/UR, Moz DA/PA/Spam Score,
 * Semrush Authority Score, Majestic TF/CF, organic traffic): the latest value of each per workspace.
 */
export const domainMetrics = pgTable(
  'domain_metrics',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    domain: text().notNull(),
    /** shared/seo-exports/formats.ts metricSources / domainMetricNames. */
    source: text().notNull(),
    metric: text().notNull(),
    value: doublePrecision().notNull(),
    /** The day the value was read (the import's date). */
    measuredOn: date({ mode: 'string' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A list sorted or filtered by one metric reads the workspace's values of it from here alone
    // (an index-only scan; bench/prospect-metric-sort.ts).
    index('idx_domain_metrics_workspace_id_metric_domain_value').on(
      t.workspaceId,
      t.metric,
      t.domain,
      t.value,
    ),
    uniqueIndex('uq_domain_metrics_workspace_id_domain_source_metric').on(
      t.workspaceId,
      t.domain,
      t.source,
      t.metric,
    ),
  ],
);
