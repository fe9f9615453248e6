import { z } from 'zod';
import { limits } from '../limits';
import { fieldMessages as f } from './field-messages';

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
} as const;

const m = sequenceMessages;

/** One step as the editor holds it; `delayHours` is the wait after this step before the next one. */
export const sequenceStepInputSchema = z.strictObject({
  subject: z.string().trim().max(300, f.tooLong('Subject', 300)),
  content: z.string().trim().max(20_000, f.tooLong('Content', 20_000)),
  delayHours: z
    .number({ error: m.delayRange })
    .int(m.delayRange)
    .min(limits.minStepDelayHours, m.delayRange)
    .max(limits.maxStepDelayHours, m.delayRange)
    .nullable(),
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

export const sequenceStepSchema = z.object({
  id: z.string(),
  stepNumber: z.number().int(),
  subject: z.string(),
  content: z.string(),
  delayHours: z.number().int().nullable(),
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
  steps: z.array(sequenceStepSchema.omit({ id: true })),
});
export type SequenceTemplate = z.infer<typeof sequenceTemplateSchema>;
