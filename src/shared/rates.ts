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

/**
 * Success Rate = success_count / prospects_found × 100; 0 when none found. The spec's success rate of
 * the campaign list, and the only quantity the screens call Success Rate.
 */
export function successRate(c: { successCount: number; prospectsFound: number }): number {
  return percent(c.successCount, c.prospectsFound);
}

/**
 * Target Reached = success_count / target_prospects × 100; 0 without a target. The spec's success rate
 * of the campaign detail page, named apart because it is another quantity than successRate.
 */
export function targetReached(c: { successCount: number; targetProspects: number }): number {
  return percent(c.successCount, c.targetProspects);
}

/**
 * Each campaign figure's name and definition, as the list's column headers and the detail page's cards
 * show them (the definition in a tooltip): one name per quantity, on every screen.
 */
export const campaignFigures = {
  prospects: {
    label: 'Prospects',
    explained:
      'Prospects in the campaign, found by discovery or uploaded. The target is the number the campaign ' +
      'set out to find (AI) or the rows of its file (manual).',
  },
  responseRate: {
    label: 'Response Rate',
    explained: 'Prospects who replied ÷ emails sent (follow-ups included) × 100.',
  },
  successRate: {
    label: 'Success Rate',
    explained: 'Prospects marked Success ÷ prospects found × 100.',
  },
  targetReached: {
    label: 'Target Reached',
    explained: 'Prospects marked Success ÷ the target number of prospects × 100.',
  },
} as const;

/** A percentage with 1 decimal (docs/product.md#limits), e.g. `12.5%`. */
export function formatPercent(value: number): string {
  return `${(Math.round(value * 10) / 10).toFixed(1)}%`;
}
