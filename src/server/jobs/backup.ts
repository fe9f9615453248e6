import { statSync } from 'node:fs';
import path from 'node:path';
import { recordBackupRun } from '../backup/backup-runs';
import { isDiskFull } from '../http/whole-file';
import { runScheduledBackup } from '../backup/scheduled-backup';
import { backupQueue } from './definitions';
import type { JobDefinition } from './job';

/**
 * Scheduled backups: on BACKUP_CRON (unset: never), one archive into BACKUP_DIR (default
 * `{DATA_DIR}/backups`), keeping the newest BACKUP_KEEP (docs/decisions/036-backup-and-restore.md).
 * Each run's result (time, file, size, or why it failed) is stored in `backup_runs` for the System
 * page (docs/decisions/041-request-ids-and-system-page.md). Returns the file written and the files
 * deleted; a failed run is recorded and then fails the job.
 */
export const backupJob: JobDefinition<Record<string, never>> = {
  ...backupQueue,
  cron: (config) => config.BACKUP_CRON,
  async handle(_payload, { db, pool, config, log }) {
    if (!pool) throw new Error('The backup job needs the database pool (JobDeps.pool)');
    const startedAt = new Date();
    let result;
    try {
      result = await runScheduledBackup({
        pool,
        dataDir: config.DATA_DIR,
        dir: config.BACKUP_DIR ?? path.join(config.DATA_DIR, 'backups'),
        keep: config.BACKUP_KEEP,
      });
    } catch (error) {
      // Nothing half-written is left (runScheduledBackup removes its partial file); the reason is kept.
      const reason = isDiskFull(error)
        ? `The backup folder's disk is full: no backup was written (${(error as Error).message})`
        : (error as Error).message;
      await recordBackupRun(db, { startedAt, status: 'failed', error: reason });
      throw error;
    }
    const { file, manifest, deleted } = result;
    const bytes = statSync(file).size;
    await recordBackupRun(db, { startedAt, status: 'succeeded', file: path.basename(file), bytes });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    log?.info(
      { file, bytes, tables: manifest.tables.length, rows, deleted: deleted.length },
      `backup written: ${manifest.tables.length} tables, ${rows} rows; deleted ${deleted.length} older`,
    );
    return { file, deleted };
  },
};
