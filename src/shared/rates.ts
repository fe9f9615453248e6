/**
 * Campaign rates (docs/product.md#limits), as percentages 0–100 (not rounded; use formatPercent to show them).
 * A zero denominator gives 0, never NaN or Infinity.
 */
export function percent(numerator: number, denominator: number): number {
  if (!(denominator > 0)) return 0;
  return (numerator / denominator) * 100;
}

/** Response rate = responses / emails_sent × 100; 0 when nothing was sent. */
export function responseRate(c: { responses: number; emailsSent: number }): number {
  return percent(c.responses, c.emailsSent);
}

/** Success rate on the campaign list = success_count / prospects_found × 100; 0 when none found. */
export function listSuccessRate(c: { successCount: number; prospectsFound: number }): number {
  return percent(c.successCount, c.prospectsFound);
}

/** Success rate on the campaign detail = success_count / target_prospects × 100; 0 without a target. */
export function detailSuccessRate(c: { successCount: number; targetProspects: number }): number {
  return percent(c.successCount, c.targetProspects);
}

/** A percentage with 1 decimal (docs/product.md#limits), e.g. `12.5%`. */
export function formatPercent(value: number): string {
  return `${(Math.round(value * 10) / 10).toFixed(1)}%`;
}
