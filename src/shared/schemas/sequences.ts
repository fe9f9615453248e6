import { z } from 'zod';
import { limits } from '../limits';
import { fieldMessages as f } from './field-messages';
import { spintaxError } from '../spintax';
import { stepConditions } from '../step-conditions';

/** Messages of the sequence screens (docs/product.md#validation, docs/product.md#errors). */
export const sequenceMessages = {
  nameRequired: 'Sequence name is required',
  stepsIncomplete: 'All steps must have a subject and content',
  tooManySteps: `A sequence has at most ${limits.maxSequenceSteps} steps`,
  atLeastOneStep: 'Add at least one step',
  delayRange: `Delay must be between ${limits.minStepDelayHours} and ${limits.maxStepDelayHours} hours`,
  loadFailed: 'Failed to load sequences',
  templatesLoadFailed: 'Failed to load sequence templates',
  saveFailed: 'Failed to save email sequence',
  deleteFailed: 'Failed to delete sequence',
  saved: 'Sequence saved',
  deleted: 'Sequence deleted',
  tooManyVariants: `A step has at most ${limits.maxStepVariants} variants`,
  variantEmpty: 'A variant needs its own subject or body',
  weightRange: 'Weight must be a whole number from 1 to 100',
  conditionOnFirstStep: 'Only a follow-up step can depend on what the prospect did with the previous one',
  conditionTwice: 'Each condition can be used once per step',
  branchNeedsVariant: 'A condition needs at least one variant',
  autoWinnerRange: `Sends per variant must be between ${limits.minAutoWinnerSends} and ${limits.maxAutoWinnerSends}`,
  /** A spintax error in a field: "Subject: Unclosed '{' at character 37". */
  spintax: (field: string, error: string) => `${field}: ${error}`,
} as const;

const m = sequenceMessages;

/** Refuses text whose spintax does not parse, naming the field and the character (decision 043). */
const spun = (field: string) => (value: string, ctx: z.RefinementCtx) => {
  const error = spintaxError(value);
  if (error) ctx.addIssue({ code: 'custom', message: m.spintax(field, error.error) });
};

/**
 * One variant of a step (docs/decisions/043-sequence-variants-and-spintax.md): its own subject
 * and/or body (empty keeps the step's) and its weight, 1–100. `id` keeps its statistics across saves;
 * a new variant has none and gets one.
 */
export const sequenceVariantInputSchema = z.strictObject({
  id: z.uuid().optional(),
  subject: z.string().trim().max(300, f.tooLong('Subject', 300)).superRefine(spun('Subject')).default(''),
  content: z.string().trim().max(20_000, f.tooLong('Content', 20_000)).superRefine(spun('Body')).default(''),
  weight: z
    .number({ error: m.weightRange })
    .int(m.weightRange)
    .min(1, m.weightRange)
    .max(100, m.weightRange)
    .default(1),
});
export type SequenceVariantInput = z.input<typeof sequenceVariantInputSchema>;

/**
 * A follow-up step's variant set for one condition on the previous step
 * (docs/decisions/045-conditional-follow-ups.md): prospects who clicked, opened without replying,
 * or did not open get these variants instead of the step's; each needs its own subject or body.
 */
export const sequenceBranchInputSchema = z.strictObject({
  condition: z.enum(stepConditions, { error: 'Choose what the prospect did with the previous step' }),
  variants: z
    .array(sequenceVariantInputSchema)
    .min(1, m.branchNeedsVariant)
    .max(limits.maxStepVariants, m.tooManyVariants),
});
export type SequenceBranchInput = z.input<typeof sequenceBranchInputSchema>;

/** One step as the editor holds it; `delayHours` is the wait after this step before the next one. */
export const sequenceStepInputSchema = z.strictObject({
  subject: z.string().trim().max(300, f.tooLong('Subject', 300)).superRefine(spun('Subject')),
  content: z.string().trim().max(20_000, f.tooLong('Content', 20_000)).superRefine(spun('Body')),
  delayHours: z
    .number({ error: m.delayRange })
    .int(m.delayRange)
    .min(limits.minStepDelayHours, m.delayRange)
    .max(limits.maxStepDelayHours, m.delayRange)
    .nullable(),
  /**
   * The step's variants A, B, …: none (the step is its one version) or up to 4. The first is usually
   * the step's own text (empty subject and body); each other one must change the subject or the body.
   */
  variants: z.array(sequenceVariantInputSchema).max(limits.maxStepVariants, m.tooManyVariants).default([]),
  /**
   * Auto-winner (decision 043): sends per variant after which, once the reply rates differ
   * significantly, the rest of the step's sends use the better variant; null is off.
   */
  autoWinnerAfter: z
    .number({ error: m.autoWinnerRange })
    .int(m.autoWinnerRange)
    .min(limits.minAutoWinnerSends, m.autoWinnerRange)
    .max(limits.maxAutoWinnerSends, m.autoWinnerRange)
    .nullable()
    .default(null),
  /** Conditions on the previous step, each with its own variants (follow-up steps only; decision 045). */
  branches: z.array(sequenceBranchInputSchema).max(stepConditions.length, m.conditionTwice).default([]),
});
export type SequenceStepInput = z.infer<typeof sequenceStepInputSchema>;

/**
 * A sequence to create or replace (docs/product.md#validation): a name, 1–3 steps each with subject and content.
 * The delay of the last step is meaningless (there is no next step) and is stored as null.
 */
export const sequenceInputSchema = z
  .strictObject({
    name: z
      .string({ error: m.nameRequired })
      .trim()
      .min(1, m.nameRequired)
      .max(200, f.tooLong('Sequence name', 200)),
    steps: z
      .array(sequenceStepInputSchema)
      .min(1, m.atLeastOneStep)
      .max(limits.maxSequenceSteps, m.tooManySteps),
  })
  .superRefine((value, ctx) => {
    if (value.steps.some((s) => !s.subject || !s.content)) {
      ctx.addIssue({ code: 'custom', path: ['steps'], message: m.stepsIncomplete });
    }
    value.steps.forEach((s, i) =>
      s.variants.forEach((v, j) => {
        if (j > 0 && !v.subject && !v.content)
          ctx.addIssue({
            code: 'custom',
            path: ['steps', i, 'variants', j, 'subject'],
            message: m.variantEmpty,
          });
      }),
    );
    value.steps.forEach((s, i) => {
      if (i === 0 && s.branches.length > 0)
        ctx.addIssue({ code: 'custom', path: ['steps', i, 'branches'], message: m.conditionOnFirstStep });
      s.branches.forEach((b, j) => {
        if (s.branches.findIndex((o) => o.condition === b.condition) !== j)
          ctx.addIssue({
            code: 'custom',
            path: ['steps', i, 'branches', j, 'condition'],
            message: m.conditionTwice,
          });
        b.variants.forEach((v, k) => {
          if (!v.subject && !v.content)
            ctx.addIssue({
              code: 'custom',
              path: ['steps', i, 'branches', j, 'variants', k, 'subject'],
              message: m.variantEmpty,
            });
        });
      });
    });
    value.steps.slice(0, -1).forEach((s, i) => {
      if (s.delayHours === null)
        ctx.addIssue({ code: 'custom', path: ['steps', i, 'delayHours'], message: m.delayRange });
    });
  })
  .transform((value) => ({
    ...value,
    steps: value.steps.map((s, i) => ({
      ...s,
      delayHours: i === value.steps.length - 1 ? null : s.delayHours,
    })),
  }));
export type SequenceInput = z.input<typeof sequenceInputSchema>;

export const sequenceVariantSchema = z.object({
  id: z.string(),
  subject: z.string(),
  content: z.string(),
  weight: z.number().int(),
});
export type SequenceVariant = z.infer<typeof sequenceVariantSchema>;

export const sequenceBranchSchema = z.object({
  condition: z.enum(stepConditions),
  variants: z.array(sequenceVariantSchema),
});

export const sequenceStepSchema = z.object({
  id: z.string(),
  stepNumber: z.number().int(),
  subject: z.string(),
  content: z.string(),
  delayHours: z.number().int().nullable(),
  variants: z.array(sequenceVariantSchema),
  autoWinnerAfter: z.number().int().nullable(),
  /** The variant the auto-winner chose for the rest of the step's sends, if it has. */
  winnerVariantId: z.string().nullable(),
  /** When the auto-winner chose it (ISO 8601); null while there is none. */
  winnerChosenAt: z.string().nullable(),
  /** The follow-up's variant sets by condition on the previous step (decision 045). */
  branches: z.array(sequenceBranchSchema),
});

export const sequenceSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  steps: z.array(sequenceStepSchema),
});
export type Sequence = z.infer<typeof sequenceSchema>;

export const sequenceTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  steps: z.array(
    sequenceStepSchema.omit({
      id: true,
      variants: true,
      autoWinnerAfter: true,
      winnerVariantId: true,
      winnerChosenAt: true,
      branches: true,
    }),
  ),
});
export type SequenceTemplate = z.infer<typeof sequenceTemplateSchema>;
