import { randomUUID } from 'node:crypto';
import { and, arrayContains, eq, isNull } from 'drizzle-orm';
import type { WebhookEventType } from '../../shared/schemas/webhook-events';
import type { Db } from '../db/client';
import { webhookDeliveries, webhookEndpoints } from '../db/schema/webhooks';
import { publishEvent } from '../events/publish';
import type { WebhookEventData } from './event-data';

/** The body every delivery posts (docs/product.md#webhooks). */
export interface WebhookPayload<T extends string = string, D = unknown> {
  /** The event's id: the same for every endpoint, attempt and redelivery; receivers de-duplicate on it. */
  id: string;
  type: T;
  /** When the event happened, ISO 8601. */
  createdAt: string;
  workspaceId: string;
  data: D;
}

/** The data of an event, or a function that reads it once an endpoint is known to want it (null: skip the event). */
export type EventDataSource<T extends WebhookEventType> =
  WebhookEventData[T] | (() => Promise<WebhookEventData[T] | null>);

/**
 * Reports an event to the workspace's webhooks (docs/decisions/025-public-api-and-webhooks.md):
 * one pending delivery per enabled endpoint subscribed to `type`, written with `db` — give it the
 * transaction of the change, so the event exists exactly when the change does (the outbox; the
 * webhook-deliveries job posts them). One indexed read of the workspace's endpoints; when none
 * wants the event nothing else happens, and `data`, given as a function, is not even read.
 * @returns the event id, or null when no endpoint wants the event.
 */
export async function emitWebhookEvent<T extends WebhookEventType>(
  db: Db,
  workspaceId: string,
  type: T,
  data: EventDataSource<T>,
): Promise<string | null> {
  const endpoints = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.workspaceId, workspaceId),
        isNull(webhookEndpoints.disabledAt),
        arrayContains(webhookEndpoints.events, [type]),
      ),
    );
  if (endpoints.length === 0) return null;
  const resolved = typeof data === 'function' ? await data() : data;
  if (resolved === null) return null;
  const payload: WebhookPayload<T, WebhookEventData[T]> = {
    id: randomUUID(),
    type,
    createdAt: new Date().toISOString(),
    workspaceId,
    data: resolved,
  };
  await db.insert(webhookDeliveries).values(
    endpoints.map((endpoint) => ({
      endpointId: endpoint.id,
      workspaceId,
      eventId: payload.id,
      eventType: type,
      payload: payload as unknown as Record<string, unknown>,
      nextAttemptAt: new Date(),
    })),
  );
  await publishEvent(db, { workspaceId, type: 'webhooks.changed' });
  return payload.id;
}
