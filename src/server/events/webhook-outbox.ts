import { randomUUID } from 'node:crypto';
import { and, arrayContains, eq, isNull } from 'drizzle-orm';
import type { WebhookEventType, WebhookPayload } from '../../shared/schemas/webhook-events';
import type { Db } from '../db/client';
import { webhookDeliveries, webhookEndpoints } from '../db/schema/webhooks';
import { currentRequestId } from '../observability/request-context';

/**
 * Puts a webhook event in the outbox (docs/decisions/025-public-api-and-webhooks.md): one pending
 * delivery per enabled endpoint of the workspace subscribed to `type`, written with `db` — the
 * transaction of the change, so the event exists exactly when the change does (the webhook-deliveries
 * job posts them). One indexed read of the endpoints; when none wants the event, `data` is not even
 * read. Only emit (./emit.ts) calls it.
 * @returns the event id, or null when no endpoint wants the event (or `data` gives null).
 */
export async function queueWebhookEvent(
  db: Db,
  workspaceId: string,
  type: WebhookEventType,
  data: () => Promise<object | null>,
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
  const resolved = await data();
  if (resolved === null) return null;
  const payload: WebhookPayload = {
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
      // The delivery's log lines carry the id of the request that made the change.
      requestId: currentRequestId() ?? null,
    })),
  );
  return payload.id;
}
