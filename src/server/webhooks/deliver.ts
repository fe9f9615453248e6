import { and, eq, isNull, sql } from 'drizzle-orm';
import type { WebhookDeliveryStatus } from '../../shared/schemas/webhook-events';
import { webhookMessages } from '../../shared/schemas/webhooks';
import type { Database, Db } from '../db/client';
import { notifications } from '../db/schema/notifications';
import { webhookDeliveries, webhookEndpoints } from '../db/schema/webhooks';
import { emit } from '../events/emit';
import { decryptSecret } from '../secrets';
import { nextWebhookAttemptAt } from './backoff';
import type { ClaimedDelivery } from './claim';
import type { WebhookClient, WebhookPostOutcome } from './client';
import { webhookSignatureHeaders } from './signing';

/** What delivering needs: the database, the HTTP client, the key of the stored secrets, the clock. */
export interface WebhookDeliveryDeps {
  db: Database;
  client: WebhookClient;
  /** Decrypts the endpoints' signing secrets (webhookSecretKey). */
  secretKey: Buffer;
  /** Days an endpoint may keep failing before it is disabled (WEBHOOK_DISABLE_AFTER_DAYS). */
  disableAfterDays: number;
  /** The current time; tests move it forward instead of waiting. */
  now?: () => Date;
}

/** What one attempt came to, as the delivery log stores it. */
export interface AttemptResult {
  status: WebhookDeliveryStatus;
  responseStatus: number | null;
  responseBody: string | null;
  durationMs: number;
  nextAttemptAt: Date | null;
}

const DAY_MS = 86_400_000;

/**
 * Makes one attempt of a claimed delivery (docs/decisions/025-public-api-and-webhooks.md): reads
 * the endpoint, decrypts its secret, signs the stored payload (webhookSignatureHeaders) and posts
 * it through the client's SSRF guard; then records the outcome. A 2xx answer delivers it and ends
 * the endpoint's run of failures; anything else schedules the next attempt (backoff.ts) or, past
 * 24 hours — or with `oneShot` (the Test button) — fails it. Whatever throws before the post (a
 * secret that no longer decrypts, a URL that is not one) fails the delivery at once with the reason,
 * so it is never tried forever. Failures start or extend the endpoint's run (`failingSince`); a run
 * of WEBHOOK_DISABLE_AFTER_DAYS disables the endpoint (disableEndpoint). `oneShot` attempts leave
 * the endpoint's state alone. Never throws for the receiver's or the delivery's fault.
 */
export async function attemptDelivery(
  deps: WebhookDeliveryDeps,
  delivery: ClaimedDelivery,
  { oneShot = false }: { oneShot?: boolean } = {},
): Promise<AttemptResult> {
  const clock = deps.now ?? (() => new Date());
  const startedAt = clock();
  let outcome: WebhookPostOutcome;
  try {
    const [endpoint] = await deps.db
      .select({ url: webhookEndpoints.url, secretEncrypted: webhookEndpoints.secretEncrypted })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, delivery.endpointId));
    if (!endpoint) throw new Error('the endpoint no longer exists');
    const secret = decryptSecret(deps.secretKey, endpoint.secretEncrypted);
    const body = JSON.stringify(delivery.payload);
    const timestamp = Math.floor(startedAt.getTime() / 1000);
    const headers = webhookSignatureHeaders({ secret, eventId: delivery.eventId, timestamp, body });
    outcome = await deps.client.post(endpoint.url, body, headers);
  } catch (error) {
    outcome = {
      kind: 'failed',
      reason: `Not sent: ${(error as Error)?.message ?? String(error)}`,
      durationMs: 0,
      permanent: true,
    };
  }

  const endedAt = clock();
  const delivered = outcome.kind === 'answered' && outcome.status >= 200 && outcome.status < 300;
  const retryAt =
    delivered || oneShot || (outcome.kind === 'failed' && outcome.permanent)
      ? null
      : nextWebhookAttemptAt(delivery.createdAt, delivery.attempts, endedAt);
  const result: AttemptResult = {
    status: delivered ? 'delivered' : retryAt ? 'pending' : 'failed',
    responseStatus: outcome.kind === 'answered' ? outcome.status : null,
    responseBody: outcome.kind === 'answered' ? outcome.body : outcome.reason,
    durationMs: outcome.durationMs,
    nextAttemptAt: retryAt,
  };
  await recordAttempt(deps, delivery, result, { oneShot, startedAt });
  return result;
}

/** Stores an attempt's result on its delivery and, unless one-shot, on its endpoint; one transaction. */
async function recordAttempt(
  deps: WebhookDeliveryDeps,
  delivery: ClaimedDelivery,
  result: AttemptResult,
  { oneShot, startedAt }: { oneShot: boolean; startedAt: Date },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx
      .update(webhookDeliveries)
      .set({
        status: result.status,
        responseStatus: result.responseStatus,
        responseBody: result.responseBody,
        durationMs: result.durationMs,
        nextAttemptAt: result.nextAttemptAt,
      })
      .where(eq(webhookDeliveries.id, delivery.id));
    if (!oneShot && result.status === 'delivered') {
      await tx
        .update(webhookEndpoints)
        .set({ failingSince: null })
        .where(eq(webhookEndpoints.id, delivery.endpointId));
    } else if (!oneShot) {
      const [endpoint] = await tx
        .update(webhookEndpoints)
        .set({
          failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${startedAt.toISOString()}::timestamptz)`,
        })
        .where(eq(webhookEndpoints.id, delivery.endpointId))
        .returning({ failingSince: webhookEndpoints.failingSince, disabledAt: webhookEndpoints.disabledAt });
      const failingFor = endpoint?.failingSince ? startedAt.getTime() - endpoint.failingSince.getTime() : 0;
      if (endpoint && !endpoint.disabledAt && failingFor >= deps.disableAfterDays * DAY_MS)
        await disableEndpoint(tx, delivery.endpointId, {
          reason: webhookMessages.disabledAfterFailures(deps.disableAfterDays),
          now: startedAt,
          notify: true,
        });
    }
    await emit(tx, {
      type: 'webhook.delivery_changed',
      workspaceId: delivery.workspaceId,
      payload: { deliveryId: delivery.id },
    });
  });
}

/**
 * Disables an endpoint that is enabled (docs/product.md#webhooks): stamps `disabledAt` and the
 * reason, fails its pending deliveries (they can be redelivered once it is enabled again) and, with
 * `notify`, adds a 'webhook-disabled' notification for the workspace. Run it in the caller's
 * transaction. @returns false when the endpoint was already disabled or does not exist.
 */
export async function disableEndpoint(
  db: Db,
  endpointId: string,
  { reason, now, notify }: { reason: string; now: Date; notify: boolean },
): Promise<boolean> {
  const [endpoint] = await db
    .update(webhookEndpoints)
    .set({ disabledAt: now, disabledReason: reason })
    .where(and(eq(webhookEndpoints.id, endpointId), isNull(webhookEndpoints.disabledAt)))
    .returning({ workspaceId: webhookEndpoints.workspaceId, url: webhookEndpoints.url });
  if (!endpoint) return false;
  await db
    .update(webhookDeliveries)
    .set({
      status: 'failed',
      nextAttemptAt: null,
      responseBody: sql`coalesce(${webhookDeliveries.responseBody}, 'Not sent: the endpoint was disabled')`,
    })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
  if (notify) {
    await db.insert(notifications).values({
      workspaceId: endpoint.workspaceId,
      kind: 'webhook-disabled',
      webhookEndpointId: endpointId,
      title: `Webhook disabled: ${hostOf(endpoint.url)}`,
      body: `${reason}: LinkPilot stopped sending events to ${endpoint.url}. Fix the receiver, then enable the endpoint in Settings → Webhooks.`,
    });
    await emit(db, {
      type: 'notification.created',
      workspaceId: endpoint.workspaceId,
      payload: { kind: 'webhook-disabled' },
    });
  }
  await emit(db, { type: 'webhook.disabled', workspaceId: endpoint.workspaceId, payload: { endpointId } });
  return true;
}

/** The URL's host, or the URL itself when it does not parse. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
