import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../db/client';
import { sessionCleanupQueue } from './definitions';
import { failAbandonedRuns } from './find-prospects';
import type { JobDefinition } from './job';

/**
 * The hourly housekeeping (SESSION_CLEANUP_CRON): deletes expired sessions, verification tokens,
 * spent rate-limit windows, idempotency keys older than 24 hours (src/server/http/idempotency.ts)
 * and activity entries older than ACTIVITY_RETENTION_DAYS (docs/decisions/023-workspaces-and-roles.md),
 * and fails find-prospects runs whose job ended without them (failAbandonedRuns). Returns the
 * number of rows removed per table, and of runs failed.
 */
export const sessionCleanupJob: JobDefinition<Record<string, never>> = {
  ...sessionCleanupQueue,
  cron: (config) => config.SESSION_CLEANUP_CRON,
  async handle(_payload, { db, config }) {
    const count = async (query: SQL) => (await queryRows(db, query)).length;
    return {
      sessions: await count(sql`delete from sessions where expires_at < now() returning 1`),
      verifications: await count(sql`delete from verifications where expires_at < now() returning 1`),
      rateLimits: await count(sql`delete from rate_limits where reset_at < now() returning 1`),
      idempotencyKeys: await count(
        sql`delete from idempotency_keys where created_at < now() - interval '24 hours' returning 1`,
      ),
      activity: await count(
        sql`delete from activity where created_at < now() - make_interval(days => ${config.ACTIVITY_RETENTION_DAYS}) returning 1`,
      ),
      abandonedDiscoveryRuns: await failAbandonedRuns(db),
    };
  },
};
