/**
 * Opaque cursors of the page-numbered lists (docs/decisions/025-public-api-and-webhooks.md).
 *
 * A cursor is base64url JSON `{ page, pageSize, query }`: the next page's number and size, and a
 * fingerprint of the list's other query fields (filters, sort), so that a cursor sent with other
 * filters is refused instead of silently paging another list. It is an offset, not a keyset: a row
 * added or removed while a client walks the list shifts the later pages, so a row can be skipped or
 * seen twice — clients de-duplicate by id. Pure: the server and the web share it.
 */

/** Where a page starts, as a cursor carries it. */
export interface PagePosition {
  /** 1-based page number. */
  page: number;
  pageSize: number;
  /** queryFingerprint of the list query the cursor was made for. */
  query: string;
}

/** The refusals of a cursor (shown as a field error on `cursor`). */
export const pageCursorMessages = {
  invalid: 'The page cursor is not valid.',
  otherQuery: 'This cursor belongs to another query.',
};

/** The longest cursor accepted; the ones made here are about 60 characters. */
export const PAGE_CURSOR_MAX_LENGTH = 200;

// Where a page starts, not which rows the list holds: left out of the fingerprint.
const positionFields = new Set(['page', 'pageSize', 'cursor']);

/**
 * A short fingerprint (8 hex digits, FNV-1a) of a list query's fields other than page, pageSize and
 * cursor; fields that are undefined do not count, so an omitted optional filter matches itself.
 * Not a secret: it only tells a cursor's query from another.
 */
export function queryFingerprint(query: Record<string, unknown>): string {
  const fields = Object.keys(query)
    .filter((key) => !positionFields.has(key) && query[key] !== undefined)
    .sort()
    .map((key) => [key, query[key]]);
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify(fields)) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** The cursor of the page after `query`'s page (same size, same fingerprint). */
export function cursorAfter(query: { page: number; pageSize: number } & Record<string, unknown>): string {
  return encodePageCursor({ page: query.page + 1, pageSize: query.pageSize, query: queryFingerprint(query) });
}

/** A position as a cursor: base64url JSON, without padding. */
export function encodePageCursor(position: PagePosition): string {
  const json = JSON.stringify({ page: position.page, pageSize: position.pageSize, query: position.query });
  // The JSON is ASCII (numbers and hex digits), which btoa takes as is.
  return btoa(json).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/**
 * The position a cursor carries, or null when it is not one encodePageCursor made: not base64url,
 * not JSON, other keys, a page or page size that is not a positive integer, a malformed fingerprint.
 * The list's own bounds (largest page size) are the caller's to check.
 */
export function decodePageCursor(cursor: string): PagePosition | null {
  if (cursor.length === 0 || cursor.length > PAGE_CURSOR_MAX_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) {
    return null;
  }
  let value: unknown;
  try {
    value = JSON.parse(atob(cursor.replaceAll('-', '+').replaceAll('_', '/')));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { page, pageSize, query, ...rest } = value as Record<string, unknown>;
  const positive = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 1;
  if (Object.keys(rest).length > 0 || !positive(page) || !positive(pageSize)) return null;
  if (typeof query !== 'string' || !/^[0-9a-f]{8}$/.test(query)) return null;
  return { page, pageSize, query };
}
