/**
 * A CSV cell that spreadsheets will not run as a formula (OWASP "CSV injection"): a value
 * starting with =, +, -, @, a tab or a carriage return gets a leading apostrophe.
 */
export function safeCsvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
