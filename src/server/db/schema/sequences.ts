import { index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { StepCondition } from '../../../shared/step-conditions';
import { createdAt, id, updatedAt } from './columns';
import { workspaces } from './workspaces';

/** One stored variant of a step (see `emailSequenceSteps.variants`). */
export interface StepVariant {
  id: string;
  subject: string;
  content: string;
  weight: number;
}

/**
 * A follow-up step's variant set for the prospects whose previous step meets `condition`
 * (see `emailSequenceSteps.branches`; docs/decisions/045-conditional-follow-ups.md).
 */
export interface StepBranch {
  condition: StepCondition;
  variants: StepVariant[];
}

/** Email sequences: the user's sequences with their steps, and the shipped sequence templates. */
export const emailSequences = pgTable(
  'email_sequences',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('idx_email_sequences_workspace_id_created_at').on(t.workspaceId, t.createdAt.desc())],
);

export const emailSequenceSteps = pgTable(
  'email_sequence_steps',
  {
    id: id(),
    sequenceId: uuid()
      .notNull()
      .references(() => emailSequences.id, { onDelete: 'cascade' }),
    /** 1-based position. */
    stepNumber: integer().notNull(),
    subject: text().notNull(),
    content: text().notNull(),
    /** Hours to wait after this step before the next one, 1–720; null on the last step. */
    delayHours: integer(),
    /**
     * The step's A/B variants, in order (A, B, …): each `{ id, subject, content, weight }`, an empty
     * subject or content keeping the step's. Empty: the step is its one version (no variant id).
     * docs/decisions/043-sequence-variants-and-spintax.md
     */
    variants: jsonb().$type<StepVariant[]>().notNull().default([]),
    /**
     * Auto-winner: once every variant has this many sends and the reply rates of the two best differ
     * significantly (α 0.05), the rest of the step's sends use the better one. Null: off. Decision 043.
     */
    autoWinnerAfter: integer(),
    /** The variant the auto-winner chose; later sends of the step all use it. */
    winnerVariantId: text(),
    /** When the auto-winner chose it (shown in the editor); null while there is none. */
    winnerChosenAt: timestamp({ withTimezone: true }),
    /**
     * Conditions of a follow-up step (2 or 3): per condition on the previous step (not opened,
     * opened without reply, clicked) its own variants `[{ condition, variants }]`, chosen at queueing
     * from what is recorded; prospects meeting none get `variants` above. Empty on step 1 and on a
     * step without conditions. docs/decisions/045-conditional-follow-ups.md
     */
    branches: jsonb().$type<StepBranch[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('uq_email_sequence_steps_sequence_id_step_number').on(t.sequenceId, t.stepNumber)],
);

export const emailSequenceTemplates = pgTable('email_sequence_templates', {
  id: id(),
  name: text().notNull().unique(),
  description: text().notNull(),
  createdAt: createdAt(),
});

export const emailSequenceTemplateSteps = pgTable(
  'email_sequence_template_steps',
  {
    id: id(),
    templateId: uuid()
      .notNull()
      .references(() => emailSequenceTemplates.id, { onDelete: 'cascade' }),
    stepNumber: integer().notNull(),
    subject: text().notNull(),
    content: text().notNull(),
    delayHours: integer(),
  },
  (t) => [unique('uq_email_sequence_template_steps_template_id_step_number').on(t.templateId, t.stepNumber)],
);
