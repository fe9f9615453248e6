/**
 * A whole number with US thousands separators, as `toLocaleString('en-US')` writes it ("5,000",
 * "-1,234"), without Intl: a page's first Intl call loads the browser's ICU formatter, ~60 ms of main
 * thread on a desktop and four times that on a phone, and the schemas call this while their modules
 * load (docs/decisions/022-dashboard-first-load.md). A fraction is rounded to the nearest whole number.
 */
export function formatThousands(value: number): string {
  const digits = String(Math.abs(Math.round(value)));
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ',');
  return value <= -0.5 ? `-${grouped}` : grouped;
}
