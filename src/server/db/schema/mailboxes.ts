import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
import { createdAt, id, updatedAt } from './columns';
import { users } from './users';
import { workspaces } from './workspaces';

/**
 * Mailboxes (docs/decisions/009-outreach-sending.md, 014-mailbox-health.md): the user's sending and
 * reading accounts and their domains' SPF/DKIM/DMARC checks. Mailbox secrets are stored only as
 * AES-256-GCM ciphertext (see secrets.ts).
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
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The member who connected it: with Full Access members, the only one who may change it (docs/product.md#roles). */
    connectedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
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
    unique('uq_email_accounts_workspace_id_email').on(t.workspaceId, t.email),
    index('idx_email_accounts_workspace_id_created_at').on(t.workspaceId, t.createdAt.desc()),
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
