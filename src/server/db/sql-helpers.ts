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

/** ORDER BY a column in the given direction, nulls last either way, for a sortable date column. */
export function orderByNullsLast(column: AnyColumn, order: SortOrder): SQL {
  return order === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;
}

/** OFFSET of a 1-based page. */
export function pageOffset(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}
