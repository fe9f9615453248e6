import { ChevronLeft, Link2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { displayUrl } from '#shared/display-host';
import { inboxMessages as m, type InboxThread, type LabelThreadResult } from '#shared/schemas/inbox';
import { Button } from '#web/components/ui/button';
import { ErrorState } from '#web/components/ui/page-states';
import { Skeleton } from '#web/components/ui/skeleton';
import { AddLiveLinkDialog } from '#web/widgets/live-links/add-live-link-dialog';
import { useInboxThread, useMarkThreadRead } from '../api/thread-queries';
import { AnswerComposer } from './answer-composer';
import { NotesPanel } from './notes-panel';
import { ProspectCard } from './prospect-card';
import { ThreadHeader } from './thread-header';
import { ThreadMessages } from './thread-messages';

/**
 * One conversation of the inbox (docs/product.md#inbox): header with its actions, the messages, the
 * answer composer, and beside them (below on smaller screens) the prospect's card and the team's notes.
 * Opening it marks it read for the signed-in member.
 */
export function ThreadView({ threadId, onBack }: { threadId: string; onBack: () => void }) {
  const query = useInboxThread(threadId);
  if (query.isPending) return <ThreadSkeleton />;
  if (query.isError) {
    return (
      <div className="p-4 sm:p-6">
        <Button variant="ghost" size="sm" className="lg:hidden" onClick={onBack}>
          <ChevronLeft aria-hidden className="size-4" /> Back
        </Button>
        <ErrorState message={m.threadLoadFailed} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  // Keyed: the composer's text, the open panels and the read marker belong to one conversation.
  return <ThreadContent key={threadId} data={query.data} onBack={onBack} />;
}

/** The newest message's id: a new one arriving while the conversation is open is read too. */
function newestMessageId(data: InboxThread): string {
  let newest: { id: string; time: number } | null = null;
  for (const message of data.messages) {
    const time = Date.parse(message.at);
    if (!newest || time >= newest.time) newest = { id: message.id, time };
  }
  return newest?.id ?? '';
}

/**
 * Marks the conversation read when it shows unread: once per newest message, so "Mark unread" sticks
 * while the member stays on it, yet a reply arriving meanwhile is marked read as it is seen.
 */
function useMarkReadWhenSeen(data: InboxThread) {
  const markRead = useMarkThreadRead(data.thread.id).mutate;
  const markedFor = useRef<string | null>(null);
  const newest = newestMessageId(data);
  const unread = data.thread.unread;
  useEffect(() => {
    if (markedFor.current === newest) return;
    markedFor.current = newest;
    if (unread) markRead(true);
  }, [unread, newest, markRead]);
}

function ThreadContent({ data, onBack }: { data: InboxThread; onBack: () => void }) {
  useMarkReadWhenSeen(data);
  const [proposeLiveLink, setProposeLiveLink] = useState(false);
  const [addingLink, setAddingLink] = useState(false);
  const onLabelled = (result: LabelThreadResult) => setProposeLiveLink(result.proposeLiveLink);

  return (
    // A container: the side column depends on the room the inbox's list leaves, not on the screen.
    <div className="@container min-w-0 space-y-4 p-4 sm:p-6">
      <ThreadHeader data={data} onBack={onBack} onLabelled={onLabelled} />
      {proposeLiveLink && (
        <div
          role="status"
          className="flex flex-wrap items-center gap-3 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:border-emerald-900/70 dark:bg-emerald-950/40 dark:text-emerald-200"
        >
          <Link2 aria-hidden className="size-4 shrink-0" />
          <p className="min-w-0 flex-1 break-words">
            Link placed on {displayUrl(data.prospect.website)}? Add it to Live Links to monitor it.
          </p>
          <div className="flex gap-2">
            <Button size="sm" onClick={() => setAddingLink(true)}>
              Add live link
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setProposeLiveLink(false)}>
              Dismiss
            </Button>
          </div>
        </div>
      )}
      <div className="grid gap-4 @4xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-4">
          <ThreadMessages messages={data.messages} />
          <AnswerComposer data={data} />
        </div>
        <aside aria-label="Prospect details" className="min-w-0 space-y-4">
          <ProspectCard prospect={data.prospect} />
          <NotesPanel threadId={data.thread.id} prospectId={data.prospect.id} notes={data.notes} />
        </aside>
      </div>
      <AddLiveLinkDialog
        open={addingLink}
        defaults={{ campaignId: data.prospect.campaignId, pageUrl: data.prospect.website }}
        onOpenChange={(open) => {
          setAddingLink(open);
          if (!open) setProposeLiveLink(false);
        }}
      />
    </div>
  );
}

/** Placeholder blocks in the conversation's shape while it loads. */
function ThreadSkeleton() {
  return (
    <div role="status" aria-label="Loading the conversation" className="@container space-y-4 p-4 sm:p-6">
      <div className="space-y-2 border-b border-slate-200 pb-4 dark:border-slate-800">
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
        <div className="flex gap-2 pt-1">
          <Skeleton className="h-9 w-40" />
          <Skeleton className="h-9 w-44" />
          <Skeleton className="h-9 w-28" />
        </div>
      </div>
      <div className="grid gap-4 @4xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-3">
          <Skeleton className="ml-auto h-28 w-4/5 rounded-xl" />
          <Skeleton className="h-36 w-4/5 rounded-xl" />
          <Skeleton className="h-48 w-full rounded-xl" />
        </div>
        <Skeleton className="h-64 w-full rounded-2xl" />
      </div>
    </div>
  );
}
