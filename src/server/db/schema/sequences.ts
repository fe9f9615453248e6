import { index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { workspaces } from './workspaces';

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
