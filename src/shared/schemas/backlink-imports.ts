import { z } from 'zod';
import { cursorQueryField, pageSchema, withPageCursor } from './pagination';
import {
  domainMetricNames,
  exportReports,
  exportTools,
  linkFields,
  metricSources,
} from '../seo-exports/formats';

/** Largest export accepted (bytes): a 100,000-row Ahrefs export in UTF-16 is about 60 MB. */
export const BACKLINK_EXPORT_MAX_BYTES = 100 * 1024 * 1024;

export const backlinkImportMessages = {
  notFound: 'Import not found',
  fileOnly: 'Upload one export file (CSV or TSV).',
  tooLarge: `The file is larger than ${BACKLINK_EXPORT_MAX_BYTES / (1024 * 1024)} MB. Export fewer rows, or split it.`,
  empty: 'The file has no rows under its header.',
  notStartable: 'This import has already started.',
  noSites: 'No column names a site or a linking page: choose the Domain or Linking page column.',
  started: 'Import started',
} as const;

const column = z.number().int().min(0).max(999);

/** Which column holds what (shared/seo-exports/formats.ts ColumnMapping), as the user may correct it. */
export const columnMappingSchema = z.strictObject({
  fields: z.partialRecord(z.enum(linkFields), column),
  metrics: z
    .array(z.strictObject({ column, source: z.enum(metricSources), metric: z.enum(domainMetricNames) }))
    .max(50),
  targets: z.array(z.strictObject({ column, domain: z.string().trim().min(3).max(253) })).max(50),
});

/** Starting an import: the site the export is about (a competitor or the campaign's own), and a mapping. */
export const startBacklinkImportSchema = z.strictObject({
  targetDomain: z.string().trim().toLowerCase().max(253).nullable().optional(),
  mapping: columnMappingSchema.optional(),
});

export const backlinkImportParams = z.strictObject({ id: z.uuid(), importId: z.uuid() });

export const backlinkImportSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  tool: z.enum(exportTools),
  report: z.enum(exportReports),
  encoding: z.string(),
  delimiter: z.string(),
  header: z.array(z.string()),
  mapping: columnMappingSchema,
  targetDomain: z.string().nullable(),
  rowCount: z.number().int(),
  domainCount: z.number().int(),
  status: z.enum(['uploaded', 'queued', 'running', 'completed', 'failed']),
  progress: z.number().int().min(0).max(100),
  prospectsAdded: z.number().int(),
  domainsSkipped: z.number().int(),
  contactsFound: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
});
export type BacklinkImport = z.infer<typeof backlinkImportSchema>;

export const backlinkImportListSchema = z.object({ items: z.array(backlinkImportSchema) });

/** A domain linking to two or more competitors in the imported exports and not to the campaign's site. */
export const intersectItemSchema = z.object({
  domain: z.string(),
  competitors: z.array(z.string()),
  linkingPage: z.string().nullable(),
  anchor: z.string().nullable(),
  dr: z.number().nullable(),
  isProspect: z.boolean(),
});
export type IntersectItem = z.infer<typeof intersectItemSchema>;

/** `GET …/backlink-intersect` query: a page of the ranked domains. */
export const intersectQuerySchema = withPageCursor(
  z.object({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    cursor: cursorQueryField,
  }),
);
export const intersectPageSchema = pageSchema(intersectItemSchema).extend({
  /** The campaign's competitor domains. */
  competitors: z.array(z.string()),
});
export type IntersectPage = z.infer<typeof intersectPageSchema>;
