import { renderPlaceholders, type PlaceholderValues } from './placeholders';
import { parseSpintax, renderSpintax, spinSeed } from './spintax';
import { chooseVariant, variantText } from './variants';

/**
 * Spins `text` for one prospect's step; text whose spintax does not parse (a step saved before
 * spintax was checked) goes as written rather than not at all.
 */
export function spinFor(
  text: string,
  prospectId: string,
  stepNumber: number,
  part: 'subject' | 'body',
): string {
  return parseSpintax(text).ok ? renderSpintax(text, spinSeed(prospectId, stepNumber, part)) : text;
}

/** What one prospect is sent for one step. */
export interface RenderedStep {
  /** The variant chosen, null for a step without variants. */
  variantId: string | null;
  subject: string;
  body: string;
  /** Placeholders without a value and without a fallback: the step is held for this prospect. */
  missing: string[];
}

/**
 * One prospect's message of a step, as the sending engine queues it and the preview shows it
 * (docs/decisions/043-sequence-variants-and-spintax.md): the variant chosen by weight for the prospect
 * and step (or `variantId` when one was already chosen), its text (the step's where it left a part
 * empty), spintax resolved for the prospect and step, then placeholders filled (fallbacks used).
 */
export function renderStepFor(
  step: {
    subject: string;
    content: string;
    variants: readonly { id: string; subject: string; content: string; weight: number }[];
  },
  prospectId: string,
  stepNumber: number,
  values: PlaceholderValues,
  variantId?: string | null,
): RenderedStep {
  const variant =
    step.variants.find((v) => v.id === variantId) ?? chooseVariant(step.variants, prospectId, stepNumber);
  const text = variantText(step, variant);
  const subject = renderPlaceholders(spinFor(text.subject, prospectId, stepNumber, 'subject'), values);
  const body = renderPlaceholders(spinFor(text.content, prospectId, stepNumber, 'body'), values);
  return {
    variantId: variant?.id ?? null,
    subject: subject.text,
    body: body.text,
    missing: [...new Set([...subject.missing, ...body.missing])],
  };
}
