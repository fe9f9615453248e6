import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { readCsvCell, safeCsvCell } from '../../../shared/csv-cell';
import { decimalToMinor, isCurrencyCode, minorToDecimal } from '../../../shared/money';
import {
  createPlacementSchema,
  placementCsvColumns,
  type Placement,
  type PlacementImportResult,
} from '../../../shared/schemas/placements';
import type { Actor } from '../../auth/workspaces';
import type { Database } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { clients } from '../../db/schema/clients';
import { insertPlacement } from '../../placements/ledger';

type Column = (typeof placementCsvColumns)[number];

/** Most rows one import takes. */
export const PLACEMENT_IMPORT_MAX_ROWS = 5000;

/** The import's refusals in the user's words (docs/product.md#placements). */
export const placementCsvMessages = {
  noRows: 'The file has no placements below its header row',
  tooManyRows: `A file can hold at most ${PLACEMENT_IMPORT_MAX_ROWS.toLocaleString('en')} placements`,
  missingColumns: (names: string[]) => `The header row needs the columns ${names.join(', ')}`,
  unknownColumn: (name: string) =>
    `Unknown column “${name}”. The columns are: ${placementCsvColumns.join(', ')}`,
  unknownClient: (name: string) => `client: there is no client named “${name}”`,
  unknownCampaign: (name: string) => `campaign: there is no campaign named “${name}”`,
  badPrice: 'price: write the amount as a number such as 150 or 150.00, with the currency’s decimals at most',
  badWarranty: 'warranty_months: write a whole number of months, or leave it empty for none',
  badCsv: (row: number, message: string) => `Row ${row}: ${message}`,
} as const;
const m = placementCsvMessages;

/** The CSV's name for a placement field, so a row's errors name the column the user sees. */
const columnOf: Record<string, Column> = {
  pageUrl: 'page_url',
  targetUrl: 'target_url',
  anchorText: 'anchor_text',
  rel: 'rel',
  liveAt: 'date_live',
  priceMinor: 'price',
  currency: 'currency',
  paymentStatus: 'payment_status',
  paidAt: 'payment_date',
  invoiceNumber: 'invoice_number',
  warrantyMonths: 'warranty_months',
  clientId: 'client',
  campaignId: 'campaign',
  notes: 'notes',
};

/** The file name of an export made on `date`: placements_YYYY-MM-DD.csv. */
export function placementsExportFileName(date: Date): string {
  return `placements_${date.toISOString().slice(0, 10)}.csv`;
}

/**
 * The placements as RFC 4180 CSV (header first, CRLF): prices as decimals in major units with their
 * currency, client and campaign by name; no cell can start a formula (safeCsvCell). The import reads
 * the same file back.
 */
export function placementsCsv(rows: readonly Placement[]): string {
  const data = rows.map((p) =>
    [
      p.pageUrl,
      p.targetUrl,
      p.anchorText,
      p.rel,
      p.liveAt,
      p.priceMinor !== null && p.currency ? minorToDecimal(p.priceMinor, p.currency) : '',
      p.currency,
      p.paymentStatus,
      p.paidAt,
      p.invoiceNumber,
      p.warrantyMonths,
      p.clientName,
      p.campaignName,
      p.notes,
    ].map((cell) => safeCsvCell(cell)),
  );
  return `${Papa.unparse({ fields: [...placementCsvColumns], data }, { newline: '\r\n' })}\r\n`;
}

/** Name → id of the workspace's clients or campaigns, by lower-cased name (the first of equal names). */
async function idsByName(db: Database, workspaceId: string, table: typeof clients | typeof campaigns) {
  const rows = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(eq(table.workspaceId, workspaceId));
  const map = new Map<string, string>();
  for (const row of rows) if (!map.has(row.name.toLowerCase())) map.set(row.name.toLowerCase(), row.id);
  return map;
}

/**
 * Imports placements from a CSV of placementCsvColumns (any order; page_url and target_url required).
 * All or nothing: when any row is refused, none is added and every refused row is listed with its
 * reasons in the user's words (rows numbered as a spreadsheet shows them, the header is row 1), so a
 * corrected file can be imported again without duplicates. Client and campaign are matched by name
 * (case-insensitive) among the workspace's. Each added placement is announced as `placement.created`.
 */
export async function importPlacementsCsv(
  db: Database,
  actor: Actor,
  text: string,
): Promise<PlacementImportResult> {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim().toLowerCase(),
  });
  const fields = parsed.meta.fields ?? [];
  const unknown = fields.filter((f) => f && !(placementCsvColumns as readonly string[]).includes(f));
  const missing = (['page_url', 'target_url'] as const).filter((c) => !fields.includes(c));
  const fileErrors = [
    ...unknown.map((name) => m.unknownColumn(name)),
    ...(missing.length ? [m.missingColumns(missing)] : []),
  ];
  if (fileErrors.length) return { imported: 0, errors: [{ row: 1, messages: fileErrors }] };
  if (parsed.data.length === 0) return { imported: 0, errors: [{ row: 1, messages: [m.noRows] }] };
  if (parsed.data.length > PLACEMENT_IMPORT_MAX_ROWS)
    return { imported: 0, errors: [{ row: 1, messages: [m.tooManyRows] }] };

  const [clientIds, campaignIds] = await Promise.all([
    idsByName(db, actor.workspaceId, clients),
    idsByName(db, actor.workspaceId, campaigns),
  ]);
  const errors: PlacementImportResult['errors'] = [];
  const inputs: ReturnType<typeof createPlacementSchema.parse>[] = [];
  // Papa's own row errors (an unclosed quote, a row of the wrong width) name the data row index.
  const papaErrors = new Map<number, string[]>();
  for (const e of parsed.errors) {
    if (e.row === undefined) continue;
    papaErrors.set(e.row, [...(papaErrors.get(e.row) ?? []), e.message]);
  }

  parsed.data.forEach((raw, index) => {
    const rowNumber = index + 2;
    const cell = (c: Column) => readCsvCell((raw[c] ?? '').trim());
    const messages: string[] = [...(papaErrors.get(index) ?? [])];
    const currency = cell('currency').toUpperCase();
    let priceMinor: number | null = null;
    if (cell('price')) {
      const minor = isCurrencyCode(currency) ? decimalToMinor(cell('price'), currency) : null;
      if (minor === null && isCurrencyCode(currency)) messages.push(m.badPrice);
      priceMinor = minor;
    }
    let warrantyMonths: number | null = null;
    const warranty = cell('warranty_months');
    if (warranty && warranty.toLowerCase() !== 'none') {
      if (!/^\d+$/.test(warranty)) messages.push(m.badWarranty);
      else warrantyMonths = Number(warranty);
    }
    const clientName = cell('client');
    const clientId = clientName ? (clientIds.get(clientName.toLowerCase()) ?? null) : null;
    if (clientName && !clientId) messages.push(m.unknownClient(clientName));
    const campaignName = cell('campaign');
    const campaignId = campaignName ? (campaignIds.get(campaignName.toLowerCase()) ?? null) : null;
    if (campaignName && !campaignId) messages.push(m.unknownCampaign(campaignName));

    const result = createPlacementSchema.safeParse({
      campaignId,
      clientId,
      pageUrl: cell('page_url'),
      targetUrl: cell('target_url'),
      anchorText: cell('anchor_text'),
      rel: cell('rel').toLowerCase() || undefined,
      liveAt: cell('date_live'),
      priceMinor,
      currency: currency || null,
      paymentStatus: cell('payment_status').toLowerCase() || undefined,
      paidAt: cell('payment_date'),
      invoiceNumber: cell('invoice_number'),
      warrantyMonths,
      notes: cell('notes'),
    });
    if (!result.success) {
      for (const issue of result.error.issues) {
        const column = columnOf[String(issue.path[0])] ?? String(issue.path[0] ?? '');
        messages.push(column ? `${column}: ${issue.message}` : issue.message);
      }
    }
    if (messages.length) errors.push({ row: rowNumber, messages: [...new Set(messages)] });
    else if (result.success) inputs.push(result.data);
  });
  if (errors.length) return { imported: 0, errors };

  await db.transaction(async (tx) => {
    for (const input of inputs)
      await insertPlacement(tx, actor, { ...input, workspaceId: actor.workspaceId, source: 'manual' });
  });
  return { imported: inputs.length, errors: [] };
}
