import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';

/**
 * Accounts: users, their sessions and the blog's admin addresses. The users, sessions, accounts
 * and verifications tables are the ones better-auth reads and writes through its Drizzle adapter;
 * their shape follows its core schema, with our profile fields added to users.
 */
export const users = pgTable(
  'users',
  {
    id: id(),
    /** Full name = first + last. */
    name: text().notNull(),
    email: text().notNull(),
    emailVerified: boolean().notNull().default(false),
    image: text(),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    companyName: text().notNull().default(''),
    /** Set by better-auth's two-factor plugin once a TOTP authenticator is confirmed (auth/two-factor-plugins.ts). */
    twoFactorEnabled: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('idx_users_email').on(sql`lower(${t.email})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ipAddress: text(),
    userAgent: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('idx_sessions_user_id').on(t.userId), index('idx_sessions_expires_at').on(t.expiresAt)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: text().notNull(),
    providerId: text().notNull(),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    refreshTokenExpiresAt: timestamp({ withTimezone: true }),
    scope: text(),
    /** Password hash (scrypt, by better-auth) for the email/password provider. */
    password: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('idx_accounts_user_id').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: id(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('idx_verifications_identifier').on(t.identifier)],
);

/** Users whose email is listed here may author blog posts. Stored lower-case. */
export const adminUsers = pgTable('admin_users', {
  email: text().primaryKey(),
  createdAt: createdAt(),
});
