import { z } from 'zod';

/** `?page=` of paginated lists: 1-based, defaults to the first page. */
export const pageQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });

/** A page of a list: its items, the 1-based page number, how many pages there are and the item total. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageCount: z.number().int(),
    total: z.number().int(),
  });
}

/** The number of pages of `total` items at `pageSize` per page; an empty list still has page 1. */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
