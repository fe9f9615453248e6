import { cn } from '#web/lib/cn';
import { Button } from './button';

/** The parts of a TanStack infinite query that "Load more" needs. */
export interface NextPageQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The foot of a keyset-paginated list: why the next page failed (if it did) and a "Load more"
 * button while there is one. `className` places it (spacing, width of the button's row).
 */
export function LoadMore({
  query,
  failedMessage,
  className,
  buttonClassName,
}: {
  query: NextPageQuery;
  failedMessage: string;
  className?: string;
  buttonClassName?: string;
}) {
  return (
    <>
      {query.isFetchNextPageError && (
        <p role="alert" className={cn('text-sm text-red-600 dark:text-red-400', className)}>
          {failedMessage}
        </p>
      )}
      {query.hasNextPage && (
        <div className={cn('flex justify-center', className)}>
          <Button
            variant="outline"
            size="sm"
            className={buttonClassName}
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            Load more
          </Button>
        </div>
      )}
    </>
  );
}
