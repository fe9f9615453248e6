import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SortOrder } from '../../shared/schemas/pagination';

/** `%text%` for a case-insensitive substring ILIKE, with the user's % _ and \\ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** ISO string of a timestamp column value (null stays null). */
export function iso(value: Date): string;
export function iso(value: Date | null): string | null;
export function iso(value: Date | null): string | null {
  return value ? value.toISOString() : null;
}

// PostgreSQL's text of a UTC timestamptz (ISO DateStyle, TimeZone UTC): `2026-11-27 07:12:31.123456+00`.
const PG_UTC_TEXT = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;

/**
 * ISO string of a timestamp as a raw query returns it: PostgreSQL's text (drizzle's drivers leave
 * timestamps unparsed) or a Date; null stays null. Same result as drizzle's column mapping + `iso`
 * (milliseconds, the rest of the microseconds dropped). UTC text is rewritten as a string: a list
 * page converts ~50 timestamps, and Date's parser of that form takes ~6× as long; any other offset
 * goes through Date.
 */
export function isoText(value: string | Date): string;
export function isoText(value: string | Date | null): string | null;
export function isoText(value: string | Date | null): string | null {
  if (value === null) return null;
  if (typeof value !== 'string') return value.toISOString();
  const utc = PG_UTC_TEXT.exec(value);
  if (!utc) return new Date(value).toISOString();
  return `${utc[1]}T${utc[2]}.${`${utc[3] ?? ''}000`.slice(0, 3)}Z`;
}

/** ORDER BY a nullable column in the given direction, nulls last either way (e.g. 'Never' contacted). */
export function orderByNullsLast(column: AnyColumn, order: SortOrder): SQL {
  return order === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;
}

/**
 * ORDER BY a column of one of our `… DESC` indexes, which drizzle builds as DESC NULLS LAST: desc reads
 * the index forwards, asc (NULLS FIRST) backwards. PostgreSQL only uses an index whose null ordering
 * matches, even for a NOT NULL column, so a plain `desc` would sort every row instead.
 */
export function orderByIndexed(column: AnyColumn, order: SortOrder): SQL {
  return order === 'asc' ? sql`${column} asc nulls first` : sql`${column} desc nulls last`;
}

/** OFFSET of a 1-based page. */
export function pageOffset(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}
