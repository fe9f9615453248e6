/**
 * Mends drizzle-orm's node-postgres `transaction()` (0.45.4), which runs BEGIN before the
 * try/finally that gives its pooled client back (drizzle-team/drizzle-orm issues 6241 and 6114, open):
 * a BEGIN on a connection that died after checkout — the database restarting or cutting
 * connections — kept the client checked out for the life of the process, and a few of those
 * exhausted the pool for good; a ROLLBACK that failed on a dead connection put the client back as
 * if healthy. Here BEGIN runs inside the try, the caller gets the transaction's own error, and a
 * client whose rollback failed is released with that error, so pg-pool discards it
 * (docs/decisions/042-fault-suite.md). Same shape as the upstream fix (pull request 6242); remove
 * once drizzle ships it.
 */
import { sql, type SQL } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgDialect, PgTransactionConfig } from 'drizzle-orm/pg-core';
import pg from 'pg';

/** The session's private fields the method reads, as drizzle's own method does. */
interface SessionFields {
  client: pg.Pool | pg.PoolClient | pg.Client;
  dialect: PgDialect;
  schema: undefined;
  options: undefined;
}

type TransactionBody = (tx: NodePgTransaction<never, never>) => Promise<unknown>;

let installed = false;

/** Replaces `NodePgSession.prototype.transaction` once per process. */
export function releaseClientsOfFailedTransactions(): void {
  if (installed) return;
  installed = true;
  const prototype = NodePgSession.prototype as unknown as {
    transaction(this: SessionFields, body: TransactionBody, config?: PgTransactionConfig): Promise<unknown>;
  };
  prototype.transaction = async function (body, config) {
    const pooled = this.client instanceof pg.Pool;
    const client = pooled ? await (this.client as pg.Pool).connect() : null;
    const session = client
      ? new NodePgSession(client, this.dialect, this.schema, this.options)
      : (this as unknown as NodePgSession<never, never>);
    const tx = new NodePgTransaction<never, never>(this.dialect, session, undefined);
    const options = config
      ? (tx as unknown as { getTransactionConfigSQL(c: PgTransactionConfig): SQL }).getTransactionConfigSQL(
          config,
        )
      : undefined;
    let broken: Error | undefined;
    try {
      await tx.execute(sql`begin${options ? sql` ${options}` : undefined}`);
      const result = await body(tx);
      await tx.execute(sql`commit`);
      return result;
    } catch (error) {
      await tx.execute(sql`rollback`).catch((rollbackError: Error) => (broken = rollbackError));
      throw error;
    } finally {
      client?.release(broken);
    }
  };
}
