import Papa from 'papaparse';
import type { ProspectInput } from '../schemas/campaigns';

/** CSV upload messages of spec §5. */
export const csvMessages = {
  invalidFile: 'Please upload a valid CSV file',
  invalidFormat:
    'Invalid CSV format. Please ensure your CSV has the correct columns: website,email,name,notes',
  readError: 'Error reading the file',
} as const;

const COLUMNS = ['website', 'email', 'name', 'notes'] as const;

/** Strips whitespace and one pair of surrounding quotes a spreadsheet may have left (spec §5). */
function clean(value: string | undefined): string {
  return (value ?? '')
    .trim()
    .replace(/^["']+|["']+$/g, '')
    .trim();
}

export type ProspectsCsvResult = { ok: true; prospects: ProspectInput[] } | { ok: false; message: string };

/**
 * Reads a manual campaign's prospects from CSV text (spec §5): the first row is a header naming the
 * columns website,email,name,notes (any order, website required, others optional), blank lines are
 * skipped, surrounding quotes are trimmed, and every row needs a website.
 * @returns the prospects, or the spec's 'Invalid CSV format…' message.
 */
export function parseProspectsCsv(text: string): ProspectsCsvResult {
  const invalid = { ok: false, message: csvMessages.invalidFormat } as const;
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => clean(header).toLowerCase(),
  });
  const fields = parsed.meta.fields ?? [];
  if (!fields.includes('website') || fields.some((f) => f && !COLUMNS.includes(f as never))) return invalid;
  // A short row (no notes) is fine, and a one-column file has no delimiter to detect.
  const tolerated = new Set(['TooFewFields', 'UndetectableDelimiter']);
  if (parsed.errors.some((e) => !tolerated.has(e.code))) return invalid;

  const prospects: ProspectInput[] = [];
  for (const row of parsed.data) {
    const website = clean(row.website);
    if (!website) return invalid;
    prospects.push({
      website,
      contactEmail: clean(row.email) || null,
      contactName: clean(row.name) || null,
      notes: clean(row.notes) || null,
    });
  }
  return { ok: true, prospects };
}

/** True when a chosen file looks like CSV by its name or type (spec §5 'Please upload a valid CSV file'). */
export function isCsvFile(file: { name: string; type: string }): boolean {
  return /\.csv$/i.test(file.name) || ['text/csv', 'application/vnd.ms-excel'].includes(file.type);
}
