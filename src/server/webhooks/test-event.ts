import { randomUUID } from 'node:crypto';
import { webhookTestEvent } from '../../shared/schemas/webhook-events';
import { webhookDeliveries } from '../db/schema/webhooks';
import { currentRequestId } from '../observability/request-context';
import { attemptDelivery, type AttemptResult, type WebhookDeliveryDeps } from './deliver';
import type { WebhookPayload } from '../../shared/schemas/webhook-events';

/**
 * Sends the sample `webhook.test` event to an endpoint now and waits for the answer (the Test
 * button, docs/product.md#webhooks): the delivery is logged like any other and goes through the
 * same signing, SSRF guard and time limit, but is attempted once, never retried, and leaves the
 * endpoint's failure state alone.
 * @returns the delivery's id and what the attempt came to.
 */
export async function sendTestEvent(
  deps: WebhookDeliveryDeps,
  endpoint: { id: string; workspaceId: string },
): Promise<AttemptResult & { deliveryId: string }> {
  const now = (deps.now ?? (() => new Date()))();
  const payload: WebhookPayload = {
    id: randomUUID(),
    type: webhookTestEvent,
    createdAt: now.toISOString(),
    workspaceId: endpoint.workspaceId,
    data: { endpointId: endpoint.id, message: 'This is a test event from LinkPilot.' },
  };
  const delivery = {
    endpointId: endpoint.id,
    workspaceId: endpoint.workspaceId,
    eventId: payload.id,
    eventType: webhookTestEvent,
    payload: payload as unknown as Record<string, unknown>,
    attempts: 1,
    requestId: currentRequestId() ?? null,
  };
  // Logged as in flight from the start (a start, no duration), with no next attempt: no job claims it.
  const [row] = await deps.db
    .insert(webhookDeliveries)
    .values({ ...delivery, lastAttemptAt: now, nextAttemptAt: null })
    .returning({ id: webhookDeliveries.id, createdAt: webhookDeliveries.createdAt });
  const result = await attemptDelivery(
    deps,
    { ...delivery, id: row!.id, createdAt: row!.createdAt },
    { oneShot: true },
  );
  return { ...result, deliveryId: row!.id };
}
