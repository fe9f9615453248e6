import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client';

/**
 * Deletes deliveries created more than `retentionDays` ago (WEBHOOK_DELIVERY_RETENTION_DAYS,
 * docs/decisions/025-public-api-and-webhooks.md), whatever their status: by then even a pending one
 * stopped being retried long ago. @returns how many were deleted.
 */
export async function deleteOldDeliveries(db: Database, retentionDays: number, now: Date): Promise<number> {
  const rows = await queryRows(
    db,
    sql`delete from webhook_deliveries
      where created_at < ${now.toISOString()}::timestamptz - make_interval(days => ${retentionDays})
      returning 1`,
  );
  return rows.length;
}
