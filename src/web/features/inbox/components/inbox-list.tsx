import { Inbox, SearchX } from 'lucide-react';
import { paths } from '#shared/paths';
import { inboxMessages } from '#shared/schemas/inbox';
import { LoadMore } from '#web/components/ui/load-more';
import { EmptyState, ErrorState } from '#web/components/ui/page-states';
import { Skeleton } from '#web/components/ui/skeleton';
import { useInboxThreads, type InboxFilters } from '../api/inbox-queries';
import { InboxRow } from './inbox-row';

/** What the list says besides the shared inbox messages. */
export const inboxListMessages = {
  loadMoreFailed: 'Failed to load more conversations. Please try again.',
  empty: 'No conversations yet',
  noMatch: 'No conversations match',
} as const;

/** Placeholder rows shaped like conversations while the first page loads. */
function InboxListSkeleton() {
  return (
    <div role="status" aria-label="Loading" className="divide-y divide-slate-200 dark:divide-slate-800">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="space-y-2 px-4 py-3 pl-8">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-3.5 w-5/6" />
          <Skeleton className="h-3 w-full" />
        </div>
      ))}
    </div>
  );
}

/**
 * The conversations for `filters` (docs/product.md#inbox), latest first, then Load more while older
 * pages remain (keyset cursor). Each row links to its conversation with the list's query string
 * (`search`, e.g. '?view=unread'), so the filters stay as they are; `selectedId` is the one open.
 * Skeleton while loading, an error with Try again, and an empty state that tells a new workspace
 * where conversations come from.
 */
export function InboxList({
  filters,
  selectedId,
  search,
}: {
  filters: InboxFilters;
  selectedId: string | undefined;
  search: string;
}) {
  const query = useInboxThreads(filters);
  if (query.isPending) return <InboxListSkeleton />;
  if (query.isError && !query.data) {
    return <ErrorState message={inboxMessages.loadFailed} onRetry={() => void query.refetch()} />;
  }
  const threads = query.data.pages.flatMap((page) => page.items);
  if (threads.length === 0) {
    const filtered =
      filters.view !== 'all' ||
      Boolean(
        filters.labelId || filters.campaignId || filters.mailboxId || filters.assignee || filters.search,
      );
    return filtered ? (
      <EmptyState icon={SearchX} title={inboxListMessages.noMatch}>
        Try another view, search or filter.
      </EmptyState>
    ) : (
      <EmptyState icon={Inbox} title={inboxListMessages.empty}>
        When prospects reply to your campaign emails, their replies appear here, one conversation per
        prospect, ready to answer.
      </EmptyState>
    );
  }
  return (
    <div>
      <ul aria-label="Conversations" className="divide-y divide-slate-200 dark:divide-slate-800">
        {threads.map((thread) => (
          <InboxRow
            key={thread.id}
            thread={thread}
            selected={thread.id === selectedId}
            to={{ pathname: paths.inboxThread(thread.id), search }}
          />
        ))}
      </ul>
      <LoadMore
        query={query}
        failedMessage={inboxListMessages.loadMoreFailed}
        className="px-4 pt-3 pb-3"
        buttonClassName="w-full"
      />
    </div>
  );
}
