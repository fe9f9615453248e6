import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store kept in the `rate_limits` table, so every web process counts the
 * same window (fixed windows; one atomic upsert per request).
 */
export function databaseRateLimitStore(db: Database) {
  return class DatabaseRateLimitStore {
    incr(key: string, callback: Callback, timeWindowMs: number): void {
      queryRows<{ count: number; ttl: number }>(
        db,
        sql`
        insert into rate_limits (key, count, reset_at)
        values (${key}, 1, now() + make_interval(secs => ${timeWindowMs / 1000}))
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= now()
            then now() + make_interval(secs => ${timeWindowMs / 1000}) else rate_limits.reset_at end
        returning count, greatest(0, ceil(extract(epoch from reset_at - now()) * 1000))::int as ttl`,
      )
        .then((rows) => {
          const row = rows[0]!;
          callback(null, { current: Number(row.count), ttl: Number(row.ttl) });
        })
        .catch((error: Error) => callback(error));
    }

    child(): DatabaseRateLimitStore {
      return new DatabaseRateLimitStore();
    }
  };
}
