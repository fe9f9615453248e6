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
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users';

/**
 * Workspaces own the data (docs/decisions/023-workspaces-and-roles.md): every campaign, prospect,
 * mailbox, sequence, live link … carries `workspace_id`. The outreach settings the whole team
 * shares (sending window, postal address, domain stop) live here.
 */
export const workspaces = pgTable('workspaces', {
  id: id(),
  /** The sidebar's Organization line: the company name given at sign-up, else "Personal". */
  name: text().notNull(),
  /** Printed in the footer of outreach messages when set (docs/decisions/009-outreach-sending.md). */
  postalAddress: text(),
  /** IANA time zone of the sending window. */
  timeZone: text().notNull().default('UTC'),
  /** ISO weekdays (1 = Monday) and local hours [start, end) when outreach may be sent. */
  sendWindowDays: integer()
    .array()
    .notNull()
    .default(sql`'{1,2,3,4,5}'::integer[]`),
  sendWindowStartHour: integer().notNull().default(8),
  sendWindowEndHour: integer().notNull().default(18),
  /** A reply from one person at a domain stops the sequences of everyone else there too (docs/decisions/011-replies-history-and-domain-memory.md). */
  stopDomainOnReply: boolean().notNull().default(true),
  /** Every member must have two-factor sign-in set up before using the workspace (docs/decisions/031-two-factor-and-passkeys.md). */
  requireTwoFactor: boolean().notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * 'full' (Full Access), 'member', or 'client' (a client's read-only view: docs/decisions/040-client-role.md),
 * per workspace (docs/product.md#roles).
 */
export const memberRole = pgEnum('member_role', ['member', 'full', 'client']);

/**
 * Who belongs to a workspace, with which role. `last_used_at` picks the workspace a request acts
 * on when it names none: the one the user switched to last.
 */
export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: memberRole().notNull().default('member'),
    joinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    index('idx_workspace_members_user_id_last_used_at').on(t.userId, t.lastUsedAt.desc()),
  ],
);

/**
 * Invitations to a workspace (docs/decisions/023-workspaces-and-roles.md, "Invitations"): the link
 * carries a random token and only its SHA-256 is stored, so reading the table cannot forge one.
 * `email` null: anyone with the link may accept. Single use (`accepted_at`), revocable, 7 days.
 */
export const workspaceInvitations = pgTable(
  'workspace_invitations',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Lower-case; null when the inviter chose "anyone with the link". */
    email: text(),
    role: memberRole().notNull(),
    /** Hex SHA-256 of the link's token. */
    tokenHash: text().notNull().unique(),
    invitedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    acceptedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('idx_workspace_invitations_workspace_id_created_at').on(t.workspaceId, t.createdAt.desc())],
);
