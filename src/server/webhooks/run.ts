import type { Logger } from '../observability/log';
import { currentContext, runWithContext } from '../observability/request-context';
import { claimDueDeliveries } from './claim';
import { attemptDelivery, type WebhookDeliveryDeps } from './deliver';
import { processLogger } from '../observability/log';

/** Attempts one worker process runs at once (docs/decisions/025-public-api-and-webhooks.md). */
export const WEBHOOK_ATTEMPTS_IN_FLIGHT = 4;
/** A run stops claiming after this long; the next poll goes on where it stopped. */
const RUN_BUDGET_MS = 60_000;
/** Time a claim is held beyond the attempt's own time limit before another worker may take it. */
const LEASE_MARGIN_MS = 60_000;

/** How a run delivers: the attempt's deps plus its limits. */
export interface WebhookRunOptions extends WebhookDeliveryDeps {
  /** WEBHOOK_TIMEOUT_MS: an attempt's limit, from which the claim's lease is made. */
  timeoutMs: number;
  concurrency?: number;
  /** The worker's logger: one line per attempt, carrying the id of the request that queued the event. */
  log?: Logger;
}

/**
 * Posts the deliveries that are due (the webhook-deliveries job): keeps up to
 * WEBHOOK_ATTEMPTS_IN_FLIGHT attempts running, claiming more as each one ends (claimDueDeliveries:
 * at most one per endpoint, none of an endpoint with an attempt in flight), until nothing is due
 * or the run has lasted a minute. A receiver that hangs holds one slot until its time limit and
 * none of the other endpoints' deliveries. A failure to record an attempt is logged; its claim's
 * lease runs out and it is tried again.
 * @returns how many attempts were made and how many of them delivered.
 */
export async function deliverDueWebhooks(
  options: WebhookRunOptions,
): Promise<{ attempted: number; delivered: number }> {
  const clock = options.now ?? (() => new Date());
  const concurrency = options.concurrency ?? WEBHOOK_ATTEMPTS_IN_FLIGHT;
  const leaseMs = options.timeoutMs + LEASE_MARGIN_MS;
  const deadline = Date.now() + RUN_BUDGET_MS;
  const running = new Set<Promise<void>>();
  let attempted = 0;
  let delivered = 0;
  for (;;) {
    const free = Date.now() < deadline ? concurrency - running.size : 0;
    const claimed = free > 0 ? await claimDueDeliveries(options.db, clock(), free, leaseMs) : [];
    for (const delivery of claimed) {
      attempted++;
      const context = { ...currentContext(), requestId: delivery.requestId ?? undefined };
      const attempt: Promise<void> = runWithContext(context, () => attemptDelivery(options, delivery))
        .then((result) => {
          if (result.status === 'delivered') delivered++;
          runWithContext(context, () =>
            options.log?.info(
              {
                deliveryId: delivery.id,
                eventId: delivery.eventId,
                eventType: delivery.eventType,
                attempt: delivery.attempts,
                status: result.status,
                responseStatus: result.responseStatus,
              },
              'webhook attempt',
            ),
          );
        })
        .catch((error: unknown) =>
          processLogger().error({ err: error }, 'could not record a webhook attempt'),
        )
        .finally(() => running.delete(attempt));
      running.add(attempt);
    }
    if (claimed.length > 0 && running.size < concurrency && Date.now() < deadline) continue;
    if (running.size === 0) break;
    await Promise.race(running);
  }
  return { attempted, delivered };
}
