import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgDialect, PgQueryResultHKT, PgSession } from 'drizzle-orm/pg-core';
import { createHash } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { attachEmbeddedPostgres, startEmbeddedPostgres, type EmbeddedServer } from './embedded-postgres';
import { releaseClientsOfFailedTransactions } from './transaction-release';

// A transaction whose BEGIN meets a dead connection must give its client back (see the module).
releaseClientsOfFailedTransactions();

/** The Drizzle database on node-postgres (the embedded server and an external one alike). */
export type Database = PgDatabase<PgQueryResultHKT>;

/** A transaction of that database, as `db.transaction(async (tx) => …)` hands it over. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What query code runs on: the database itself or a transaction of it. */
export type Db = Database | Transaction;

/** An open database with what the queue, live events and shutdown need of its driver. */
export interface DatabaseHandle {
  db: Database;
  connectionString: string;
  pool: pg.Pool;
  /** The embedded server behind the pool; absent for an external one (DATABASE_URL). */
  embedded?: { dir: string; version: string; owned: boolean };
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL of an external server; it wins over the embedded ones. */
  databaseUrl?: string | undefined;
  /** Data folder of the embedded PostgreSQL server (the app's default, `{DATA_DIR}/postgres`). */
  postgresDir?: string | undefined;
  /**
   * With `postgresDir`: connect to the server another live process runs on that folder (the
   * CLI next to a running app), starting one only when none runs.
   */
  attach?: boolean | undefined;
}

function openPool(
  connectionString: string,
  embedded?: { server: EmbeddedServer; dir: string },
): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection the server closes (restart, failover, admin command) must not crash the
  // process: the pool drops it and opens a new one on the next query.
  pool.on('error', (error) => console.warn(`[db] idle connection closed: ${error.message}`));
  // Nor must one that dies while checked out between two queries (pg emits 'error' on the client,
  // and the pool listens only to idle ones): the next query on it fails and it is dropped
  // (docs/decisions/042-fault-suite.md).
  pool.on('connect', (client) => {
    client.on('error', (error) => console.warn(`[db] connection closed: ${error.message}`));
  });
  const db = drizzlePg(pool, { casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    pool,
    connectionString,
    ...(embedded && {
      embedded: { dir: embedded.dir, version: embedded.server.version, owned: embedded.server.owned },
    }),
    async close() {
      await pool.end();
      await embedded?.server.stop();
    },
  };
}

/**
 * Opens an external PostgreSQL (`databaseUrl`) or the embedded PostgreSQL server (`postgresDir`,
 * started here and stopped by `close`, see ./embedded-postgres.ts). Both share one code path: a
 * node-postgres pool. @throws what `startEmbeddedPostgres` throws, or when neither is given
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPool(options.databaseUrl);
  if (!options.postgresDir) throw new Error('openDatabase needs databaseUrl or postgresDir');
  // The server runs with its cluster folder as working directory: a relative DATA_DIR (the default
  // `./data`) must be made absolute here, or the server would look for it inside itself.
  const dir = path.resolve(options.postgresDir);
  const server = (options.attach ? attachEmbeddedPostgres(dir) : null) ?? (await startEmbeddedPostgres(dir));
  return openPool(server.connectionString, { server, dir });
}

/** True when the database answers a trivial query. */
export async function pingDatabase(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs raw SQL and returns its rows. For the few
 * statements Drizzle's builder cannot express, such as atomic upserts with RETURNING expressions.
 */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}

/** The prepared statements of queryRowsPrepared, per database and shape. */
const preparedByDb = new WeakMap<
  Database,
  Map<string, { execute(values: Record<string, unknown>): Promise<unknown> }>
>();

/**
 * queryRows as a named (prepared) statement built once per `shape`: `build` returns the statement
 * with `sql.placeholder(name)` where the `values` go, and is called on the shape's first use only,
 * so later requests skip drizzle's query building too. On node-postgres each connection parses and
 * plans the statement once and then runs its cached plan (PostgreSQL switches to a generic plan after
 * five executions when it is no dearer than the custom ones), which spares the planning of every list
 * page (docs/decisions/008-contacts-at-scale.md). `shape` must name everything `build` depends on
 * besides the placeholders; the statement's name is a hash of its text, so one name is always one
 * text. Only for statements whose generic plan suits any values — not one whose best plan depends on
 * a value, such as a search pattern.
 * @throws what the driver throws, or drizzle's error for a placeholder missing from `values`
 */
export async function queryRowsPrepared<T>(
  db: Database,
  shape: string,
  build: () => SQL,
  values: Record<string, unknown>,
): Promise<T[]> {
  let statements = preparedByDb.get(db);
  if (!statements) preparedByDb.set(db, (statements = new Map()));
  let statement = statements.get(shape);
  if (!statement) {
    // drizzle's db.execute with a name: the same driver path and type parsing as queryRows.
    const { dialect, session } = db as unknown as { dialect: PgDialect; session: PgSession };
    const built = dialect.sqlToQuery(build());
    const name = `q_${createHash('sha1').update(built.sql).digest('base64url')}`;
    statement = session.prepareQuery(built, undefined, name, false);
    statements.set(shape, statement);
  }
  const result = (await statement.execute(values)) as { rows: T[] };
  return result.rows;
}
