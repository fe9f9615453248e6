import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { cursorAfter } from '../../shared/page-cursor';
import { queryRows, queryRowsPrepared, type Database } from './client';

/** A page of a list as the API answers it (`pageSchema` in src/shared/schemas/pagination.ts). */
export interface ListPage<Item> {
  items: Item[];
  total: number;
  page: number;
  pageSize: number;
  nextCursor: string | null;
}

/**
 * The list query a page answers, as its route parsed it (withPageCursor): page, page size, and the
 * filters and sort, which the next page's cursor is tied to (src/shared/page-cursor.ts).
 */
export type PageQuery = { page: number; pageSize: number } & Record<string, unknown>;

/**
 * The page of `query` holding `items`, out of `total` matching rows: the one place that builds the
 * API's pages. `nextCursor` is the next page's cursor while rows remain after this page
 * (`hasNext`, by default from `total`), else null. Pass the query exactly as the route parsed it:
 * the cursor is refused if its filters differ from those of the request that brings it back.
 */
export function pageOf<Item>(
  items: Item[],
  total: number,
  query: PageQuery,
  hasNext: boolean = query.page * query.pageSize < total,
): ListPage<Item> {
  return {
    items,
    total,
    page: query.page,
    pageSize: query.pageSize,
    nextCursor: hasNext ? cursorAfter(query) : null,
  };
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
 * of every match together — they run in parallel — and maps each row to its API shape (pageOf).
 */
export async function listPage<Row, Item>(
  rows: PromiseLike<Row[]>,
  total: PromiseLike<number>,
  query: PageQuery,
  toItem: (row: Row) => Item,
): Promise<ListPage<Item>> {
  const [pageRows, count] = await Promise.all([rows, total]);
  return pageOf(pageRows.map(toItem), count, query);
}

/** The parts of a list statement (pageAndTotal). */
export interface ListStatement {
  page: SQLWrapper;
  counted: SQLWrapper;
  order: SQL;
  found?: SQL;
}

/**
 * A list statement's values, for pageAndTotal to run it prepared (queryRowsPrepared): `build` gives
 * the statement with `sql.placeholder`s for `values` and is called once per `shape`. Only for lists
 * whose filters a generic plan serves for any value (ids whose rows one index reads in order), not
 * for one whose best plan depends on how rare the value is (a status, a search).
 */
export interface PreparedList {
  shape: string;
  build: () => ListStatement;
  values: Record<string, unknown>;
}

function listSql(list: ListStatement): SQL {
  return sql`with page as ${list.page}, counted as (
        select count(*)::int as page_total, ${list.found ?? sql`true`} as page_found from ${list.counted} as m)
      select counted.page_total, counted.page_found, page.* from counted left join page on true
      order by ${list.order}`;
}

/**
 * One page of a list and how many rows match, in one statement (docs/decisions/008-contacts-at-scale.md):
 * `page` (a select already ordered and limited to the page) and the count of the rows of `counted`
 * (a select of the matching rows, limited if the count is capped) are CTEs; the count's single row is
 * LEFT JOINed to the page, so a page past the end still carries the total. `order` repeats the page's
 * order over the CTE's output columns (`page.created_at desc …`): the join does not keep it. `found`,
 * a boolean expression evaluated once (e.g. that the user owns the parent), comes back as `found`.
 * `list` is the statement itself, or a PreparedList to run it as a prepared statement.
 * @returns the page's rows as the driver gives them (snake_case columns, timestamps as PostgreSQL
 *   text, see isoText), the total, and `found` (true without it)
 */
export async function pageAndTotal<Row extends { id: string | null }>(
  db: Database,
  list: ListStatement | PreparedList,
): Promise<{ rows: Row[]; total: number; found: boolean }> {
  type Result = Row & { page_total: number; page_found: boolean };
  const result =
    'shape' in list
      ? await queryRowsPrepared<Result>(db, list.shape, () => listSql(list.build()), list.values)
      : await queryRows<Result>(db, listSql(list));
  const first = result[0];
  return {
    rows: result.filter((r) => r.id !== null),
    total: first?.page_total ?? 0,
    found: first?.page_found ?? false,
  };
}
