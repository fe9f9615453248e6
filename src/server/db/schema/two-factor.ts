import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './users';

/**
 * The second factors better-auth's two-factor and passkey plugins read and write through its Drizzle
 * adapter (docs/decisions/031-two-factor-and-passkeys.md); the property names are the plugins' field
 * names. Secrets are better-auth's: the TOTP secret and the backup codes are stored encrypted with
 * the app secret (symmetricEncrypt), a passkey keeps only its public key.
 */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The TOTP shared secret, encrypted. */
    secret: text().notNull(),
    /** The unused backup codes, encrypted as one JSON list. */
    backupCodes: text().notNull(),
    /** False between "set up" and the first correct code. */
    verified: boolean().notNull().default(true),
    /** Consecutive wrong codes at sign-in; at 10 the second factor is refused for 15 minutes. */
    failedVerificationCount: integer().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('idx_two_factors_user_id').on(t.userId)],
);

/** WebAuthn credentials (passkeys): the public key, its signature counter and how it is carried. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The name the user gave it. */
    name: text(),
    /** COSE public key, base64. */
    publicKey: text().notNull(),
    /** The credential id, base64url, as the browser sends it back at sign-in. */
    credentialID: text().notNull().unique(),
    counter: integer().notNull(),
    /** 'singleDevice' or 'multiDevice' (synced). */
    deviceType: text().notNull(),
    backedUp: boolean().notNull(),
    /** Comma-separated transports ('internal,hybrid'). */
    transports: text(),
    /** The authenticator's model id (AAGUID), when it gives one. */
    aaguid: text(),
    createdAt: createdAt(),
  },
  (t) => [index('idx_passkeys_user_id').on(t.userId)],
);

/**
 * Authenticator codes that already signed someone in, kept for the two minutes a code stays
 * acceptable (its 30 s step ±1), so that none works twice (RFC 6238 §5.2; better-auth's own check
 * does not remember them). `used_at` lets each claim forget the user's older rows.
 */
export const usedTotpCodes = pgTable(
  'used_totp_codes',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    usedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.code] })],
);
