import path from 'node:path';
import { runScheduledBackup } from '../backup/scheduled-backup';
import { backupQueue } from './definitions';
import type { JobDefinition } from './job';

/**
 * Scheduled backups: on BACKUP_CRON (unset: never), one archive into BACKUP_DIR (default
 * `{DATA_DIR}/backups`), keeping the newest BACKUP_KEEP (docs/decisions/036-backup-and-restore.md).
 * Returns the file written and the files deleted.
 */
export const backupJob: JobDefinition<Record<string, never>> = {
  ...backupQueue,
  cron: (config) => config.BACKUP_CRON,
  async handle(_payload, { pool, config, log }) {
    if (!pool) throw new Error('The backup job needs the database pool (JobDeps.pool)');
    const { file, manifest, deleted } = await runScheduledBackup({
      pool,
      dataDir: config.DATA_DIR,
      dir: config.BACKUP_DIR ?? path.join(config.DATA_DIR, 'backups'),
      keep: config.BACKUP_KEEP,
    });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    log?.info(
      { file, tables: manifest.tables.length, rows, deleted: deleted.length },
      `backup written: ${manifest.tables.length} tables, ${rows} rows; deleted ${deleted.length} older`,
    );
    return { file, deleted };
  },
};
