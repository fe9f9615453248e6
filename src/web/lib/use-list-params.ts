import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** What a list keeps in the URL: its filters, sort and page, each a string or a number. */
export type ListParams = Record<string, string | number | undefined> & { page: number };

/**
 * A list screen's filters, sort and page, kept in the URL's query string, so a reload, the back
 * button and a shared link show the same list. `read` turns the query (unknown keys included) into
 * the list's params, falling back to its defaults for what it cannot read; the contacts list reads
 * with the zod schema the server validates the same request with. `set(patch)` writes the patch
 * and goes back to page 1 unless the patch names the page; `replace` rewrites the current history
 * entry, for a search box that writes every keystroke (the list's request waits for the typing to
 * rest, useDebouncedValue). A value equal to its default stays out of the URL, and other keys of
 * the query (a tab) are kept.
 */
export function useListParams<T extends ListParams>(read: (query: Record<string, string>) => T, defaults: T) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = read(Object.fromEntries(searchParams));
  const set = useCallback(
    (patch: Partial<T>, { replace = false }: { replace?: boolean } = {}) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          const changes: Partial<ListParams> = 'page' in patch ? patch : { ...patch, page: 1 };
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === '' || value === defaults[key]) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace },
      );
    },
    [setSearchParams, defaults],
  );
  return [params, set] as const;
}

/** The 1-based page of a URL query (its `page`), or 1 when it has none or not a whole number ≥ 1. */
export function pageFrom(query: Record<string, string>): number {
  const page = Number(query.page);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The params of a list whose only param is its page (read by pageFrom). */
export const pageOnly = {
  read: (query: Record<string, string>) => ({ page: pageFrom(query) }),
  defaults: { page: 1 },
};
