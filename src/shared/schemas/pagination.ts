import { z } from 'zod';
import {
  PAGE_CURSOR_MAX_LENGTH,
  decodePageCursor,
  pageCursorMessages,
  queryFingerprint,
} from '../page-cursor';

/**
 * `?cursor=`: a page's `nextCursor` (src/shared/page-cursor.ts), to fetch the page after it; given,
 * it wins over `page` and `pageSize`. Checked by withPageCursor.
 */
export const cursorQueryField = z
  .string()
  .max(PAGE_CURSOR_MAX_LENGTH, pageCursorMessages.invalid)
  .describe("The previous page's nextCursor; wins over page and pageSize. Send the same filters with it.")
  .optional();

/** `?page=` of public lists with a fixed page size (the blog): 1-based, first page by default, or a cursor. */
export const pageQuerySchema = withPageCursor(
  z.object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    cursor: cursorQueryField,
  }),
);

/**
 * Query fields of the dashboard's paginated lists: 1-based page, page size (at most 100 rows), date
 * order, or a cursor. The list's query object goes through withPageCursor.
 */
export const pageQueryFields = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  order: z.enum(['asc', 'desc']).default('desc'),
  cursor: cursorQueryField,
};

export type SortOrder = 'asc' | 'desc';

/** The fields withPageCursor needs: a page number, a cursor, and the page size of lists that let clients choose it. */
type PagedQueryShape = z.core.$ZodShape & {
  page: z.ZodType<number, unknown>;
  pageSize?: z.ZodType<number, unknown>;
  cursor: typeof cursorQueryField;
};

/**
 * A list's query schema whose `cursor`, when given, sets `page` and `pageSize` (src/shared/page-cursor.ts).
 * Errors (400, a field error on `cursor`): pageCursorMessages.invalid for a cursor that is not one, or
 * whose page or page size this list refuses; pageCursorMessages.otherQuery for a cursor made for other
 * filters or another sort. A list with a fixed page size (no `pageSize` field) takes only the page.
 */
export function withPageCursor<Shape extends PagedQueryShape, Config extends z.core.$ZodObjectConfig>(
  query: z.ZodObject<Shape, Config>,
) {
  const { page: pageField, pageSize: pageSizeField } = query.shape;
  return query.transform((fields, ctx) => {
    const { cursor } = fields as { cursor?: string };
    if (cursor === undefined) return fields;
    const position = decodePageCursor(cursor);
    const valid =
      position !== null &&
      pageField.safeParse(position.page).success &&
      (pageSizeField === undefined || pageSizeField.safeParse(position.pageSize).success);
    if (!valid) {
      ctx.addIssue({ code: 'custom', path: ['cursor'], message: pageCursorMessages.invalid, input: cursor });
      return z.NEVER;
    }
    if (position.query !== queryFingerprint(fields)) {
      ctx.addIssue({
        code: 'custom',
        path: ['cursor'],
        message: pageCursorMessages.otherQuery,
        input: cursor,
      });
      return z.NEVER;
    }
    return pageSizeField === undefined
      ? { ...fields, page: position.page }
      : { ...fields, page: position.page, pageSize: position.pageSize };
  });
}

/**
 * One page of a server-paginated list: its rows, the total number of matching rows, page and page
 * size, and `nextCursor`, the cursor of the next page (null on the last one).
 */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    nextCursor: z.string().nullable(),
  });
}

/** Number of pages for a total (at least 1, so an empty list still has its page 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
