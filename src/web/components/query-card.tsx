import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Card } from './ui/card';
import { ErrorState, TableSkeleton } from './ui/page-states';
import { Pagination } from './ui/pagination';

interface QueryCardProps<T> {
  query: UseQueryResult<T>;
  /** Shown with a Try again button when loading fails (docs/product.md#errors 'Failed to load …'). */
  errorMessage: string;
  /** True when the loaded data has nothing to list. */
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  heading?: ReactNode;
  children: (data: T) => ReactNode;
}

/** A card around a server list: skeleton while loading, error with retry, empty state, or the list. */
export function QueryCard<T>({ query, errorMessage, isEmpty, empty, heading, children }: QueryCardProps<T>) {
  return (
    <Card className="overflow-hidden">
      {heading}
      {query.isPending ? (
        <TableSkeleton />
      ) : query.isError ? (
        <ErrorState message={errorMessage} onRetry={() => void query.refetch()} />
      ) : isEmpty(query.data) ? (
        empty
      ) : (
        children(query.data)
      )}
    </Card>
  );
}

/** The parts of one server page (pageSchema) that its pager reads. */
interface ListPage {
  items: readonly unknown[];
  total: number;
  pageSize: number;
  /** `total` is a lower bound (contacts). */
  totalIsCapped?: boolean;
}

/** What the pager under a paged list needs besides the page's own total. */
interface Pager {
  page: number;
  /** The page size asked for; defaults to the one the server answered with, for lists whose size it sets. */
  pageSize?: number;
  onPageChange: (page: number) => void;
  /** What the rows are, e.g. 'contacts'. */
  noun: string;
}

interface PagedQueryCardProps<T extends ListPage> extends Omit<QueryCardProps<T>, 'isEmpty'> {
  /** Defaults to: no row matches at all. */
  isEmpty?: (data: T) => boolean;
  pager: Pager;
}

/** A QueryCard over one page of a server list, with the Previous / Next pager under the list. */
export function PagedQueryCard<T extends ListPage>({
  isEmpty = (data) => data.total === 0,
  pager: { page, pageSize, onPageChange, noun },
  children,
  ...props
}: PagedQueryCardProps<T>) {
  return (
    <QueryCard {...props} isEmpty={isEmpty}>
      {(data) => (
        <>
          {children(data)}
          <Pagination
            page={page}
            pageSize={pageSize ?? data.pageSize}
            total={data.total}
            totalIsCapped={data.totalIsCapped}
            pageRows={data.items.length}
            onPageChange={onPageChange}
            noun={noun}
          />
        </>
      )}
    </QueryCard>
  );
}
