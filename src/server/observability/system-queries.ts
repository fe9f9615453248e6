import { and, asc, count, desc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { FailingEndpoint, FailingMailbox, SystemQueue } from '../../shared/schemas/system';
import { queryRows, type Database } from '../db/client';
import { backupRuns } from '../db/schema/backups';
import { emailAccounts } from '../db/schema/mailboxes';
import { webhookEndpoints } from '../db/schema/webhooks';

/**
 * The reads the System page (modules/system) and the Prometheus scrape (metrics.ts) share, so the
 * two never count the same thing two ways (docs/decisions/041-request-ids-and-system-page.md).
 * `workspaceId` scopes the per-workspace reads; without it they count the whole install (the
 * metrics). Ages are in seconds; PostgreSQL's bigint and numeric arrive as strings and are read
 * as numbers here.
 */

const num = (value: string | number | null | undefined): number => Number(value ?? 0);
const numOrNull = (value: string | number | null | undefined): number | null =>
  value === null || value === undefined ? null : Number(value);

/**
 * Every pg-boss queue with its jobs: waiting (created or retry), running (active), failed in the
 * last 24 hours, and the seconds since the longest-waiting job became due (its start_after: a
 * retry's back-off or a spread-out check is not waiting before then); null when none waits.
 * Install-wide; pg-boss's internal queues (`__pgboss__…`) left out. One read of pg-boss's job
 * table; none before pg-boss has made its schema.
 */
export async function jobQueueStats(db: Database): Promise<SystemQueue[]> {
  const [schema] = await queryRows<{ found: boolean }>(
    db,
    sql`select to_regclass('pgboss.job') is not null and to_regclass('pgboss.queue') is not null as found`,
  );
  if (!schema?.found) return [];
  const rows = await queryRows<{
    name: string;
    queued: string | null;
    active: string | null;
    failed: string | null;
    oldest: string | null;
  }>(
    db,
    sql`select q.name,
               j.queued, j.active, j.failed, j.oldest
          from pgboss.queue q
          left join (
            select name,
                   count(*) filter (where state in ('created', 'retry')) as queued,
                   count(*) filter (where state = 'active') as active,
                   count(*) filter (where state = 'failed' and completed_on > now() - interval '24 hours') as failed,
                   extract(epoch from now() - min(start_after) filter (
                     where state in ('created', 'retry') and start_after <= now())) as oldest
              from pgboss.job
             where state in ('created', 'retry', 'active')
                or (state = 'failed' and completed_on > now() - interval '24 hours')
             group by name
          ) j on j.name = q.name
         -- pg-boss's own queues (its cron's send-it) are its business, not the app's.
         where left(q.name, 8) <> '__pgboss'
         order by q.name`,
  );
  return rows.map((row) => ({
    name: row.name,
    queued: num(row.queued),
    active: num(row.active),
    failedLastDay: num(row.failed),
    oldestWaitingSeconds: row.oldest === null ? null : Math.max(0, Number(row.oldest)),
  }));
}

/** `where` for a table's workspace_id, or true for the whole install. */
function scoped(workspaceId: string | undefined, column: SQL = sql`workspace_id`): SQL {
  return workspaceId ? sql`${column} = ${workspaceId}` : sql`true`;
}

/** Webhook deliveries waiting to be posted, and the oldest one's age (seconds; null for none). */
export async function webhookBacklog(
  db: Database,
  workspaceId?: string,
): Promise<{ pending: number; oldestPendingSeconds: number | null }> {
  const [row] = await queryRows<{ pending: string; oldest: string | null }>(
    db,
    sql`select count(*) as pending, extract(epoch from now() - min(created_at)) as oldest
          from webhook_deliveries where status = 'pending' and ${scoped(workspaceId)}`,
  );
  return { pending: num(row?.pending), oldestPendingSeconds: numOrNull(row?.oldest) };
}

/**
 * Live links whose scheduled check is due (next_check_at passed: the schedule claims due links and
 * moves it on, so a link stays due only while checks lag), and how late the most overdue one is.
 */
export async function monitoringLag(
  db: Database,
  workspaceId?: string,
): Promise<{ overdue: number; maxLagSeconds: number | null; total: number }> {
  const [row] = await queryRows<{ overdue: string; lag: string | null; total: string }>(
    db,
    sql`select count(*) filter (where next_check_at < now()) as overdue,
               extract(epoch from now() - min(next_check_at) filter (where next_check_at < now())) as lag,
               count(*) as total
          from live_links where ${scoped(workspaceId)}`,
  );
  return { overdue: num(row?.overdue), maxLagSeconds: numOrNull(row?.lag), total: num(row?.total) };
}

/** The workspace's mailboxes in 'error' or 'paused' (the first `limit`, longest failing first) and the counts. */
export async function failingMailboxes(
  db: Database,
  workspaceId: string,
  limit: number,
): Promise<{ total: number; failingCount: number; failing: FailingMailbox[] }> {
  const failingWhere = and(
    eq(emailAccounts.workspaceId, workspaceId),
    inArray(emailAccounts.status, ['error', 'paused']),
  );
  const [[all], [failing], rows] = await Promise.all([
    db.select({ n: count() }).from(emailAccounts).where(eq(emailAccounts.workspaceId, workspaceId)),
    db.select({ n: count() }).from(emailAccounts).where(failingWhere),
    db
      .select({
        id: emailAccounts.id,
        email: emailAccounts.email,
        status: emailAccounts.status,
        reason: emailAccounts.statusReason,
        source: emailAccounts.statusSource,
        since: emailAccounts.updatedAt,
        lastSync: emailAccounts.lastSync,
      })
      .from(emailAccounts)
      .where(failingWhere)
      .orderBy(asc(emailAccounts.updatedAt), asc(emailAccounts.id))
      .limit(limit),
  ]);
  return {
    total: all?.n ?? 0,
    failingCount: failing?.n ?? 0,
    failing: rows.map((m) => ({
      id: m.id,
      email: m.email,
      status: m.status as 'error' | 'paused',
      reason: m.reason,
      source: m.source,
      since: m.since.toISOString(),
      lastSync: m.lastSync?.toISOString() ?? null,
    })),
  };
}

/**
 * The workspace's webhook endpoints that are failing (a run of failed attempts) or disabled, with
 * their waiting deliveries: the first `limit`, longest failing first, and how many there are.
 */
export async function failingWebhookEndpoints(
  db: Database,
  workspaceId: string,
  limit: number,
): Promise<{ failingCount: number; failingEndpoints: FailingEndpoint[] }> {
  const failingWhere = and(
    eq(webhookEndpoints.workspaceId, workspaceId),
    or(isNotNull(webhookEndpoints.failingSince), isNotNull(webhookEndpoints.disabledAt)),
  );
  const pending = sql<string>`(select count(*) from webhook_deliveries d
      where d.endpoint_id = webhook_endpoints.id and d.status = 'pending')`;
  const [[counted], rows] = await Promise.all([
    db.select({ n: count() }).from(webhookEndpoints).where(failingWhere),
    db
      .select({
        id: webhookEndpoints.id,
        url: webhookEndpoints.url,
        failingSince: webhookEndpoints.failingSince,
        disabledAt: webhookEndpoints.disabledAt,
        pending,
      })
      .from(webhookEndpoints)
      .where(failingWhere)
      .orderBy(
        sql`coalesce(${webhookEndpoints.failingSince}, ${webhookEndpoints.disabledAt})`,
        asc(webhookEndpoints.id),
      )
      .limit(limit),
  ]);
  return {
    failingCount: counted?.n ?? 0,
    failingEndpoints: rows.map((e) => ({
      id: e.id,
      url: e.url,
      failingSince: e.failingSince?.toISOString() ?? null,
      disabledAt: e.disabledAt?.toISOString() ?? null,
      pending: num(e.pending),
    })),
  };
}

/** The latest scheduled backup's result, and when one last succeeded (install-wide). */
export async function lastBackup(db: Database) {
  const [last] = await db.select().from(backupRuns).orderBy(desc(backupRuns.finishedAt)).limit(1);
  const [succeeded] =
    last?.status === 'succeeded'
      ? [last]
      : await db
          .select()
          .from(backupRuns)
          .where(eq(backupRuns.status, 'succeeded'))
          .orderBy(desc(backupRuns.finishedAt))
          .limit(1);
  return {
    last: last
      ? {
          finishedAt: last.finishedAt.toISOString(),
          status: last.status,
          file: last.file,
          bytes: last.bytes,
          error: last.error,
        }
      : null,
    lastSucceededAt: succeeded?.finishedAt.toISOString() ?? null,
  };
}
