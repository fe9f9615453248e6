import { and, eq, sql } from 'drizzle-orm';
import { aiMessages } from '../../shared/schemas/ai';
import type { Database } from '../db/client';
import { aiUsage } from '../db/schema/ai';
import { AppError } from '../http/errors';

/** Today's UTC date as 'YYYY-MM-DD', the key of the daily count. */
export function utcDay(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Counts one model call against the user's daily limit, atomically: the row's count only rises while
 * it is below `limit`, so concurrent calls cannot overshoot it.
 * @throws AppError RATE_LIMITED (429) when the user has made `limit` calls today (UTC).
 */
export async function takeDailyRequest(db: Database, userId: string, limit: number): Promise<void> {
  const rows = await db
    .insert(aiUsage)
    .values({ userId, day: utcDay(), requests: 1 })
    .onConflictDoUpdate({
      target: [aiUsage.userId, aiUsage.day],
      set: { requests: sql`${aiUsage.requests} + 1` },
      setWhere: sql`${aiUsage.requests} < ${limit}`,
    })
    .returning({ requests: aiUsage.requests });
  if (rows.length === 0) throw new AppError('RATE_LIMITED', aiMessages.dailyLimitReached);
}

/** Model calls the user has made today (UTC). */
export async function requestsToday(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ requests: aiUsage.requests })
    .from(aiUsage)
    .where(and(eq(aiUsage.userId, userId), eq(aiUsage.day, utcDay())));
  return row?.requests ?? 0;
}
