import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/** A page of a list as the API answers it (`pageSchema` in src/shared/schemas/pagination.ts). */
export interface ListPage<Item> {
  items: Item[];
  total: number;
  page: number;
  pageSize: number;
}

/** How many rows of `table` match `where`. */
export async function countWhere(db: Database, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(table)
    .where(where);
  return row?.total ?? 0;
}

/**
 * One page of a list: waits for the page's rows (a query already limited to the page) and the count
 * of every match together — they run in parallel — and maps each row to its API shape.
 */
export async function listPage<Row, Item>(
  rows: PromiseLike<Row[]>,
  total: PromiseLike<number>,
  query: { page: number; pageSize: number },
  toItem: (row: Row) => Item,
): Promise<ListPage<Item>> {
  const [pageRows, count] = await Promise.all([rows, total]);
  return { items: pageRows.map(toItem), total: count, page: query.page, pageSize: query.pageSize };
}
