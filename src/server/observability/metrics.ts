import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { queryRows, type Database } from '../db/client';
import { jobQueueStats, monitoringLag, webhookBacklog } from './system-queries';

/** The app's Prometheus metrics: one registry per app, so several apps in one process stay apart. */
export interface AppMetrics {
  registry: Registry;
  /** Records one answered request: its method, route pattern (not the URL), status and seconds. */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void;
}

/** Reads one row of numbers; PostgreSQL's bigint and numeric arrive as strings. */
async function numbers<K extends string>(
  db: Database,
  query: ReturnType<typeof sql>,
): Promise<Record<K, number>> {
  const [row] = await queryRows<Record<K, string | number | null>>(db, query);
  return Object.fromEntries(
    Object.entries(row ?? {}).map(([key, value]) => [key, Number(value ?? 0)]),
  ) as Record<K, number>;
}

/**
 * Builds the registry: Node's process metrics (prefix `linkpilot_`), request durations by route,
 * and gauges read from the database at each scrape — the job queue's depth and oldest waiting job
 * per queue, messages sent and bounces and replies received in the last hour, the mailbox sync lag,
 * the webhook backlog and the link-monitoring lag (seconds). Names follow Prometheus's conventions
 * (https://prometheus.io/docs/practices/naming/): base units, `_seconds`, `_total` only on counters.
 */
export function createMetrics(db: Database): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'linkpilot_' });

  const requestDuration = new Histogram({
    name: 'linkpilot_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  // Both queue gauges are collected in parallel at each scrape: they share one read of pg-boss.
  const queues = sharedWhileRunning(() => jobQueueStats(db));
  new Gauge({
    name: 'linkpilot_job_queue_depth',
    help: 'Jobs waiting in each queue (created or retry).',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await queues()) this.set({ queue: row.name }, row.queued);
    },
  });
  new Gauge({
    name: 'linkpilot_job_queue_oldest_age_seconds',
    help: 'Seconds since the oldest waiting job of each queue became due (0 with none waiting).',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await queues()) this.set({ queue: row.name }, row.oldestWaitingSeconds ?? 0);
    },
  });

  const lastHour = new Gauge({
    name: 'linkpilot_mail_last_hour',
    help: 'Outreach messages sent, and bounces and replies received, in the last hour.',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      const counts = await numbers<'sent' | 'bounce' | 'reply'>(
        db,
        sql`select (select count(*) from outreach_messages where sent_at > now() - interval '1 hour') as sent,
                   count(*) filter (where kind = 'bounce') as bounce,
                   count(*) filter (where kind = 'reply') as reply
              from inbound_messages where received_at > now() - interval '1 hour'`,
      );
      for (const kind of ['sent', 'bounce', 'reply'] as const) lastHour.set({ kind }, counts[kind]);
    },
  });

  new Gauge({
    name: 'linkpilot_mailbox_sync_lag_seconds',
    help: 'Longest time since a connected mailbox last read its INBOX to the end (0 with none).',
    registers: [registry],
    async collect() {
      const { lag } = await numbers<'lag'>(
        db,
        sql`select coalesce(extract(epoch from now() - min(coalesce(last_sync, created_at))), 0) as lag
              from email_accounts where status = 'connected'`,
      );
      this.set(lag);
    },
  });

  const webhooks = new Gauge({
    name: 'linkpilot_webhook_backlog',
    help: 'Webhook deliveries waiting to be posted (count), and the oldest one’s age in seconds.',
    labelNames: ['measure'] as const,
    registers: [registry],
    async collect() {
      const backlog = await webhookBacklog(db);
      webhooks.set({ measure: 'pending' }, backlog.pending);
      webhooks.set({ measure: 'oldest_age_seconds' }, backlog.oldestPendingSeconds ?? 0);
    },
  });

  const monitoring = new Gauge({
    name: 'linkpilot_link_checks_overdue',
    help: 'Live links whose scheduled check is due (count), and how late the most overdue one is in seconds.',
    labelNames: ['measure'] as const,
    registers: [registry],
    async collect() {
      const overdue = await monitoringLag(db);
      monitoring.set({ measure: 'due' }, overdue.overdue);
      monitoring.set({ measure: 'lag_seconds' }, overdue.maxLagSeconds ?? 0);
    },
  });

  return {
    registry,
    observeRequest(method, route, statusCode, seconds) {
      requestDuration.observe({ method, route, status_class: `${Math.floor(statusCode / 100)}xx` }, seconds);
    },
  };
}

/**
 * `read` made once for every caller while one read is in flight: the metrics a scrape collects in
 * parallel share it, and the next scrape reads afresh.
 */
export function sharedWhileRunning<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () => {
    running ??= read().finally(() => {
      running = null;
    });
    return running;
  };
}
