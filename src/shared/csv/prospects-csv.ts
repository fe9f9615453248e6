import Papa from 'papaparse';
import { readCsvCell } from '../csv-cell';
import {
  campaignMessages,
  MAX_MANUAL_PROSPECTS,
  prospectInputSchema,
  type ProspectInput,
} from '../schemas/campaigns';
import { prospectColumnIndexes } from './prospect-columns';
import { checkCustomValue } from '../custom-field-values';
import type { CustomField } from '../schemas/custom-fields';

/** CSV upload messages: the file's format and reading, an empty and a too-large file. */
export const csvMessages = {
  invalidFile: 'Please upload a valid CSV file',
  invalidFormat:
    'Invalid CSV format. Please ensure your CSV has the correct columns: website,email,name,notes',
  readError: 'Error reading the file',
  noProspects: 'This file has no prospects',
  tooManyRows: (count: number) =>
    `This file has ${count.toLocaleString('en-US')} prospects. ${campaignMessages.tooManyRows}.`,
} as const;

/** A row the import refuses: its number as a spreadsheet shows it (the header is row 1) and why. */
export interface CsvRowError {
  row: number;
  message: string;
}

/** A row the import takes: its number in the file and the prospect it holds. */
export interface CsvProspectRow {
  row: number;
  prospect: ProspectInput;
}

export type ProspectsCsvResult =
  | {
      ok: true;
      valid: CsvProspectRow[];
      invalid: CsvRowError[];
      /** The header cells no prospect column takes: the columns a custom field may be mapped from. */
      otherColumns: string[];
    }
  | { ok: false; message: string };

/**
 * Custom fields to read from the file (docs/decisions/044-custom-fields.md): the workspace's fields
 * and which header cell fills which field key.
 */
export interface CsvCustomColumns {
  fields: readonly Pick<CustomField, 'key' | 'label' | 'type' | 'options'>[];
  /** Header cell as written → custom field key. */
  mapping: Readonly<Record<string, string>>;
}

/**
 * One cell's value: whitespace and one pair of surrounding quotes a spreadsheet may have left
 * are trimmed, and the export's formula guard is undone. The RFC 4180 quoting is already
 * gone (papaparse), so quotes inside the text are content and stay.
 */
function cellValue(value: string | undefined): string {
  const text = (value ?? '').trim();
  const unquoted = /^(["']).*\1$/s.test(text) ? text.slice(1, -1).trim() : text;
  return readCsvCell(unquoted);
}

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

/**
 * Reads a manual campaign's prospects from CSV text (RFC 4180) and checks every row with the
 * server's schema (prospectInputSchema). The header names the columns by name in any case and order
 * (website required; see prospect-columns.ts for the names and aliases, others are ignored), blank
 * rows are skipped, and rows are numbered as a spreadsheet numbers them. With `custom`, the mapped
 * columns fill custom fields, each cell checked against its field's type (a wrong one refuses the row).
 * @returns the valid rows and the refused ones with the reason, or a message for the whole file:
 *   invalid format, no prospects, or more than MAX_MANUAL_PROSPECTS rows.
 */
export function parseProspectsCsv(text: string, custom?: CsvCustomColumns): ProspectsCsvResult {
  // One line ending throughout: files pieced together from several tools mix CRLF and LF.
  const lines = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const parsed = Papa.parse<string[]>(lines, { skipEmptyLines: false, newline: '\n' });
  // A one-column file has no delimiter to detect; any other error leaves the rows unreliable.
  if (parsed.errors.some((e) => e.code !== 'UndetectableDelimiter'))
    return { ok: false, message: csvMessages.invalidFormat };
  const [header = [], ...records] = parsed.data;
  const headerCells = header.map(cellValue);
  const columns = prospectColumnIndexes(headerCells);
  if (!columns) return { ok: false, message: csvMessages.invalidFormat };
  const taken = new Set<number>(Object.values(columns));
  const otherColumns = headerCells.filter((cell, index) => cell !== '' && !taken.has(index));
  // Each mapped custom field's column: the first header cell the mapping names for it.
  const customColumns = (custom?.fields ?? []).flatMap((field) => {
    const index = headerCells.findIndex((cell, i) => !taken.has(i) && custom!.mapping[cell] === field.key);
    return index === -1 ? [] : [{ field, index }];
  });

  const rows = records.map((cells, index) => ({ cells, row: index + 2 })).filter((r) => !isBlank(r.cells));
  if (rows.length === 0) return { ok: false, message: csvMessages.noProspects };
  if (rows.length > MAX_MANUAL_PROSPECTS) return { ok: false, message: csvMessages.tooManyRows(rows.length) };

  const valid: CsvProspectRow[] = [];
  const invalid: CsvRowError[] = [];
  for (const { cells, row } of rows) {
    const cell = (index: number | undefined) => (index === undefined ? '' : cellValue(cells[index]));
    const customFields: Record<string, string | number> = {};
    const customErrors: string[] = [];
    for (const { field, index } of customColumns) {
      const checked = checkCustomValue(field, cell(index));
      if (!checked.ok) customErrors.push(checked.message);
      else if (checked.value !== null) customFields[field.key] = checked.value;
    }
    const result = prospectInputSchema.safeParse({
      website: cell(columns.website),
      contactEmail: cell(columns.email),
      contactName: cell(columns.name),
      notes: cell(columns.notes),
      ...(customColumns.length > 0 ? { customFields } : {}),
    });
    const messages = [...(result.success ? [] : result.error.issues.map((i) => i.message)), ...customErrors];
    if (result.success && messages.length === 0) valid.push({ row, prospect: result.data });
    else invalid.push({ row, message: [...new Set(messages)].join('; ') });
  }
  return { ok: true, valid, invalid, otherColumns };
}

/**
 * The rows a server validation answer (VALIDATION_ERROR issues with paths `prospects.<index>.<field>`)
 * refuses, numbered as in the file: `rows[index]` is the file row of the index-th prospect sent.
 */
export function rowErrorsFromIssues(
  issues: readonly { path: string; message: string }[],
  rows: readonly number[],
): CsvRowError[] {
  const byRow = new Map<number, string[]>();
  for (const issue of issues) {
    const index = /^prospects\.(\d+)(\.|$)/.exec(issue.path)?.[1];
    const row = index === undefined ? undefined : rows[Number(index)];
    if (row === undefined) continue;
    byRow.set(row, [...new Set([...(byRow.get(row) ?? []), issue.message])]);
  }
  return [...byRow]
    .sort(([a], [b]) => a - b)
    .map(([row, messages]) => ({ row, message: messages.join('; ') }));
}

/** True when a chosen file looks like CSV by its name or type (docs/product.md#validation 'Please upload a valid CSV file'). */
export function isCsvFile(file: { name: string; type: string }): boolean {
  return /\.csv$/i.test(file.name) || ['text/csv', 'application/vnd.ms-excel'].includes(file.type);
}
