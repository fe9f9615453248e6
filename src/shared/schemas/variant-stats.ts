import { z } from 'zod';
import { stepConditions } from '../step-conditions';

/** Messages of the campaign's per-variant table (docs/product.md#variant-statistics). */
export const variantStatsMessages = {
  loadFailed: 'Failed to load the variant statistics',
  empty: 'Nothing sent yet: the table fills as the sequence goes out.',
} as const;

const rate = z.object({
  count: z.number().int(),
  /** count / sent, 0–1; 0 when nothing was sent. */
  rate: z.number(),
  /** The 95 % Wilson score interval of the rate, 0–1. */
  low: z.number(),
  high: z.number(),
});

/**
 * One row of the table: what one variant of one step did (decision 043). `variantId` null is the
 * step's single version (a step without variants, or messages sent before it had any);
 * `label` A–D by the variant's place in its set now, null when the variant was removed since.
 * delivered = sent − bounced; opened counts people (scanner hits apart in `scannerOpened`);
 * won = the prospect marked Success or given a placement, counted on its last message.
 */
export const variantStatsRowSchema = z.object({
  stepNumber: z.number().int(),
  /**
   * The follow-up's condition set the messages were sent from (docs/decisions/045-conditional-follow-ups.md):
   * prospects who clicked, opened without replying or did not open the previous step; null the step's default.
   */
  branch: z.enum(stepConditions).nullable(),
  variantId: z.string().nullable(),
  label: z.string().nullable(),
  /** The auto-winner chose this variant for the rest of the step's sends. */
  winner: z.boolean(),
  sent: z.number().int(),
  delivered: rate,
  opened: rate,
  scannerOpened: z.number().int(),
  clicked: rate,
  replied: rate,
  won: rate,
  bounced: rate,
  unsubscribed: rate,
});
export type VariantStatsRow = z.infer<typeof variantStatsRowSchema>;

/** Two variants of a step's set compared on replies: the z-test at α 0.05 and the sends still needed. */
export const variantComparisonSchema = z.object({
  stepNumber: z.number().int(),
  branch: z.enum(stepConditions).nullable(),
  /** The variants compared: the two with the most sends. */
  variantIds: z.tuple([z.string().nullable(), z.string().nullable()]),
  labels: z.tuple([z.string().nullable(), z.string().nullable()]),
  z: z.number().nullable(),
  pValue: z.number().nullable(),
  significant: z.boolean(),
  neededPerVariant: z.number().int().nullable(),
  moreSendsPerVariant: z.number().int().nullable(),
});
export type VariantComparisonRow = z.infer<typeof variantComparisonSchema>;

export const variantStatsSchema = z.object({
  rows: z.array(variantStatsRowSchema),
  comparisons: z.array(variantComparisonSchema),
});
export type VariantStats = z.infer<typeof variantStatsSchema>;
