import { describe, expect, it } from 'vitest';
import { nextWebhookAttemptAt, webhookRetryDelayMs, WEBHOOK_RETRY_WINDOW_MS } from './backoff';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('webhook retry schedule (docs/decisions/025-public-api-and-webhooks.md)', () => {
  it('waits 30 s, 2 min, 10 min, 1 h, 3 h, then 6 h after each failed attempt', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 12].map(webhookRetryDelayMs)).toEqual([
      30_000,
      2 * MINUTE,
      10 * MINUTE,
      HOUR,
      3 * HOUR,
      6 * HOUR,
      6 * HOUR,
      6 * HOUR,
    ]);
  });

  it('schedules from the failed attempt and gives up once the next would be past 24 hours', () => {
    const created = new Date('2026-11-26T00:00:00Z');
    let now = created;
    const times: number[] = [];
    for (let attempts = 1; ; attempts++) {
      const next = nextWebhookAttemptAt(created, attempts, now);
      if (!next) break;
      times.push((next.getTime() - created.getTime()) / MINUTE);
      now = next;
    }
    // 0:30, 2:30, 12:30 minutes, then 1 h 12.5 min, 4 h 12.5 min, 10 h, 16 h, 22 h 12.5 min.
    expect(times).toEqual([0.5, 2.5, 12.5, 72.5, 252.5, 612.5, 972.5, 1332.5]);
    expect(times.at(-1)! * MINUTE).toBeLessThanOrEqual(WEBHOOK_RETRY_WINDOW_MS);
  });

  it('allows an attempt that lands exactly on the 24-hour mark', () => {
    const created = new Date('2026-11-26T00:00:00Z');
    const now = new Date(created.getTime() + WEBHOOK_RETRY_WINDOW_MS - 6 * HOUR);
    expect(nextWebhookAttemptAt(created, 6, now)?.getTime()).toBe(
      created.getTime() + WEBHOOK_RETRY_WINDOW_MS,
    );
    expect(nextWebhookAttemptAt(created, 6, new Date(now.getTime() + 1))).toBeNull();
  });
});
