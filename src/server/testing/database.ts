import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { PgBoss } from 'pg-boss';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { runMigrations } from '../db/migrate';
import { createQueue } from '../jobs/queue';

/**
 * A clean, migrated database for one test file: an in-memory PGlite by default, or a fresh
 * database created on the server named by TEST_DATABASE_URL (dropped again by `close`).
 * `migrate: false` leaves it empty, for tests of the migrations themselves.
 */
export async function createTestDatabase({ migrate = true } = {}): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({});
    if (migrate) await runMigrations(handle);
    return handle;
  }
  const name = `linkpilot_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  if (migrate) await runMigrations(handle);
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** A clean test database with pg-boss started on it and no workers; `close` stops both. */
export async function createTestQueue(): Promise<{
  handle: DatabaseHandle;
  boss: PgBoss;
  close(): Promise<void>;
}> {
  const handle = await createTestDatabase();
  const boss = createQueue(handle);
  await boss.start();
  return {
    handle,
    boss,
    async close() {
      await boss.stop({ graceful: false, close: true });
      await handle.close();
    },
  };
}
