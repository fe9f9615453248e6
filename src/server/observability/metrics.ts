import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { queryRows, type Database } from '../db/client';

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

  new Gauge({
    name: 'linkpilot_job_queue_depth',
    help: 'Jobs waiting in each queue (created or retry).',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await queueRows(db)) this.set({ queue: row.name }, Number(row.depth));
    },
  });
  new Gauge({
    name: 'linkpilot_job_queue_oldest_age_seconds',
    help: 'Age of the oldest waiting job of each queue.',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await queueRows(db)) this.set({ queue: row.name }, Number(row.oldest_seconds));
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
      const backlog = await numbers<'pending' | 'oldest'>(
        db,
        sql`select count(*) as pending, coalesce(extract(epoch from now() - min(created_at)), 0) as oldest
              from webhook_deliveries where status = 'pending'`,
      );
      webhooks.set({ measure: 'pending' }, backlog.pending);
      webhooks.set({ measure: 'oldest_age_seconds' }, backlog.oldest);
    },
  });

  const monitoring = new Gauge({
    name: 'linkpilot_link_checks_overdue',
    help: 'Live links whose scheduled check is due (count), and how late the most overdue one is in seconds.',
    labelNames: ['measure'] as const,
    registers: [registry],
    async collect() {
      const overdue = await numbers<'due' | 'lag'>(
        db,
        sql`select count(*) as due, coalesce(extract(epoch from now() - min(next_check_at)), 0) as lag
              from live_links where next_check_at < now()`,
      );
      monitoring.set({ measure: 'due' }, overdue.due);
      monitoring.set({ measure: 'lag_seconds' }, overdue.lag);
    },
  });

  return {
    registry,
    observeRequest(method, route, statusCode, seconds) {
      requestDuration.observe({ method, route, status_class: `${Math.floor(statusCode / 100)}xx` }, seconds);
    },
  };
}

/** Waiting jobs per pg-boss queue; none before pg-boss has made its schema. */
async function queueRows(db: Database): Promise<{ name: string; depth: string; oldest_seconds: string }[]> {
  const [schema] = await queryRows<{ found: boolean }>(
    db,
    sql`select to_regclass('pgboss.job') is not null as found`,
  );
  if (!schema?.found) return [];
  return queryRows(
    db,
    sql`select name, count(*) as depth, extract(epoch from now() - min(created_on)) as oldest_seconds
          from pgboss.job where state in ('created', 'retry') group by name order by name`,
  );
}
