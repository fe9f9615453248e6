import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from './client';

/**
 * The drizzle-kit migrations folder. In the built server (dist/server/main.js) the build copies it
 * next to the bundle, so the same relative URL resolves in both layouts.
 */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** Applies every pending migration; idempotent, safe to run at each start. */
export async function runMigrations(handle: DatabaseHandle, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(drizzlePglite(handle.pglite), { migrationsFolder });
  } else {
    await migratePg(drizzlePg(handle.pool), { migrationsFolder });
  }
}
