import path from 'node:path';
import { addAdminEmails } from './auth/roles';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { runMigrations } from './db/migrate';
import { seedSequenceTemplates } from './modules/sequences/templates';

/**
 * Opens the configured database (PostgreSQL when DATABASE_URL is set, else PGlite in
 * `{DATA_DIR}/pglite`), applies pending migrations, adds the ADMIN_EMAILS admins and the shipped
 * sequence templates.
 */
export async function openAppDatabase(config: Config): Promise<DatabaseHandle> {
  const handle = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(config.DATA_DIR, 'pglite'),
  });
  await runMigrations(handle);
  await addAdminEmails(handle.db, config.ADMIN_EMAILS);
  await seedSequenceTemplates(handle.db);
  return handle;
}
