/**
 * One-time move of a PGlite data folder (`{DATA_DIR}/pglite`, the embedded database before
 * docs/decisions/020-embedded-postgresql.md) into the embedded PostgreSQL server.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { openDatabase, type DatabaseHandle } from './client';
import { MIGRATIONS_DIR, runMigrations } from './migrate';

/**
 * Opens (or creates) the PGlite database in `dir`, with the pg_trgm extension its migrations need,
 * and brings it to the app's current schema (`migrationsFolder`, the app's by default), so that
 * its tables match the target's column for column. The caller closes it.
 */
export async function openPgliteFolder(dir: string, migrationsFolder = MIGRATIONS_DIR): Promise<PGlite> {
  mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create(dir, { extensions: { pg_trgm } });
  try {
    await migrate(drizzle(pglite), { migrationsFolder });
  } catch (error) {
    await pglite.close();
    throw error;
  }
  return pglite;
}

/** Rows read from PGlite and inserted into PostgreSQL per statement. */
const BATCH_ROWS = 2_000;

/** The app's tables (schema public), parents before the tables whose foreign keys point at them. */
async function tablesInForeignKeyOrder(client: pg.PoolClient): Promise<string[]> {
  const { rows } = await client.query<{ table: string; parents: string[] }>(`
    select c.relname::text as table,
      coalesce(array_agg(distinct p.relname::text) filter (where p.oid <> c.oid), '{}') as parents
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    left join pg_constraint f on f.conrelid = c.oid and f.contype = 'f'
    left join pg_class p on p.oid = f.confrelid
    where c.relkind in ('r', 'p')
    group by c.relname
    order by c.relname`);
  const ordered: string[] = [];
  const placed = new Set<string>();
  let pending = rows;
  while (pending.length) {
    const ready = pending.filter((row) => row.parents.every((parent) => placed.has(parent)));
    if (!ready.length)
      throw new Error(`circular foreign keys among ${pending.map((r) => r.table).join(', ')}`);
    for (const row of ready) {
      ordered.push(row.table);
      placed.add(row.table);
    }
    pending = pending.filter((row) => !placed.has(row.table));
  }
  return ordered;
}

/**
 * Copies one table in batches, keyed on the physical row id so each batch is a range scan. Rows
 * travel as JSON text, which keeps every value exact (microsecond timestamps, numerics, arrays,
 * bytea as hex); `json_populate_recordset` turns them back into the table's row type.
 * @returns the number of rows copied
 */
async function copyTable(source: PGlite, target: pg.PoolClient, table: string) {
  const quoted = `"${table.replaceAll('"', '""')}"`;
  // Generated columns (e.g. prospects.search_text) are computed by the target; naming them is an error.
  const { rows: columnRows } = await target.query<{ name: string }>(
    `select column_name as name from information_schema.columns
     where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
    [table],
  );
  const columns = columnRows.map((c) => `"${c.name.replaceAll('"', '""')}"`).join(', ');
  let after = '(0,0)';
  let copied = 0;
  for (;;) {
    const { rows } = await source.query<{ last: string | null; batch: string | null; n: number }>(
      `select max(ctid)::text as last, json_agg(t)::text as batch, count(*)::int as n
       from (select ctid, * from ${quoted} where ctid > $1::tid order by ctid limit ${BATCH_ROWS}) t`,
      [after],
    );
    const page = rows[0]!;
    if (!page.n) return copied;
    await target.query(
      `insert into ${quoted} (${columns}) select ${columns} from json_populate_recordset(null::${quoted}, $1::json)`,
      [page.batch],
    );
    copied += page.n;
    after = page.last!;
  }
}

/**
 * Copies every row of the PGlite database in `pgliteDir` into the (empty) PostgreSQL database of
 * `target`: both get the app's migrations first so their schemas match, then the tables are copied
 * in foreign-key order in one transaction. The job queue's tables (schema pgboss) stay behind:
 * recurring jobs (outreach tick, link-check scheduler, mailbox syncs) are scheduled again at start
 * and find due work in the app's tables; a one-off job still waiting (a find-prospects run) must be
 * started again. @returns rows copied per table @throws on any failure (the target rolls back)
 */
export async function copyPgliteDatabase(
  pgliteDir: string,
  target: DatabaseHandle,
): Promise<Record<string, number>> {
  const source = await openPgliteFolder(pgliteDir);
  const client = await target.pool.connect();
  try {
    await runMigrations(target);
    const counts: Record<string, number> = {};
    await client.query('begin');
    for (const table of await tablesInForeignKeyOrder(client)) {
      counts[table] = await copyTable(source, client, table);
    }
    await client.query('commit');
    return counts;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
    await source.close();
  }
}

/**
 * On the first start after the move to PostgreSQL: when `{dataDir}/pglite` exists and
 * `{dataDir}/postgres` does not, builds the new server's folder aside (`postgres.partial`), copies
 * the PGlite rows into it, then renames it to `postgres` and the old folder to
 * `pglite.migrated-<date>` (kept, never deleted). PGlite reads a copy of the folder, so the
 * original is never written to. @returns the line to print, or null when there was nothing to
 * move @throws a one-line error saying what to do; the PGlite folder is then left untouched
 */
export async function importPgliteFolder(dataDir: string): Promise<string | null> {
  const pgliteDir = path.join(dataDir, 'pglite');
  const postgresDir = path.join(dataDir, 'postgres');
  if (!existsSync(pgliteDir) || existsSync(postgresDir)) return null;
  const partial = path.join(dataDir, 'postgres.partial');
  // PGlite writes to the folder it opens (recovery, the migrations): the copy is read from a copy.
  const source = path.join(dataDir, 'pglite.reading');
  rmSync(partial, { recursive: true, force: true });
  rmSync(source, { recursive: true, force: true });
  let counts: Record<string, number>;
  try {
    cpSync(pgliteDir, source, { recursive: true });
    const target = await openDatabase({ postgresDir: partial });
    try {
      counts = await copyPgliteDatabase(source, target);
    } finally {
      await target.close();
    }
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    const reason = (error as Error).message.replace(/\s+/g, ' ').trim();
    throw new Error(
      `Moving the PGlite database ${pgliteDir} to PostgreSQL failed (${reason}); nothing was changed: fix the cause and start again, or set DATABASE_URL to keep running on another PostgreSQL server`,
      { cause: error },
    );
  } finally {
    rmSync(source, { recursive: true, force: true });
  }
  renameSync(partial, postgresDir);
  const stamp = new Date().toISOString().slice(0, 19).replaceAll(':', '');
  const kept = `${pgliteDir}.migrated-${stamp}`;
  renameSync(pgliteDir, kept);
  const rows = Object.values(counts).reduce((sum, n) => sum + n, 0);
  return `[db] moved ${rows} row${rows === 1 ? '' : 's'} in ${Object.keys(counts).length} tables from PGlite to PostgreSQL (${postgresDir}); the old folder is kept as ${kept}`;
}
