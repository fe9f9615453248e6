import { limits } from '#shared/limits';
import type { SequenceInput } from '#shared/schemas/sequences';

interface StepLike {
  subject: string;
  content: string;
  delayHours: number | null;
  /** A/B variants (decision 043); templates have none. */
  variants?: readonly { id: string; subject: string; content: string; weight: number }[];
  autoWinnerAfter?: number | null;
  /** Conditions of a follow-up (decision 045); templates have none. */
  branches?: readonly {
    condition: NonNullable<SequenceInput['steps'][number]['branches']>[number]['condition'];
    variants: readonly { id: string; subject: string; content: string; weight: number }[];
  }[];
}

/** An empty step as the editor adds it: blank subject and content, the default 24 h wait (docs/product.md#validation). */
export function blankStep(): SequenceInput['steps'][number] {
  return {
    subject: '',
    content: '',
    delayHours: limits.defaultStepDelayHours,
    variants: [],
    autoWinnerAfter: null,
    branches: [],
  };
}

/**
 * Editor values from a stored sequence or template. The last step's null delay becomes the default,
 * so it has a sensible wait if a step is added after it (it is sent as null again on save).
 */
export function toEditorValues(name: string, steps: readonly StepLike[]): SequenceInput {
  return {
    name,
    steps: steps.map(({ subject, content, delayHours, variants, autoWinnerAfter, branches }) => ({
      subject,
      content,
      delayHours: delayHours ?? limits.defaultStepDelayHours,
      variants: (variants ?? []).map((v) => ({ ...v })),
      autoWinnerAfter: autoWinnerAfter ?? null,
      branches: (branches ?? []).map((b) => ({
        condition: b.condition,
        variants: b.variants.map((v) => ({ ...v })),
      })),
    })),
  };
}

/** Days from the first step to the last: the waits between steps (hours) over 24, at most 1 decimal. */
export function sequenceDurationDays(steps: readonly StepLike[]): number {
  const hours = steps.slice(0, -1).reduce((sum, s) => sum + (s.delayHours ?? 0), 0);
  return Math.round((hours / 24) * 10) / 10;
}
