const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A CSV cell that spreadsheets will not run as a formula (OWASP "CSV injection"): a value
 * starting with =, +, -, @, a tab or a carriage return gets a leading apostrophe.
 */
export function safeCsvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * The value a cell written by safeCsvCell stood for: the apostrophe it put before =, +, -, @, a tab
 * or a carriage return is dropped, so an exported file imports back to the same text.
 */
export function readCsvCell(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}
