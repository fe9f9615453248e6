import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { appliedMigrationCount, shippedMigrations } from '../db/migrate';
import { filesUnder, writeArchive, type ArchiveFile } from './archive';
import { dumpDatabase } from './database-copy';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, entries, type Manifest } from './manifest';

export interface BackupOptions {
  /** A pool of the app's database (embedded or external); one connection is used for the snapshot. */
  pool: pg.Pool;
  /** The app's DATA_DIR: its uploads/, attachments/ and app-secret go into the archive when present. */
  dataDir: string;
  /** The archive to write (gzip-compressed tar); its folder is created. */
  file: string;
  /** Leave DATA_DIR/app-secret out (when the archive is kept where the secret must not be). */
  withoutSecret?: boolean;
}

/**
 * Writes one consistent backup while the app runs: the database as one snapshot (every table in
 * COPY format, the sequences, the waiting jobs), then the uploaded images and inbox attachments
 * kept on disk and the generated app secret. Files are added after the snapshot, so every file a
 * row names is there (files are written before their rows and never changed). Returns the manifest.
 * docs/decisions/036-backup-and-restore.md.
 */
export async function createBackup(options: BackupOptions): Promise<Manifest> {
  const staging = mkdtempSync(path.join(tmpdir(), 'linkpilot-backup-'));
  try {
    mkdirSync(path.join(staging, 'db'));
    const client = await options.pool.connect();
    let dump: Awaited<ReturnType<typeof dumpDatabase>>;
    let applied: number;
    try {
      applied = await appliedMigrationCount(client);
      dump = await dumpDatabase(client, staging);
    } finally {
      client.release();
    }
    const files: ArchiveFile[] = [];
    const counts: Record<string, number> = {};
    for (const folder of entries.fileFolders) {
      const found = await filesUnder(path.join(options.dataDir, folder), `files/${folder}`);
      counts[folder] = found.length;
      files.push(...found);
    }
    const secretFile = path.join(options.dataDir, 'app-secret');
    const appSecret = !options.withoutSecret && existsSync(secretFile);
    if (appSecret) files.push({ source: secretFile, name: entries.appSecret });

    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      migrations: { count: applied, last: shippedMigrations()[applied - 1]?.tag ?? null },
      tables: dump.tables,
      sequences: dump.sequences,
      jobs: dump.jobs.length,
      files: counts,
      appSecret,
    };
    writeFileSync(path.join(staging, entries.manifest), JSON.stringify(manifest, null, 2));
    writeFileSync(path.join(staging, entries.jobs), JSON.stringify(dump.jobs));
    mkdirSync(path.dirname(path.resolve(options.file)), { recursive: true });
    await writeArchive(options.file, [
      { source: path.join(staging, entries.manifest), name: entries.manifest },
      { source: path.join(staging, entries.jobs), name: entries.jobs },
      ...dump.tables.map((t) => ({
        source: path.join(staging, entries.table(t.name)),
        name: entries.table(t.name),
      })),
      ...files,
    ]);
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
