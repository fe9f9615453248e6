import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from './client';

/**
 * The drizzle-kit migrations folder. In the built server (dist/server/main.js) the build copies it
 * next to the bundle, so the same relative URL resolves in both layouts.
 */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** Arbitrary constant naming LinkPilot's migration lock among PostgreSQL advisory locks. */
const MIGRATION_LOCK_ID = 7_340_211;

/**
 * Applies every pending migration; idempotent, safe to run at each start. The web and worker
 * processes may start together, so the run holds an advisory lock on one connection.
 */
export async function runMigrations(
  handle: DatabaseHandle,
  migrationsFolder = MIGRATIONS_DIR,
): Promise<void> {
  const client = await handle.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    client.release();
  }
}
