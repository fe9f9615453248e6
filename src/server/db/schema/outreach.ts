import { index, integer, pgEnum, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users';

/**
 * Outreach (spec §3): mailboxes, the user's email sequences with their steps, and the shipped
 * sequence templates. Mailbox secrets are stored only as AES-256-GCM ciphertext (see secrets.ts).
 */
export const mailboxProvider = pgEnum('mailbox_provider', ['gmail', 'smtp']);
export const mailboxStatus = pgEnum('mailbox_status', ['connected', 'error']);
export const mailboxSecurity = pgEnum('mailbox_security', ['tls', 'starttls', 'none']);

export const emailAccounts = pgTable(
  'email_accounts',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    provider: mailboxProvider().notNull(),
    status: mailboxStatus().notNull().default('connected'),
    /** Why the mailbox is in 'error', in words the user can act on. */
    statusReason: text(),
    lastSync: timestamp({ withTimezone: true }),
    emailsSent: integer().notNull().default(0),
    dailyLimit: integer().notNull().default(30),
    smtpHost: text(),
    smtpPort: integer(),
    smtpSecurity: mailboxSecurity(),
    imapHost: text(),
    imapPort: integer(),
    imapSecurity: mailboxSecurity(),
    username: text(),
    /** Encrypted password (SMTP/IMAP) or OAuth2 refresh token (Gmail). */
    secretEncrypted: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('uq_email_accounts_user_id_email').on(t.userId, t.email),
    index('idx_email_accounts_user_id_created_at').on(t.userId, t.createdAt.desc()),
  ],
);

export const emailSequences = pgTable(
  'email_sequences',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('idx_email_sequences_user_id_created_at').on(t.userId, t.createdAt.desc())],
);

export const emailSequenceSteps = pgTable(
  'email_sequence_steps',
  {
    id: id(),
    sequenceId: uuid()
      .notNull()
      .references(() => emailSequences.id, { onDelete: 'cascade' }),
    /** 1-based position (spec §7: position + 1). */
    stepNumber: integer().notNull(),
    subject: text().notNull(),
    content: text().notNull(),
    /** Hours to wait after the previous step, 1–720; null on the last step (spec §5). */
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
