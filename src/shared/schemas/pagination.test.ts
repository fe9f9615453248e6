import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cursorAfter, encodePageCursor, pageCursorMessages, queryFingerprint } from '../page-cursor';
import { pageQueryFields, pageQuerySchema, withPageCursor } from './pagination';

const listQuery = withPageCursor(
  z.object({ status: z.enum(['all', 'draft']).default('all'), ...pageQueryFields }),
);

/** The field errors of a refused query, as the API's 400 names them. */
function issues(input: Record<string, unknown>) {
  const result = listQuery.safeParse(input);
  expect(result.success).toBe(false);
  return result.error!.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('withPageCursor', () => {
  it('leaves a query without a cursor as its fields parse it', () => {
    expect(listQuery.parse({ page: '2', pageSize: '3' })).toEqual({
      status: 'all',
      page: 2,
      pageSize: 3,
      order: 'desc',
    });
  });

  it("takes page and page size from the cursor, over the request's own", () => {
    const cursor = cursorAfter(listQuery.parse({ status: 'draft', pageSize: '3' }));
    expect(listQuery.parse({ status: 'draft', page: '7', pageSize: '50', cursor })).toMatchObject({
      status: 'draft',
      page: 2,
      pageSize: 3,
    });
  });

  it('refuses a malformed cursor as a field error on cursor', () => {
    expect(issues({ cursor: 'not-a-cursor' })).toEqual([
      { path: 'cursor', message: pageCursorMessages.invalid },
    ]);
    expect(issues({ cursor: 'x'.repeat(300) })).toEqual([
      { path: 'cursor', message: pageCursorMessages.invalid },
    ]);
  });

  it("refuses a cursor whose page size the list's own bounds refuse", () => {
    const query = queryFingerprint(listQuery.parse({}));
    const cursor = encodePageCursor({ page: 2, pageSize: 10_000, query });
    expect(issues({ cursor })).toEqual([{ path: 'cursor', message: pageCursorMessages.invalid }]);
  });

  it('refuses a cursor made for other filters or another order', () => {
    const cursor = cursorAfter(listQuery.parse({ status: 'draft' }));
    expect(issues({ cursor })).toEqual([{ path: 'cursor', message: pageCursorMessages.otherQuery }]);
    expect(issues({ status: 'draft', order: 'asc', cursor })).toEqual([
      { path: 'cursor', message: pageCursorMessages.otherQuery },
    ]);
  });

  it('keeps the page size of a fixed-size list (the blog) and takes only the page', () => {
    const cursor = encodePageCursor({ page: 4, pageSize: 9, query: queryFingerprint({}) });
    expect(pageQuerySchema.parse({ cursor })).toEqual({ page: 4, cursor });
  });
});
