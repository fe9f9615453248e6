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
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns';
import { createdAt, id, updatedAt } from './columns';
import { emailAccounts } from './mailboxes';
import { prospects } from './prospects';
import { emailSequences } from './sequences';
import { workspaces } from './workspaces';

/**
 * The sending engine's records (docs/decisions/009-outreach-sending.md). An enrollment walks one prospect through a
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
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
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
      columns: [t.campaignId, t.workspaceId],
      foreignColumns: [campaigns.id, campaigns.workspaceId],
    }).onDelete('cascade'),
    index('idx_enrollments_status_next_step_at').on(t.status, t.nextStepAt),
    index('idx_enrollments_campaign_id').on(t.campaignId),
  ],
);

export const outreachMessages = pgTable(
  'outreach_messages',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    enrollmentId: uuid()
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    campaignId: uuid().notNull(),
    prospectId: uuid().notNull(),
    emailAccountId: uuid().references(() => emailAccounts.id, { onDelete: 'set null' }),
    stepNumber: integer().notNull(),
    /** The step's variant this message sent, chosen once when queued; null for a step without variants (decision 043). */
    variantId: text(),
    /**
     * The condition of the previous step this message's variant set was chosen by ('not_opened',
     * 'opened_no_reply', 'clicked'); null for the step's default set. Decided once when queued
     * (docs/decisions/045-conditional-follow-ups.md).
     */
    branch: text(),
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
    index('idx_outreach_messages_campaign_id_step_number').on(t.campaignId, t.stepNumber),
  ],
);

/** Addresses a user must never email again (unsubscribes, hard bounces, complaints). Stored lower-case. */
export const suppressions = pgTable(
  'suppressions',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    reason: suppressionReason().notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('uq_suppressions_workspace_id_email').on(t.workspaceId, t.email)],
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
 * Messages read from a mailbox that answer one of our messages (docs/decisions/011-replies-history-and-domain-memory.md): replies, automatic
 * replies, bounces and unsubscribe requests, for the prospect timeline and the counters. One row per
 * INBOX message (mailbox, UIDVALIDITY, UID): its effects were applied exactly when it was inserted.
 */
export const inboundMessages = pgTable(
  'inbound_messages',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Null once the mailbox is disconnected: the conversation stays (docs/decisions/024-inbox.md). */
    emailAccountId: uuid().references(() => emailAccounts.id, { onDelete: 'set null' }),
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
    /** What `text` cut: the quoted history below their words, at most 20,000 characters. */
    quotedText: text().notNull().default(''),
    /** The message's HTML part as received (at most 1 MB), sanitised each time it is shown; null for plain text. */
    html: text(),
    /** Message-IDs of its References header, oldest first, for answering in the same thread (RFC 5322 §3.6.4). */
    references: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
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
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
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
