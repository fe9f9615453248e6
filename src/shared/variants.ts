import { hash32 } from './spintax';

/**
 * Variants of a sequence step (docs/decisions/043-sequence-variants-and-spintax.md): one to four
 * versions of the step's subject and/or body, each prospect getting one, chosen by weight.
 */
export interface WeightedVariant {
  id: string;
  /** Relative share, 1–100; weights 1 and 3 send a quarter and three quarters. */
  weight: number;
}

/** The label a variant shows by its position: A, B, C, D. */
export const variantLabel = (index: number) => String.fromCharCode(65 + index);

/**
 * The variant a prospect gets for a step: hash(prospect, step) mod the total weight, walked over the
 * weights in order. Deterministic, so a retry after a crash (or the editor's preview) picks the same
 * one; the sending engine also stores it on the message the first time. Null when there are none.
 */
export function chooseVariant<V extends WeightedVariant>(
  variants: readonly V[],
  prospectId: string,
  stepNumber: number,
): V | null {
  const total = variants.reduce((sum, v) => sum + Math.max(0, v.weight), 0);
  if (total <= 0) return variants[0] ?? null;
  let ticket = hash32(`${prospectId}:${stepNumber}:variant`) % total;
  for (const v of variants) {
    const w = Math.max(0, v.weight);
    if (ticket < w) return v;
    ticket -= w;
  }
  return variants[variants.length - 1] ?? null;
}

/**
 * The subject and body a variant sends: its own text, or the step's where it left one empty.
 */
export function variantText(
  step: { subject: string; content: string },
  variant: { subject: string; content: string } | null,
): { subject: string; content: string } {
  return {
    subject: variant?.subject.trim() ? variant.subject : step.subject,
    content: variant?.content.trim() ? variant.content : step.content,
  };
}
