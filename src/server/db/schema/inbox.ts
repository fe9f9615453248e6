import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { inboxLabelOutcomes } from '../../../shared/schemas/inbox';
import { createdAt, id, updatedAt } from './columns';
import { emailAccounts } from './mailboxes';
import { inboundMessages } from './outreach';
import { prospects } from './prospects';
import { users } from './users';
import { workspaces } from './workspaces';

/**
 * The inbox (docs/decisions/024-inbox.md): one conversation per prospect, the labels a workspace
 * sorts them with, who read what, the answers written from the app and notes on prospects.
 */
export const inboxLabelOutcome = pgEnum('inbox_label_outcome', inboxLabelOutcomes);

export const inboxAnswerStatus = pgEnum('inbox_answer_status', ['draft', 'sending', 'sent']);

/** A workspace's labels, in `position` order; `outcome` is the prospect status a label sets. */
export const inboxLabels = pgTable(
  'inbox_labels',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** The prospect status the label sets (null: none). */
    outcome: inboxLabelOutcome(),
    /** The AI reply category this label is set from (shared/schemas/reply-suggestions.ts), if any. */
    category: text(),
    position: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('uq_inbox_labels_workspace_id_name').on(t.workspaceId, sql`lower(${t.name})`)],
);

/**
 * A conversation with one prospect: created by the first inbound message the prospect sends,
 * kept current by every message after it. `needs_answer` is true while their last reply is newer
 * than our last answer; `remind_at` is cleared by their next reply.
 */
export const inboxThreads = pgTable(
  'inbox_threads',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    prospectId: uuid()
      .notNull()
      .unique()
      .references(() => prospects.id, { onDelete: 'cascade' }),
    /** The mailbox the conversation is on: the one their latest message reached. */
    emailAccountId: uuid().references(() => emailAccounts.id, { onDelete: 'set null' }),
    lastMessageAt: timestamp({ withTimezone: true }).notNull(),
    /** Their latest message of any kind (reply, auto-reply, bounce…). */
    lastInboundAt: timestamp({ withTimezone: true }).notNull(),
    /** Their latest human reply; null when they only sent automatic mail (hidden by default). */
    lastReplyAt: timestamp({ withTimezone: true }),
    needsAnswer: boolean().notNull().default(false),
    labelId: uuid().references(() => inboxLabels.id, { onDelete: 'set null' }),
    assigneeId: uuid().references(() => users.id, { onDelete: 'set null' }),
    remindAt: timestamp({ withTimezone: true }),
    /** When the due reminder was notified; null until then. */
    remindedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('idx_inbox_threads_workspace_id_last_message_at').on(
      t.workspaceId,
      t.lastMessageAt.desc(),
      t.id.desc(),
    ),
    index('idx_inbox_threads_remind_at')
      .on(t.remindAt)
      .where(sql`${t.remindAt} is not null and ${t.remindedAt} is null`),
  ],
);

/** When a member last opened a thread; a thread is unread while its latest inbound is newer. */
export const inboxReads = pgTable(
  'inbox_reads',
  {
    threadId: uuid()
      .notNull()
      .references(() => inboxThreads.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.userId] })],
);

/**
 * An answer written in the app: a draft (one per thread and author, saved as it is typed), then
 * sending (claimed by one request), then sent with the Message-ID it went out with.
 */
export const inboxAnswers = pgTable(
  'inbox_answers',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    threadId: uuid()
      .notNull()
      .references(() => inboxThreads.id, { onDelete: 'cascade' }),
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    emailAccountId: uuid().references(() => emailAccounts.id, { onDelete: 'set null' }),
    status: inboxAnswerStatus().notNull().default('draft'),
    subject: text().notNull().default(''),
    body: text().notNull().default(''),
    messageId: text(),
    toEmail: text(),
    sentAt: timestamp({ withTimezone: true }),
    /** Why the last attempt to send failed (the draft is kept). */
    lastError: text(),
    /** Why the copy could not be put in the mailbox's Sent folder, when it could not. */
    sentCopyError: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('idx_inbox_answers_thread_id_created_at').on(t.threadId, t.createdAt),
    uniqueIndex('uq_inbox_answers_draft')
      .on(t.threadId, t.authorId)
      .where(sql`${t.status} = 'draft'`),
  ],
);

/** Notes on a prospect, visible to the whole workspace. */
export const prospectNotes = pgTable(
  'prospect_notes',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    prospectId: uuid()
      .notNull()
      .references(() => prospects.id, { onDelete: 'cascade' }),
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    body: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('idx_prospect_notes_prospect_id_created_at').on(t.prospectId, t.createdAt.desc())],
);

/**
 * Files attached to an inbound reply, stored privately (never under /uploads) and served only to
 * the workspace's members, always as a download.
 */
export const inboundAttachments = pgTable(
  'inbound_attachments',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    inboundMessageId: uuid()
      .notNull()
      .references(() => inboundMessages.id, { onDelete: 'cascade' }),
    filename: text().notNull(),
    contentType: text().notNull(),
    /** Bytes. */
    size: integer().notNull(),
    /** The stored file's name in the attachment storage; null when it was too large to keep. */
    storageKey: text(),
    createdAt: createdAt(),
  },
  (t) => [index('idx_inbound_attachments_inbound_message_id').on(t.inboundMessageId)],
);
