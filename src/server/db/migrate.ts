import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import type { DatabaseHandle } from './client';

/**
 * The drizzle-kit migrations folder. In the built server (dist/server/main.js) the build copies it
 * next to the bundle, so the same relative URL resolves in both layouts.
 */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** Arbitrary constant naming LinkPilot's migration lock among PostgreSQL advisory locks. */
const MIGRATION_LOCK_ID = 7_340_211;

/** One entry of drizzle-kit's `meta/_journal.json`: `tag` names the migration's SQL file. */
interface JournalEntry {
  idx: number;
  tag: string;
  when: number;
}

/** The migrations the code ships, oldest first (drizzle-kit's journal). */
export function shippedMigrations(migrationsFolder = MIGRATIONS_DIR): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/**
 * A copy of the migrations folder whose journal stops after the first `count` migrations, so the
 * migrator applies only those (restoring an older backup, upgrade tests). The caller removes it.
 */
function folderUpTo(migrationsFolder: string, count: number): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'linkpilot-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: JournalEntry[] };
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }));
  return folder;
}

/**
 * Applies every pending migration (or, with `upTo`, the first `upTo` of them); idempotent, safe to
 * run at each start. The web and worker processes may start together, so the run holds an
 * advisory lock on one connection.
 */
export async function runMigrations(
  handle: DatabaseHandle,
  migrationsFolder = MIGRATIONS_DIR,
  { upTo }: { upTo?: number } = {},
): Promise<void> {
  const folder = upTo === undefined ? migrationsFolder : folderUpTo(migrationsFolder, upTo);
  const client = await handle.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(client), { migrationsFolder: folder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    client.release();
    if (folder !== migrationsFolder) rmSync(folder, { recursive: true, force: true });
  }
}

/** How many migrations the database has applied (drizzle's `drizzle.__drizzle_migrations`); 0 when none. */
export async function appliedMigrationCount(client: pg.ClientBase): Promise<number> {
  const exists = await client.query<{ found: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  if (!exists.rows[0]?.found) return 0;
  const result = await client.query<{ count: string }>('select count(*) from drizzle.__drizzle_migrations');
  return Number(result.rows[0]?.count ?? 0);
}
