import { z } from 'zod';

/**
 * The manifest at the head of a LinkPilot backup archive (docs/decisions/036-backup-and-restore.md):
 * what the archive holds and the schema it was taken at, so a restore can refuse what it cannot
 * read and migrate what is older.
 */
export const BACKUP_FORMAT = 'linkpilot-backup';
export const BACKUP_FORMAT_VERSION = 1;

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  /** ISO 8601 time of the database snapshot. */
  createdAt: z.string(),
  /** How many of the shipped migrations the database had applied, and the last one's tag. */
  migrations: z.object({ count: z.number().int().min(0), last: z.string().nullable() }),
  /** Tables in load order (referenced tables first), each with its columns and row count. */
  tables: z.array(z.object({ name: z.string(), columns: z.array(z.string()), rows: z.number().int() })),
  /** Sequences of the public schema with the value the next restore sets. */
  sequences: z.array(z.object({ name: z.string(), lastValue: z.string(), isCalled: z.boolean() })),
  /** Jobs waiting in the queue at the snapshot (name and payload), queued again on restore. */
  jobs: z.number().int().min(0),
  /** Files under DATA_DIR kept in the archive, per folder; S3 storage is not in the archive. */
  files: z.record(z.string(), z.number().int().min(0)),
  /** True when DATA_DIR/app-secret is in the archive (it decrypts the stored mailbox credentials). */
  appSecret: z.boolean(),
});

export type Manifest = z.infer<typeof manifestSchema>;

/** Entry names inside the archive. */
export const entries = {
  manifest: 'manifest.json',
  jobs: 'jobs.json',
  appSecret: 'app-secret',
  table: (name: string) => `db/${name}.copy`,
  /** The DATA_DIR folders a backup carries when files are stored on disk. */
  fileFolders: ['uploads', 'attachments'] as const,
};
