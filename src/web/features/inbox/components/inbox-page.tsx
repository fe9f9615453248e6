import { MessagesSquare, Tags } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { paths } from '#shared/paths';
import { Button } from '#web/components/ui/button';
import { EmptyState } from '#web/components/ui/page-states';
import { cn } from '#web/lib/cn';
import { useDebouncedValue } from '#web/lib/use-debounced-value';
import type { InboxFilters as Filters } from '../api/inbox-queries';
import { InboxFilters, useInboxParams } from './inbox-filters';
import { InboxList } from './inbox-list';
import { ManageLabelsDialog } from './manage-labels-dialog';
import { ThreadView } from './thread-view';

/**
 * /dashboard/inbox and /dashboard/inbox/:threadId (docs/product.md#inbox): the conversations on the
 * left (~380 px) and the open one on the right from lg up; below lg one pane at a time, the list or
 * the conversation with its Back button. The list's view, filters and search live in the query
 * string, which every row link and Back keep; the header opens Manage labels.
 */
export function InboxPage() {
  const { threadId } = useParams();
  const { search: queryString } = useLocation();
  const navigate = useNavigate();
  const [params, set] = useInboxParams();
  const [labelsOpen, setLabelsOpen] = useState(false);
  const { search, page: _page, ...rest } = params;
  const debouncedSearch = useDebouncedValue(search.trim());
  const filters: Filters = { ...rest, search: debouncedSearch || undefined };
  const back = () => void navigate({ pathname: paths.inbox, search: queryString });

  return (
    // The panes fill the screen; below md the phone's top bar (h-14) takes its top.
    <div className="flex min-h-[calc(100dvh-3.5rem)] md:min-h-dvh lg:h-dvh lg:min-h-0">
      <section
        aria-label="Conversations list"
        className={cn(
          'flex w-full min-w-0 flex-col bg-white lg:w-[380px] lg:shrink-0 lg:border-r lg:border-slate-200 dark:bg-slate-900 lg:dark:border-slate-800',
          threadId && 'hidden lg:flex',
        )}
      >
        <div className="space-y-3 border-b border-slate-200 p-4 dark:border-slate-800">
          <div className="flex items-center justify-between gap-2">
            <h1 className="text-2xl font-bold tracking-tight">Inbox</h1>
            <Button type="button" variant="outline" size="sm" onClick={() => setLabelsOpen(true)}>
              <Tags aria-hidden className="size-4" /> Manage labels
            </Button>
          </div>
          <InboxFilters params={params} set={set} />
        </div>
        <div className="min-h-0 flex-1 lg:overflow-y-auto">
          <InboxList filters={filters} selectedId={threadId} search={queryString} />
        </div>
      </section>
      <section
        aria-label="Conversation"
        className={cn('flex min-w-0 flex-1 flex-col lg:overflow-y-auto', !threadId && 'hidden lg:flex')}
      >
        {threadId ? (
          <ThreadView key={threadId} threadId={threadId} onBack={back} />
        ) : (
          <div className="flex flex-1 items-center justify-center">
            <EmptyState icon={MessagesSquare} title="Select a conversation">
              Choose a conversation on the left to read it and answer.
            </EmptyState>
          </div>
        )}
      </section>
      <ManageLabelsDialog open={labelsOpen} onOpenChange={setLabelsOpen} />
    </div>
  );
}
