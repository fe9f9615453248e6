import path from 'node:path';
import { addAdminEmails } from './auth/roles';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { runMigrations } from './db/migrate';
import { importPgliteFolder } from './db/pglite-import';
import { seedSequenceTemplates } from './modules/sequences/templates';

/**
 * Opens the configured database — the PostgreSQL server of DATABASE_URL, else the embedded
 * PostgreSQL server in `{DATA_DIR}/postgres` (first moving an older `{DATA_DIR}/pglite` into it) —
 * applies pending migrations, adds the ADMIN_EMAILS admins and the shipped sequence templates.
 * `attach`: use the embedded server a running app already started (the CLI).
 * @throws when the embedded server cannot start or the PGlite move fails (with what to do)
 */
export async function openAppDatabase(config: Config, { attach = false } = {}): Promise<DatabaseHandle> {
  if (!config.DATABASE_URL) {
    const moved = await importPgliteFolder(config.DATA_DIR);
    if (moved) console.log(moved);
  }
  const handle = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    postgresDir: path.join(config.DATA_DIR, 'postgres'),
    attach,
  });
  try {
    await runMigrations(handle);
    await addAdminEmails(handle.db, config.ADMIN_EMAILS);
    await seedSequenceTemplates(handle.db);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}
