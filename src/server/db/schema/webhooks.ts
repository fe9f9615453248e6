import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { webhookDeliveryStatuses } from '../../../shared/schemas/webhook-events';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users';
import { workspaces } from './workspaces';

export const webhookDeliveryStatus = pgEnum('webhook_delivery_status', webhookDeliveryStatuses);

/**
 * A workspace's webhook endpoints (docs/decisions/025-public-api-and-webhooks.md): where events
 * are posted, which ones, and the signing secret (encrypted at rest, src/server/secrets.ts).
 * `failingSince` is the first failed attempt of the current failure run; `disabledAt` is set when
 * the run lasted WEBHOOK_DISABLE_AFTER_DAYS, or by the user.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    url: text().notNull(),
    description: text().notNull().default(''),
    /** Event type names (src/shared/schemas/webhook-events.ts). */
    events: text().array().notNull(),
    secretEncrypted: text().notNull(),
    failingSince: timestamp({ withTimezone: true }),
    disabledAt: timestamp({ withTimezone: true }),
    disabledReason: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('idx_webhook_endpoints_workspace_id').on(t.workspaceId)],
);

/**
 * One event for one endpoint, and its attempts (the outbox: rows are written in the transaction
 * of the change they report, and a job posts them). `eventId` is the same for every endpoint and
 * every redelivery of the event, so receivers de-duplicate on it.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    eventId: uuid().notNull(),
    eventType: text().notNull(),
    /** The whole JSON body that is posted (and signed), as sent on every attempt. */
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    status: webhookDeliveryStatus().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    lastAttemptAt: timestamp({ withTimezone: true }),
    /** The receiver's HTTP status of the last attempt; null when it gave none (timeout, refused). */
    responseStatus: integer(),
    /** The start of the receiver's answer (at most 2,000 characters), or why no answer came. */
    responseBody: text(),
    durationMs: integer(),
    /** The id of the HTTP request whose change queued the event (its log lines'), when one did. */
    requestId: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('idx_webhook_deliveries_endpoint_id_created_at').on(t.endpointId, t.createdAt.desc(), t.id.desc()),
    index('idx_webhook_deliveries_due')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
