/**
 * Money as LinkPilot keeps it: an integer amount in the currency's minor units (cents, or yen for a
 * currency without them) and an ISO 4217 code. The currency list and each currency's minor-unit
 * digits come from the runtime's ICU data (Intl), a maintained copy of ISO 4217, the same on the
 * server and in the browser. Amounts of different currencies are never added together.
 */

/** The ISO 4217 codes this runtime knows (Intl.supportedValuesOf('currency')), upper case, sorted. */
export const currencyCodes: readonly string[] = Intl.supportedValuesOf('currency');

const known = new Set(currencyCodes);

/** Whether `code` is an ISO 4217 currency code (upper case, e.g. EUR). */
export function isCurrencyCode(code: string): boolean {
  return known.has(code);
}

/** How many minor-unit digits `currency` has (EUR 2, JPY 0, BHD 3), from ICU's ISO 4217 data. */
export function minorDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

/** `amountMinor` minor units of `currency` for people: "€1,250.00", "¥3,000" (Intl.NumberFormat). */
export function formatMoney(amountMinor: number, currency: string, locale?: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(
    amountMinor / 10 ** minorDigits(currency),
  );
}

/** Minor units as a plain decimal in major units for forms and CSV: 125000 EUR → "1250.00". */
export function minorToDecimal(amountMinor: number, currency: string): string {
  const digits = minorDigits(currency);
  const sign = amountMinor < 0 ? '-' : '';
  const abs = Math.abs(amountMinor)
    .toString()
    .padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${abs}` : `${sign}${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
}

/**
 * A decimal in major units ("1250", "1250.5", "1,250.00") as minor units of `currency`, or null when
 * it is not a non-negative number with at most the currency's digits after the point. Parsed as text,
 * never through a float, so 0.1 + 0.2 errors cannot creep in.
 */
export function decimalToMinor(text: string, currency: string): number | null {
  const cleaned = text.trim().replaceAll(',', '').replaceAll(' ', '');
  const match = /^(\d+)(?:\.(\d*))?$/.exec(cleaned);
  if (!match) return null;
  const digits = minorDigits(currency);
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  const value = Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  return Number.isSafeInteger(value) ? value : null;
}
