import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  real,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { campaigns, prospects } from './campaigns';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users';

/**
 * Outreach (spec §3): mailboxes, the user's email sequences with their steps, and the shipped
 * sequence templates. Mailbox secrets are stored only as AES-256-GCM ciphertext (see secrets.ts).
 */
export const mailboxProvider = pgEnum('mailbox_provider', ['gmail', 'smtp', 'microsoft']);
/** 'paused': stopped by its health thresholds (or by hand); only the user resumes it. */
export const mailboxStatus = pgEnum('mailbox_status', ['connected', 'error', 'paused']);
/** What put a mailbox in 'error' or 'paused', so the side that works again can clear it. */
export const mailboxStatusSource = pgEnum('mailbox_status_source', ['smtp', 'imap', 'health', 'user']);
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
    /** Why the mailbox is in 'error' or 'paused', in words the user can act on. */
    statusReason: text(),
    statusSource: mailboxStatusSource(),
    /** The last sync that logged in and read the INBOX to its end. */
    lastSync: timestamp({ withTimezone: true }),
    emailsSent: integer().notNull().default(0),
    dailyLimit: integer().notNull().default(30),
    /** Random pause between two messages of this mailbox, in seconds (default 2–6 minutes). */
    minSpacingSeconds: integer().notNull().default(120),
    maxSpacingSeconds: integer().notNull().default(360),
    /** The mailbox sends nothing before this instant (spacing). */
    nextSendAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** INBOX position of the last synced message (RFC 3501 UIDVALIDITY and UID), so a restart neither misses nor re-reads. */
    imapUidValidity: bigint({ mode: 'number' }),
    imapLastUid: bigint({ mode: 'number' }),
    smtpHost: text(),
    smtpPort: integer(),
    smtpSecurity: mailboxSecurity(),
    imapHost: text(),
    imapPort: integer(),
    imapSecurity: mailboxSecurity(),
    username: text(),
    /** Encrypted password (SMTP/IMAP) or OAuth2 refresh token (Gmail, Microsoft). */
    secretEncrypted: text(),
    /**
     * Warm-up: the daily limit in force while a new mailbox ramps up to `dailyLimit`; grows each day
     * without trouble, null once the ramp is over (and for mailboxes connected before ramps existed).
     */
    rampLimit: integer(),
    rampUpdatedAt: timestamp({ withTimezone: true }),
    /** Health thresholds (%, 0–100): above one, over the recent sends, the mailbox is paused. */
    maxHardBouncePct: real().notNull().default(5),
    maxPolicyBlockPct: real().notNull().default(3),
    maxUnsubscribePct: real().notNull().default(2),
    /**
     * When the user last resumed the mailbox: its health counts only sends from then on, so the
     * bounces that paused it cannot pause it again at once. Null = never resumed.
     */
    healthSince: timestamp({ withTimezone: true }),
    /** DKIM selectors of the sender domain the user named; empty = try the common ones. */
    dkimSelectors: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The last SPF/DKIM/DMARC check of the mailbox's domain (shape: shared/schemas/mail-health.ts). */
    domainCheck: jsonb().$type<Record<string, unknown>>(),
    domainCheckedAt: timestamp({ withTimezone: true }),
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
    /** Hours to wait after this step before the next one, 1–720; null on the last step (spec §5). */
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

/**
 * The sending engine's records (issue 6 §3–5). An enrollment walks one prospect through a
 * sequence; each step it reaches becomes one outreach message, unique per (enrollment, step), so
 * a step can never be queued twice.
 */
export const enrollmentStatus = pgEnum('enrollment_status', ['active', 'paused', 'completed', 'stopped']);
export const outreachMessageStatus = pgEnum('outreach_message_status', [
  'queued',
  'sending',
  'sent',
  'failed',
  'flagged',
  'cancelled',
]);
export const suppressionReason = pgEnum('suppression_reason', [
  'unsubscribe',
  'bounce',
  'complaint',
  'manual',
]);
export const trackingEventType = pgEnum('tracking_event_type', ['open', 'click']);
export const inboundKind = pgEnum('inbound_kind', [
  'reply',
  'auto_reply',
  'bounce',
  'unsubscribe',
  'challenge',
]);
/**
 * A bounce's effect: hard (the address is dead), soft (try again later), policy (the receiving
 * server refused the sender: spam, blocklist — counts against the mailbox), delay (still retrying).
 */
export const bounceType = pgEnum('bounce_type', ['hard', 'soft', 'policy', 'delay']);

export const enrollments = pgTable(
  'enrollments',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campaignId: uuid().notNull(),
    prospectId: uuid()
      .notNull()
      .unique()
      .references(() => prospects.id, { onDelete: 'cascade' }),
    sequenceId: uuid().references(() => emailSequences.id, { onDelete: 'set null' }),
    emailAccountId: uuid().references(() => emailAccounts.id, { onDelete: 'set null' }),
    status: enrollmentStatus().notNull().default('active'),
    /** 1-based number of the step to send next. */
    nextStep: integer().notNull().default(1),
    /** Soft bounces of this enrollment's current step; past the limit the prospect is failed. */
    softBounces: integer().notNull().default(0),
    /** When the next step is due; null while a step is on its way or when nothing is left. */
    nextStepAt: timestamp({ withTimezone: true }),
    stopReason: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      columns: [t.campaignId, t.userId],
      foreignColumns: [campaigns.id, campaigns.userId],
    }).onDelete('cascade'),
    index('idx_enrollments_status_next_step_at').on(t.status, t.nextStepAt),
    index('idx_enrollments_campaign_id').on(t.campaignId),
  ],
);

export const outreachMessages = pgTable(
  'outreach_messages',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    enrollmentId: uuid()
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    campaignId: uuid().notNull(),
    prospectId: uuid().notNull(),
    emailAccountId: uuid().references(() => emailAccounts.id, { onDelete: 'set null' }),
    stepNumber: integer().notNull(),
    status: outreachMessageStatus().notNull().default('queued'),
    /** RFC 5322 Message-ID, fixed before the first attempt so a resend is recognisable. */
    messageId: text().notNull().unique(),
    toEmail: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    /** Placeholders without a value for this prospect; a flagged message is never sent. */
    missingPlaceholders: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Not before this instant (back-off after a transient failure). */
    notBefore: timestamp({ withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
    attempts: integer().notNull().default(0),
    lastError: text(),
    openedAt: timestamp({ withTimezone: true }),
    clickedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('uq_outreach_messages_enrollment_id_step_number').on(t.enrollmentId, t.stepNumber),
    index('idx_outreach_messages_status_not_before').on(t.status, t.notBefore),
    index('idx_outreach_messages_email_account_id_sent_at').on(t.emailAccountId, t.sentAt),
    index('idx_outreach_messages_prospect_id').on(t.prospectId),
  ],
);

/** Addresses a user must never email again (unsubscribes, hard bounces, complaints). Stored lower-case. */
export const suppressions = pgTable(
  'suppressions',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    reason: suppressionReason().notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('uq_suppressions_user_id_email').on(t.userId, t.email)],
);

/** Every open and click, including automated ones (flagged), for reports and the prospect timeline. */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: id(),
    messageId: uuid()
      .notNull()
      .references(() => outreachMessages.id, { onDelete: 'cascade' }),
    type: trackingEventType().notNull(),
    url: text(),
    ipAddress: text(),
    userAgent: text(),
    automated: boolean().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('idx_tracking_events_message_id').on(t.messageId)],
);

/**
 * Messages read from a mailbox that answer one of our messages (issue 7): replies, automatic
 * replies, bounces and unsubscribe requests, for the prospect timeline and the counters. One row per
 * INBOX message (mailbox, UIDVALIDITY, UID): its effects were applied exactly when it was inserted.
 */
export const inboundMessages = pgTable(
  'inbound_messages',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emailAccountId: uuid()
      .notNull()
      .references(() => emailAccounts.id, { onDelete: 'cascade' }),
    imapUidValidity: bigint({ mode: 'number' }).notNull(),
    imapUid: bigint({ mode: 'number' }).notNull(),
    prospectId: uuid()
      .notNull()
      .references(() => prospects.id, { onDelete: 'cascade' }),
    outreachMessageId: uuid().references(() => outreachMessages.id, { onDelete: 'set null' }),
    kind: inboundKind().notNull(),
    bounceType: bounceType(),
    messageId: text(),
    fromEmail: text().notNull(),
    subject: text().notNull(),
    /** The message's own text (quoted original cut), at most 20,000 characters. */
    text: text().notNull(),
    /** Bounce status and recipient, or the auto-reply's return date. */
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    receivedAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('uq_inbound_messages_mailbox_uid').on(t.emailAccountId, t.imapUidValidity, t.imapUid),
    index('idx_inbound_messages_prospect_id_received_at').on(t.prospectId, t.receivedAt.desc()),
  ],
);

/**
 * Inbound messages a sync could not parse or apply (broken MIME, a database error…): set aside with
 * the reason so the sync moves on; one row per INBOX message, shown on the mailbox.
 */
export const quarantinedMessages = pgTable(
  'quarantined_messages',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emailAccountId: uuid()
      .notNull()
      .references(() => emailAccounts.id, { onDelete: 'cascade' }),
    imapUidValidity: bigint({ mode: 'number' }).notNull(),
    imapUid: bigint({ mode: 'number' }).notNull(),
    messageId: text(),
    fromEmail: text(),
    subject: text(),
    /** Size of the raw message in bytes. */
    size: integer().notNull(),
    reason: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('uq_quarantined_messages_mailbox_uid').on(t.emailAccountId, t.imapUidValidity, t.imapUid),
    index('idx_quarantined_messages_email_account_id_created_at').on(t.emailAccountId, t.createdAt.desc()),
  ],
);

/**
 * Whether a domain can receive mail (MX, else A/AAAA; RFC 7505 null MX refuses), cached per domain
 * so enrolling thousands of prospects asks DNS once per domain.
 */
export const mailDomainChecks = pgTable('mail_domain_checks', {
  domain: text().primaryKey(),
  acceptsMail: boolean().notNull(),
  /** Why not, in the user's words; null when it accepts mail. */
  reason: text(),
  mxHosts: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  checkedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
