/**
 * Vitest's global set-up (vitest.config.ts): once per run, before any test file, it readies the
 * PostgreSQL server the integration tests use and a migrated template database on it, from which
 * every test file's database is cloned (./database.ts). The server is the one named by
 * TEST_DATABASE_URL, else the app's own embedded PostgreSQL, started here in a temporary folder
 * and stopped (folder removed) when the run ends. Why one engine and templates:
 * docs/decisions/026-tests-on-postgresql.md.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { startEmbeddedPostgres, type EmbeddedServer } from '../db/embedded-postgres';
import { runMigrations } from '../db/migrate';
import { PRODUCED_EVENTS_FILE_ENV } from '../events/produced';
import { createQueue } from '../jobs/queue';
import { checkEventCoverage } from './event-coverage';
import { databaseUrl } from './database';

/** What every test file is handed (`inject('testDatabase')`). */
export interface TestDatabaseServer {
  /** postgres:// URL of a database on the server with the right to create databases. */
  serverUrl: string;
  /** The migrated template database; test databases are named after it with a suffix. */
  template: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseServer;
  }
}

/** A throwaway cluster needs no crash safety: without fsync and full-page writes a run spends its time on queries. */
const THROWAWAY_SETTINGS = ['fsync = off', 'full_page_writes = off', 'synchronous_commit = off'];

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates the template: the app's migrations and pg-boss's own schema (which every app with jobs
 * would otherwise create again per file), then closes every connection to it, as CREATE DATABASE …
 * TEMPLATE requires.
 */
async function createTemplate(serverUrl: string, template: string): Promise<void> {
  await withClient(serverUrl, (client) => client.query(`create database ${template}`));
  const handle = await openDatabase({ databaseUrl: databaseUrl(serverUrl, template) });
  try {
    await runMigrations(handle);
    const boss = createQueue(handle);
    await boss.start();
    await boss.stop({ graceful: false, close: true });
  } finally {
    await handle.close();
  }
}

/** Starts the server (or takes TEST_DATABASE_URL's), builds the template; the returned function undoes both. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let serverUrl = process.env.TEST_DATABASE_URL;
  let server: EmbeddedServer | null = null;
  let folder: string | null = null;
  if (!serverUrl) {
    folder = mkdtempSync(path.join(tmpdir(), 'linkpilot-tests-'));
    server = await startEmbeddedPostgres(path.join(folder, 'postgres'));
    serverUrl = server.connectionString;
    await withClient(serverUrl, async (client) => {
      for (const setting of THROWAWAY_SETTINGS) await client.query(`alter system set ${setting}`);
      await client.query('select pg_reload_conf()');
    });
  }
  const template = `linkpilot_t${randomBytes(5).toString('hex')}`;
  await createTemplate(serverUrl, template);
  project.provide('testDatabase', { serverUrl, template });
  // Every worker inherits it: emit() lists each event it produces there (./event-coverage.ts).
  const producedFolder = mkdtempSync(path.join(tmpdir(), 'linkpilot-events-'));
  const produced = path.join(producedFolder, 'produced.txt');
  process.env[PRODUCED_EVENTS_FILE_ENV] = produced;

  return async () => {
    try {
      if (server) {
        await server.stop();
        rmSync(folder!, { recursive: true, force: true });
      } else {
        // On a server that outlives the run: drop the template and whatever a crashed file left behind.
        await withClient(serverUrl, async (client) => {
          const { rows } = await client.query<{ name: string }>(
            `select datname as name from pg_database where datname like $1`,
            [`${template}%`],
          );
          for (const { name } of rows) await client.query(`drop database if exists ${name} with (force)`);
        });
      }
      checkEventCoverage(produced, await ranEveryTestFile(project));
    } finally {
      rmSync(producedFolder, { recursive: true, force: true });
    }
  };
}

/** True when the run took every test file of the project and no test-name filter. */
async function ranEveryTestFile(project: TestProject): Promise<boolean> {
  if (project.vitest.config.testNamePattern) return false;
  const ran = new Set(project.vitest.state.getFiles().map((file) => file.filepath));
  const { testFiles } = await project.globTestFiles();
  return testFiles.every((file) => ran.has(file));
}
