import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Card } from './ui/card';
import { ErrorState, TableSkeleton } from './ui/page-states';

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
