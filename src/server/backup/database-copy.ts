import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { entries, type Manifest } from './manifest';
import { quoteIdent, tablesInLoadOrder } from './tables';

/** A job waiting in pg-boss's queue: its queue's name and policy, and its payload. */
export interface PendingJob {
  name: string;
  policy: string;
  data: unknown;
}

/** What dumpDatabase read, for the manifest. */
export type DatabaseDump = Pick<Manifest, 'tables' | 'sequences'> & { jobs: PendingJob[] };

/**
 * Copies every table of the public schema into `folder/db/<table>.copy` (PostgreSQL's COPY text
 * format) inside one REPEATABLE READ, READ ONLY transaction: one consistent snapshot while the
 * app keeps writing. Also reads the sequences and the jobs waiting in pg-boss's queue
 * (state created or retry; an active job is re-run, as pg-boss delivers at least once).
 */
export async function dumpDatabase(client: pg.ClientBase, folder: string): Promise<DatabaseDump> {
  await client.query('begin isolation level repeatable read read only');
  try {
    const tables: Manifest['tables'] = [];
    for (const table of await tablesInLoadOrder(client)) {
      const columns = table.columns.map(quoteIdent).join(', ');
      const file = path.join(folder, entries.table(table.name));
      let rows = 0;
      const source = client.query(
        copyTo(`copy (select ${columns} from public.${quoteIdent(table.name)}) to stdout`),
      );
      source.on('data', (chunk: Buffer) => {
        for (const byte of chunk) if (byte === 10) rows += 1;
      });
      await pipeline(source, createWriteStream(file, { mode: 0o600 }));
      tables.push({ ...table, rows });
    }
    const sequences = await client.query<{ name: string }>(
      `select c.relname::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'S' order by 1`,
    );
    const sequenceValues: Manifest['sequences'] = [];
    for (const { name } of sequences.rows) {
      const value = await client.query<{ last_value: string; is_called: boolean }>(
        `select last_value::text, is_called from public.${quoteIdent(name)}`,
      );
      sequenceValues.push({ name, lastValue: value.rows[0]!.last_value, isCalled: value.rows[0]!.is_called });
    }
    const queue = await client.query<{ found: boolean }>(
      `select to_regclass('pgboss.job') is not null as found`,
    );
    const jobs = queue.rows[0]?.found
      ? (
          await client.query<PendingJob>(
            `select j.name, q.policy, j.data from pgboss.job j join pgboss.queue q on q.name = j.name
              where j.state in ('created', 'retry', 'active') order by j.created_on`,
          )
        ).rows
      : [];
    await client.query('commit');
    return { tables, sequences: sequenceValues, jobs };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}

/**
 * Loads a dump into a database whose schema is at the dump's migration level, in one transaction:
 * every app table is emptied first (a migration may have inserted its defaults), then each table is
 * copied in load order and the sequences are set. Nothing is left half-loaded on an error.
 * @throws when a table of the dump is not in the database, or on a COPY error (with PostgreSQL's words)
 */
export async function loadDatabase(client: pg.ClientBase, folder: string, manifest: Manifest): Promise<void> {
  await client.query('begin');
  try {
    const present = new Set((await tablesInLoadOrder(client)).map((t) => t.name));
    const missing = manifest.tables.filter((t) => !present.has(t.name)).map((t) => t.name);
    if (missing.length > 0) throw new Error(`The database has no table ${missing.join(', ')} of the backup.`);
    if (present.size > 0) {
      await client.query(
        `truncate ${[...present].map((name) => `public.${quoteIdent(name)}`).join(', ')} cascade`,
      );
    }
    for (const table of manifest.tables) {
      const columns = table.columns.map(quoteIdent).join(', ');
      const sink = client.query(copyFrom(`copy public.${quoteIdent(table.name)} (${columns}) from stdin`));
      await pipeline(createReadStream(path.join(folder, entries.table(table.name))), sink);
    }
    for (const sequence of manifest.sequences) {
      await client.query(`select setval($1, $2::bigint, $3)`, [
        `public.${quoteIdent(sequence.name)}`,
        sequence.lastValue,
        sequence.isCalled,
      ]);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}
