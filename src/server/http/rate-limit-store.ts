import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** A key's count in its current window and the time left of the window (ms). */
export interface Hit {
  count: number;
  ttlMs: number;
}

/**
 * Counts one hit on `key` in the `rate_limits` table and returns the window's count so far (this hit
 * included). Fixed windows of `windowMs`, one atomic upsert, so every web process counts the same.
 */
export async function countHit(db: Database, key: string, windowMs: number): Promise<Hit> {
  const rows = await queryRows<{ count: number; ttl: number }>(
    db,
    sql`
    insert into rate_limits (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now()
        then now() + make_interval(secs => ${windowMs / 1000}) else rate_limits.reset_at end
    returning count, greatest(0, ceil(extract(epoch from reset_at - now()) * 1000))::int as ttl`,
  );
  const row = rows[0]!;
  return { count: Number(row.count), ttlMs: Number(row.ttl) };
}

/** A @fastify/rate-limit store kept in the `rate_limits` table (`countHit`). */
export function databaseRateLimitStore(db: Database) {
  return class DatabaseRateLimitStore {
    incr(key: string, callback: Callback, timeWindowMs: number): void {
      countHit(db, key, timeWindowMs)
        .then((hit) => callback(null, { current: hit.count, ttl: hit.ttlMs }))
        .catch((error: Error) => callback(error));
    }

    child(): DatabaseRateLimitStore {
      return new DatabaseRateLimitStore();
    }
  };
}
