import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseHandle } from '../db/client';
import { runMigrations, shippedMigrations } from '../db/migrate';
import { readArchive } from './archive';
import { loadDatabase, type PendingJob } from './database-copy';
import { entries, manifestSchema, type Manifest } from './manifest';

/** A restore that cannot go on, in words for the operator. */
export class RestoreError extends Error {}

export interface RestoreOptions {
  /** The empty database to restore into (a new embedded DATA_DIR's, or DATABASE_URL's). */
  handle: DatabaseHandle;
  /** The DATA_DIR that receives uploads/, attachments/ and app-secret. */
  dataDir: string;
  /** The archive createBackup wrote. */
  file: string;
  /** Queues again the jobs that waited at the snapshot (jobs/requeue.ts), after the data is in. */
  requeue: (handle: DatabaseHandle, jobs: PendingJob[]) => Promise<void>;
}

function readManifest(folder: string): Manifest {
  const file = path.join(folder, entries.manifest);
  const parsed = existsSync(file) ? manifestSchema.safeParse(JSON.parse(readFileSync(file, 'utf8'))) : null;
  if (!parsed?.success)
    throw new RestoreError('This file is not a LinkPilot backup (no readable manifest.json).');
  return parsed.data;
}

async function assertEmptyTarget(options: RestoreOptions, manifest: Manifest): Promise<void> {
  const shipped = shippedMigrations().length;
  if (manifest.migrations.count > shipped) {
    throw new RestoreError(
      `This backup comes from a newer LinkPilot (schema ${manifest.migrations.last}, ${manifest.migrations.count} migrations; this one has ${shipped}). Restore it with that version or a later one.`,
    );
  }
  const tables = await options.handle.pool.query<{ count: string }>(
    `select count(*) from pg_tables where schemaname in ('public', 'drizzle')`,
  );
  if (Number(tables.rows[0]!.count) > 0) {
    throw new RestoreError(
      'The database is not empty. Restore into a new DATA_DIR (or a new, empty DATABASE_URL database).',
    );
  }
  for (const folder of entries.fileFolders) {
    const target = path.join(options.dataDir, folder);
    if (existsSync(target) && readdirSync(target).length > 0) {
      throw new RestoreError(`${target} already holds files. Restore into a new DATA_DIR.`);
    }
  }
  const secret = path.join(options.dataDir, entries.appSecret);
  if (manifest.appSecret && existsSync(secret)) {
    throw new RestoreError(`${secret} already exists. Restore into a new DATA_DIR.`);
  }
}

/**
 * Restores a backup into an empty database and DATA_DIR: migrates the schema to the backup's level,
 * loads every table in one transaction, migrates on to this version (so an older backup is upgraded
 * on the way), then puts back the files and the app secret and queues the waiting jobs again.
 * Returns the backup's manifest. @throws RestoreError when the file is not a backup, comes from a
 * newer version, or the target is not empty; PostgreSQL's error when a table cannot be loaded.
 * docs/decisions/036-backup-and-restore.md.
 */
export async function restoreBackup(options: RestoreOptions): Promise<Manifest> {
  const staging = mkdtempSync(path.join(tmpdir(), 'linkpilot-restore-'));
  try {
    await readArchive(options.file, staging).catch((error: Error) => {
      throw new RestoreError(`This file is not a LinkPilot backup (${error.message}).`);
    });
    const manifest = readManifest(staging);
    await assertEmptyTarget(options, manifest);

    await runMigrations(options.handle, undefined, { upTo: manifest.migrations.count });
    const client = await options.handle.pool.connect();
    try {
      await loadDatabase(client, staging, manifest);
    } finally {
      client.release();
    }
    await runMigrations(options.handle);

    for (const folder of entries.fileFolders) {
      const source = path.join(staging, 'files', folder);
      if (existsSync(source)) cpSync(source, path.join(options.dataDir, folder), { recursive: true });
    }
    if (manifest.appSecret) {
      const secret = readFileSync(path.join(staging, entries.appSecret));
      writeFileSync(path.join(options.dataDir, entries.appSecret), secret, { mode: 0o600, flag: 'wx' });
    }
    const jobs = JSON.parse(readFileSync(path.join(staging, entries.jobs), 'utf8')) as PendingJob[];
    await options.requeue(options.handle, jobs);
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
