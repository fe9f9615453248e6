import type { Database } from '../db/client';
import { backupRuns } from '../db/schema/backups';

type BackupRun = typeof backupRuns.$inferInsert;

/**
 * Stores one scheduled backup's result (install-wide), which the System page shows
 * (docs/decisions/041-request-ids-and-system-page.md). An error is kept to 1,000 characters.
 */
export async function recordBackupRun(
  db: Database,
  run: Pick<BackupRun, 'startedAt' | 'status' | 'file' | 'bytes' | 'error'>,
): Promise<void> {
  await db.insert(backupRuns).values({ ...run, error: run.error?.slice(0, 1000) ?? null });
}
