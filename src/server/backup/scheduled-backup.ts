import { readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { createBackup } from './create-backup';
import type { Manifest } from './manifest';

/** Names of scheduled backups: `linkpilot-backup-20261129T020000Z.tar.gz` (UTC), sorting by time. */
const NAME = /^linkpilot-backup-\d{8}T\d{6}Z\.tar\.gz$/;

/** The file name of a scheduled backup taken at `at`. */
export function backupFileName(at: Date): string {
  return `linkpilot-backup-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')}.tar.gz`;
}

export interface ScheduledBackupOptions {
  pool: pg.Pool;
  dataDir: string;
  /** Folder of the scheduled backups (BACKUP_DIR). */
  dir: string;
  /** How many to keep (BACKUP_KEEP): the oldest beyond it are deleted. */
  keep: number;
  now?: Date;
}

/**
 * Takes a backup into `dir` under a dated name, written under a temporary name and renamed when
 * complete (a half-written archive never counts as a backup), then deletes the oldest scheduled
 * backups beyond `keep`. Other files in the folder are left alone. Returns the file and manifest.
 */
export async function runScheduledBackup(
  options: ScheduledBackupOptions,
): Promise<{ file: string; manifest: Manifest; deleted: string[] }> {
  const file = path.join(options.dir, backupFileName(options.now ?? new Date()));
  const partial = `${file}.partial`;
  let manifest: Manifest;
  try {
    manifest = await createBackup({ pool: options.pool, dataDir: options.dataDir, file: partial });
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  const backups = readdirSync(options.dir)
    .filter((name) => NAME.test(name))
    .sort();
  const deleted = backups.slice(0, Math.max(0, backups.length - options.keep));
  for (const name of deleted) rmSync(path.join(options.dir, name), { force: true });
  return { file, manifest, deleted };
}
