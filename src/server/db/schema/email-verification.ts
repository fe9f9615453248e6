import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { emailVerdicts, verdictSources, verifierProviders } from '../../../shared/schemas/email-verification';
import { belongsToCampaign } from './campaigns';
import { createdAt, id, updatedAt } from './columns';
import { workspaces } from './workspaces';

export const emailVerdict = pgEnum('email_verdict', emailVerdicts);
export const verifierProvider = pgEnum('verifier_provider', verifierProviders);

/**
 * A workspace's address verification settings (docs/decisions/047-address-verification.md): the
 * provider it connected with its own API key (encrypted at rest, src/server/secrets.ts) and whether
 * LinkPilot's own SMTP check runs (off by default).
 */
export const emailVerificationSettings = pgTable('email_verification_settings', {
  workspaceId: uuid()
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  provider: verifierProvider(),
  apiKeyEncrypted: text(),
  smtpCheck: boolean().notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The verdict of each address the workspace verified, by address (lower case), with its source and
 * date: the cache every later verification of the address reads while it is fresh.
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    verdict: emailVerdict().notNull(),
    /** shared/schemas/email-verification.ts verdictSources. */
    source: text({ enum: verdictSources }).notNull(),
    detail: text().notNull(),
    checkedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.email] })],
);

export const verificationRunStatus = pgEnum('verification_run_status', ['running', 'completed', 'failed']);

/** A campaign's bulk "Verify addresses" run (the verify-addresses job) and its progress. */
export const emailVerificationRuns = pgTable(
  'email_verification_runs',
  {
    id: id(),
    ...belongsToCampaign.columns(),
    status: verificationRunStatus().notNull().default('running'),
    total: integer().notNull(),
    done: integer().notNull().default(0),
    /** Addresses per verdict so far. */
    counts: jsonb().$type<Partial<Record<(typeof emailVerdicts)[number], number>>>().notNull().default({}),
    error: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    belongsToCampaign.foreignKey(t),
    index('idx_email_verification_runs_campaign_id_created_at').on(t.campaignId, t.createdAt.desc()),
  ],
);
