import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { PgBoss } from 'pg-boss';
import { openDatabase, type DatabaseHandle } from '../db/client';

/** Database `name`'s URL on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The server to create a database on, and the migrated template to clone, if there is one. */
interface Server {
  serverUrl: string;
  template: string | null;
  /** Stops a server started for this one database (benches and scripts outside Vitest). */
  stop?: () => Promise<void>;
}

/**
 * Inside Vitest: the run's server and template (./global-setup.ts). Outside it (benches, scripts):
 * TEST_DATABASE_URL's server, else an embedded PostgreSQL server of its own in a temporary folder.
 */
async function server(): Promise<Server> {
  if (process.env.VITEST) {
    const { inject } = await import('vitest');
    return inject('testDatabase');
  }
  if (process.env.TEST_DATABASE_URL) return { serverUrl: process.env.TEST_DATABASE_URL, template: null };
  const folder = mkdtempSync(path.join(tmpdir(), 'linkpilot-db-'));
  const { startEmbeddedPostgres } = await import('../db/embedded-postgres');
  const embedded = await startEmbeddedPostgres(path.join(folder, 'postgres'));
  return {
    serverUrl: embedded.connectionString,
    template: null,
    async stop() {
      await embedded.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * A clean, migrated PostgreSQL database for one test file, dropped again by `close`: inside Vitest
 * a clone of the run's migrated template (CREATE DATABASE … TEMPLATE, a file copy instead of the
 * migrations), so it also holds pg-boss's schema. `migrate: false` leaves it empty, for tests of
 * the migrations themselves. docs/decisions/026-tests-on-postgresql.md.
 */
export async function createTestDatabase({ migrate = true } = {}): Promise<DatabaseHandle> {
  const { serverUrl, template, stop } = await server();
  const name = `${template ?? 'linkpilot_test'}_${randomBytes(6).toString('hex')}`;
  const clone = migrate && template;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${clone ? ` template ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const handle = await openDatabase({ databaseUrl: databaseUrl(serverUrl, name) });
  if (migrate && !clone) await (await import('../db/migrate')).runMigrations(handle);
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
      await stop?.();
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
  const { createQueue } = await import('../jobs/queue');
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
