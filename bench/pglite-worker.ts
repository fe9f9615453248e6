/**
 * PGlite in a `node:worker_threads` Worker (for bench/embedded-db.ts): an in-memory database with
 * the app's migrations and `workerData.prospects` prospects, answering `{ id, sql, params, method }`
 * messages with `{ id, rows }` or `{ id, error }`, in the shape drizzle-orm/pg-proxy expects
 * (rows as arrays for `all`, as objects otherwise). Posts `{ ready: true }` once loaded.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { loadProspects } from './load-prospects';

const handle = await openDatabase({});
if (handle.kind !== 'pglite') throw new Error('expected PGlite');
await runMigrations(handle);
const [user] = await queryRows<{ id: string }>(
  handle.db,
  sql`insert into users (name, email) values ('Bench', 'bench@example.com') returning id`,
);
const { workspaceId } = await loadProspects(handle.db, user!.id, {
  prospects: (workerData as { prospects: number }).prospects,
});

parentPort!.on('message', (message: { id: number; sql: string; params: unknown[]; method: string }) => {
  handle.pglite
    .query(message.sql, message.params, { rowMode: message.method === 'all' ? 'array' : 'object' })
    .then(
      (result) => parentPort!.postMessage({ id: message.id, rows: result.rows }),
      (error: Error) => parentPort!.postMessage({ id: message.id, error: error.message }),
    );
});
parentPort!.postMessage({ ready: true, workspaceId });
