/**
 * When a failed delivery is tried again (docs/decisions/025-public-api-and-webhooks.md): after 30 s,
 * 2 min, 10 min, 1 h, 3 h, then every 6 h, for as long as the next attempt falls within 24 hours of
 * the delivery's creation. Pure, so the schedule is tested on its own.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The waits after the 1st, 2nd, … failed attempt; the last one repeats. */
export const WEBHOOK_RETRY_DELAYS_MS = [
  30 * SECOND,
  2 * MINUTE,
  10 * MINUTE,
  HOUR,
  3 * HOUR,
  6 * HOUR,
] as const;

/** How long after its creation a delivery is still tried. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * HOUR;

/** The wait (ms) after the `attempts`-th failed attempt (1-based); past the list, 6 hours. */
export function webhookRetryDelayMs(attempts: number): number {
  const index = Math.min(Math.max(attempts, 1), WEBHOOK_RETRY_DELAYS_MS.length) - 1;
  return WEBHOOK_RETRY_DELAYS_MS[index]!;
}

/**
 * When to try a delivery again after its `attempts`-th attempt failed at `now`, or null when that
 * would be more than WEBHOOK_RETRY_WINDOW_MS after `createdAt` (the delivery has then failed).
 */
export function nextWebhookAttemptAt(createdAt: Date, attempts: number, now: Date): Date | null {
  const next = now.getTime() + webhookRetryDelayMs(attempts);
  return next > createdAt.getTime() + WEBHOOK_RETRY_WINDOW_MS ? null : new Date(next);
}
