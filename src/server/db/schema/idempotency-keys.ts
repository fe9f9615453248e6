import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * The first answer to each `Idempotency-Key` a client sent (docs/decisions/018-idempotency-keys.md),
 * so a double click or a retried request gets that answer again instead of doing the work twice.
 * `scope` is the signed-in user's id and workspace id (`user:workspace`), or for sign-up and the contact form
 * `anonymous:<client address>:<requestHash>` (http/idempotency.ts, `keyScope`). A row whose
 * `statusCode` is null is still in progress. Rows live 24 hours (session-cleanup deletes older ones).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text().notNull(),
    key: text().notNull(),
    /** `POST /api/campaigns`: the same key on another route is a different request. */
    route: text().notNull(),
    /** HMAC-SHA-256 (hex) of the request body under APP_SECRET: a sign-up body holds a password. */
    requestHash: text().notNull(),
    statusCode: integer(),
    /** The answer's body as sent (JSON text). */
    responseBody: text(),
    createdAt: createdAt(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);
