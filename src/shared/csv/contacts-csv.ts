import Papa from 'papaparse';
import { safeCsvCell } from '../csv-cell';
import { limits } from '../limits';

/** The step columns' header: "Step 1 Variant" … one per possible sequence step. */
const stepVariantColumns = Array.from(
  { length: limits.maxSequenceSteps },
  (_, i) => `Step ${i + 1} Variant` as const,
);
import { type DomainMetricName, domainMetricNames, metricLabels } from '../seo-exports/formats';

/**
 * Columns of the contacts export, in order (docs/product.md#limits): the third-party metrics
 * (DR, UR, DA, PA, Spam Score, Authority Score, TF, CF, Organic traffic) follow LinkPilot's scores.
 */
export const contactsCsvColumns = [
  'Website',
  'Email',
  'Name',
  'Campaign',
  'Status',
  'LinkPilot Score',
  'Relevance Score',
  ...domainMetricNames.map((name) => metricLabels[name].label),
  'Last Contacted',
  'Notes',
  ...stepVariantColumns,
] as const;

/** One exported contact, already reduced to the values of the columns above. */
export interface ContactCsvRow {
  website: string;
  contactEmail: string | null;
  contactName: string | null;
  campaignName: string;
  status: string;
  daScore: number | null;
  relevanceScore: number | null;
  /** The domain's third-party metrics (docs/decisions/033); a missing one leaves its cell empty. */
  metrics: Partial<Record<DomainMetricName, number>>;
  /** ISO timestamp or null ('Never' is a screen word; the file leaves it empty). */
  lastContacted: string | null;
  notes: string | null;
  /**
   * Per step (index 0 is step 1) the variant its sent message used, as `sentVariantName` names it
   * ("B", "Clicked · A", "Single version"); null when that step was not sent to the prospect
   * (docs/decisions/045-conditional-follow-ups.md). Shorter than the steps when the rest are null.
   */
  stepVariants: readonly (string | null)[];
}

function cells(row: ContactCsvRow): string[] {
  // Text cells cannot start a formula (CSV injection): see safeCsvCell.
  const text = (v: string | null) => safeCsvCell(v);
  return [
    text(row.website),
    text(row.contactEmail),
    text(row.contactName),
    text(row.campaignName),
    row.status,
    row.daScore === null ? '' : String(row.daScore),
    row.relevanceScore === null ? '' : String(row.relevanceScore),
    ...domainMetricNames.map((name) => (row.metrics[name] === undefined ? '' : String(row.metrics[name]))),
    row.lastContacted ?? '',
    text(row.notes),
    ...stepVariantColumns.map((_, i) => text(row.stepVariants[i] ?? null)),
  ];
}

/**
 * Every text column is quoted, not only Notes (docs/decisions/017-csv-import-and-export.md): a
 * spreadsheet that splits on `;` or a tab then keeps `x;=1+1` in one cell instead of starting a
 * formula after the separator. The numbers stay bare so they read as numbers.
 */
const numberColumns = new Set<string>([
  'LinkPilot Score',
  'Relevance Score',
  ...domainMetricNames.map((name) => metricLabels[name].label),
]);
const quotes = contactsCsvColumns.map((column) => !numberColumns.has(column));

/**
 * Writes contacts as RFC 4180 CSV lines (CRLF, text cells quoted, quotes doubled). With `header` the
 * column row comes first. Each call ends with CRLF, so chunks written one after another form one file.
 */
export function contactsCsvChunk(rows: readonly ContactCsvRow[], header: boolean): string {
  const data: string[][] = rows.map(cells);
  if (header) data.unshift([...contactsCsvColumns]);
  if (data.length === 0) return '';
  return `${Papa.unparse(data, { newline: '\r\n', quotes, escapeFormulae: false })}\r\n`;
}

/** The export's file name for a date (docs/product.md#limits: contacts_export_{YYYY-MM-DD}.csv), in UTC. */
export function contactsExportFileName(date: Date): string {
  return `contacts_export_${date.toISOString().slice(0, 10)}.csv`;
}
