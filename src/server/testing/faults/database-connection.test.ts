import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { pingDatabase, queryRows, type DatabaseHandle } from '../../db/client';
import { createTestDatabase } from '../database';

/**
 * A pooled connection that died between checkout and BEGIN (the database restarted or cut it while
 * it sat idle; docs/decisions/042-fault-suite.md): the transaction fails, and its client is not kept
 * checked out, so the pool goes on serving instead of running dry after a few such failures.
 */

let handle: DatabaseHandle | undefined;
afterAll(async () => {
  await handle?.close();
});

describe('a connection that dies between checkout and BEGIN', () => {
  it('fails the transaction, gives the client back, and the pool keeps answering', async () => {
    handle = await createTestDatabase();
    const pool = handle.pool;
    // The next clients the pool hands out lose their socket first, as a connection the server cut.
    let cuts = 3;
    const cut = (client: pg.PoolClient) => {
      if (cuts-- > 0)
        (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    };
    pool.on('acquire', cut);
    for (let i = 0; i < 3; i++) {
      await expect(handle.db.transaction((tx) => tx.execute(sql`select 1`))).rejects.toThrow();
    }
    pool.off('acquire', cut);

    // None is left checked out; the next transaction and query run on fresh connections.
    expect(pool.totalCount - pool.idleCount).toBe(0);
    expect(await handle.db.transaction((tx) => queryRows(tx, sql`select 1 as one`))).toEqual([{ one: 1 }]);
    expect(await pingDatabase(handle.db)).toBe(true);
  });
});
