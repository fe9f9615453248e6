import { PgBoss, fromPglite } from 'pg-boss';
import type { DatabaseHandle } from '../db/client';

/** A pg-boss instance on the app's own database (PGlite adapter, or a PostgreSQL connection string). */
export function createQueue(handle: DatabaseHandle): PgBoss {
  return handle.kind === 'pglite'
    ? new PgBoss({ db: fromPglite(handle.pglite), backend: 'pglite' })
    : new PgBoss({ connectionString: handle.connectionString, max: 4 });
}
