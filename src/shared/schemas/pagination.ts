import { z } from 'zod';

/** `?page=` of public lists with a fixed page size (the blog): 1-based, first page by default. */
export const pageQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });

/** Query fields of the dashboard's paginated lists: 1-based page, page size (at most 100 rows), date order. */
export const pageQueryFields = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  order: z.enum(['asc', 'desc']).default('desc'),
};

export type SortOrder = 'asc' | 'desc';

/** One page of a server-paginated list: its rows, the total number of matching rows, page and page size. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

/** Number of pages for a total (at least 1, so an empty list still has its page 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
