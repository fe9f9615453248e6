import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id } from './columns';

/**
 * The scheduled backups' results (docs/decisions/036-backup-and-restore.md,
 * docs/decisions/041-request-ids-and-system-page.md): one row per run of the `backup` job, so the
 * System page can say when the last one ran, how big it was and whether it worked. Install-wide.
 * `status` is 'succeeded' or 'failed'; `file` is the archive's name in BACKUP_DIR, `bytes` its
 * size; `error` why a run failed.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: id(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    finishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    status: text({ enum: ['succeeded', 'failed'] }).notNull(),
    file: text(),
    bytes: bigint({ mode: 'number' }),
    error: text(),
  },
  (t) => [index('idx_backup_runs_finished_at').on(t.finishedAt.desc())],
);
