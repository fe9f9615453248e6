import {
  ArrowRightLeft,
  Ban,
  CalendarClock,
  CircleCheck,
  CircleX,
  Clock,
  Eye,
  MailWarning,
  MessageSquareReply,
  MousePointerClick,
  Send,
  ShieldQuestion,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { campaignMessages as m } from '#shared/schemas/campaigns';
import {
  timelineMessages,
  type ProspectTimeline,
  type TimelineEntry,
} from '#shared/schemas/prospect-timeline';
import type { UpdateProspectStatusInput } from '#shared/schemas/prospects';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { ErrorState } from '#web/components/ui/page-states';
import { Sheet, SheetContent } from '#web/components/ui/sheet';
import { Skeleton } from '#web/components/ui/skeleton';
import { formatDate, formatDateTime } from '#web/lib/format';
import { useUpdateProspectStatus } from '#web/data/prospect-mutations';
import { useProspectTimeline } from '#web/data/prospect-queries';
import { ProspectStatusBadge } from '#web/widgets/prospects/prospect-status-badge';
import { ReplyAssist } from '#web/widgets/ai/reply-assist';
import { displayUrl } from '#shared/display-host';
import { ProspectAddressPanel } from './prospect-address-panel';
import { ProspectCustomFields } from './prospect-custom-fields';

/**
 * The prospect's whole history in a side sheet (docs/decisions/011-replies-history-and-domain-memory.md): messages sent, opens and clicks
 * (scanner hits marked), replies, auto-replies, bounces and status changes, oldest first, with
 * Success and Failed so the user can decide from what they read, and its custom field values
 * (docs/decisions/044-custom-fields.md) to read and edit. Closed when `prospectId` is null.
 */
export function ProspectTimelineDrawer({
  prospectId,
  onClose,
}: {
  prospectId: string | null;
  onClose: () => void;
}) {
  const query = useProspectTimeline(prospectId);
  return (
    <Sheet open={prospectId !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent side="right" title="Prospect history" closeLabel="Close history">
        {query.isPending ? (
          <DrawerSkeleton />
        ) : query.isError ? (
          <div className="p-6 pt-14">
            <ErrorState message={timelineMessages.loadFailed} onRetry={() => void query.refetch()} />
          </div>
        ) : (
          <TimelineView timeline={query.data} />
        )}
      </SheetContent>
    </Sheet>
  );
}

function TimelineView({ timeline }: { timeline: ProspectTimeline }) {
  const { prospect } = timeline;
  const update = useUpdateProspectStatus();
  const decide = (status: UpdateProspectStatusInput['status']) =>
    update.mutate(
      { id: prospect.id, status },
      {
        onSuccess: () => toast.success(`Marked ${status === 'success' ? 'Success' : 'Failed'}`),
        onError: () => toast.error(m.updateProspectFailed),
      },
    );
  const busy = update.isPending ? update.variables?.status : undefined;

  return (
    <>
      <header className="space-y-3 border-b border-slate-200 p-5 pr-14 dark:border-slate-800">
        <div className="min-w-0">
          <h2 className="truncate text-lg font-semibold" title={displayUrl(prospect.website)}>
            {displayUrl(prospect.website)}
          </h2>
          <p className="truncate text-sm text-slate-600 dark:text-slate-400">
            {[prospect.contactName, prospect.contactEmail ?? 'No email'].filter(Boolean).join(' · ')}
          </p>
          <p className="truncate text-xs text-slate-500 dark:text-slate-400">{timeline.campaignName}</p>
        </div>
        <ProspectAddressPanel prospect={prospect} />
        <div className="flex flex-wrap items-center gap-2">
          <ProspectStatusBadge status={prospect.status} />
          <span className="flex-1" />
          <Button
            size="sm"
            variant="outline"
            loading={busy === 'success'}
            disabled={prospect.status === 'success' || update.isPending}
            onClick={() => decide('success')}
            className="text-emerald-700 dark:text-emerald-400"
          >
            <CircleCheck aria-hidden className="size-4" /> Success
          </Button>
          <Button
            size="sm"
            variant="outline"
            loading={busy === 'failed'}
            disabled={prospect.status === 'failed' || update.isPending}
            onClick={() => decide('failed')}
            className="text-red-700 dark:text-red-400"
          >
            <CircleX aria-hidden className="size-4" /> Failed
          </Button>
        </div>
      </header>
      <div className="flex-1 overflow-y-auto p-5">
        <div className="mb-6">
          <ProspectCustomFields prospect={prospect} />
        </div>
        {timeline.entries.length <= 1 && (
          <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">{timelineMessages.empty}</p>
        )}
        <ol
          aria-label="History"
          className="relative space-y-5 border-l border-slate-200 pl-6 dark:border-slate-800"
        >
          {timeline.entries.map((entry, i) => (
            <TimelineItem key={i} entry={entry} campaignName={timeline.campaignName} />
          ))}
        </ol>
        {timeline.trackingTruncated && (
          <p className="mt-4 text-xs text-slate-500 dark:text-slate-400">
            Only the latest opens and clicks are shown.
          </p>
        )}
      </div>
    </>
  );
}

/** What a bounce meant for the prospect (docs/decisions/013-inbound-classification.md). */
const bounceTitle = {
  hard: 'Bounced: address does not exist',
  soft: 'Bounced for now: will try again',
  policy: 'Refused by the receiving server (spam or policy block)',
  delay: 'Delivery delayed: the server is still trying',
} as const;

const messageStatusLabel: Record<Extract<TimelineEntry, { type: 'message' }>['status'], string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Not sent',
  flagged: 'Held: missing placeholder values',
  cancelled: 'Cancelled',
};

/** Icon, title and details of one entry. */
function describeEntry(
  entry: TimelineEntry,
  campaignName: string,
): { icon: LucideIcon; tone: string; title: ReactNode; body?: ReactNode } {
  const muted = 'text-slate-500 dark:text-slate-400';
  switch (entry.type) {
    case 'added':
      return { icon: UserPlus, tone: muted, title: `Added to ${campaignName}` };
    case 'message':
      return {
        icon: entry.status === 'sent' ? Send : entry.status === 'failed' ? MailWarning : Clock,
        tone: entry.status === 'failed' ? 'text-red-600 dark:text-red-400' : 'text-sky-600 dark:text-sky-400',
        title: `Step ${entry.stepNumber} · ${messageStatusLabel[entry.status]}`,
        body: (
          <>
            <p className="font-medium break-words">{entry.subject}</p>
            <p className={`text-xs ${muted}`}>To {entry.toEmail}</p>
            {entry.error && <p className="text-sm text-red-700 dark:text-red-400">{entry.error}</p>}
            <MessageText summary="Show message" text={entry.body} />
          </>
        ),
      };
    case 'open':
    case 'click':
      return {
        icon: entry.type === 'open' ? Eye : MousePointerClick,
        tone: entry.automated ? muted : 'text-indigo-600 dark:text-indigo-400',
        title: (
          <>
            {entry.type === 'open' ? 'Opened' : 'Clicked a link in'} step {entry.stepNumber}
            {entry.automated && (
              <Badge
                tone="neutral"
                className="ml-2 normal-case"
                title="A security scanner or link preview, not a person"
              >
                Automated
              </Badge>
            )}
          </>
        ),
        body: entry.url ? <p className={`text-xs break-all ${muted}`}>{entry.url}</p> : undefined,
      };
    case 'reply':
      return {
        icon: MessageSquareReply,
        tone: 'text-emerald-600 dark:text-emerald-400',
        title: `Reply from ${entry.fromEmail}`,
        body: (
          <>
            <Quote subject={entry.subject} text={entry.text} />
            <ReplyAssist inboundMessageId={entry.id} />
          </>
        ),
      };
    case 'auto_reply':
      return {
        icon: CalendarClock,
        tone: 'text-amber-600 dark:text-amber-400',
        title: 'Automatic reply',
        body: (
          <>
            <p className="text-sm">
              {entry.returnsOn
                ? `Back on ${formatDate(entry.returnsOn)}: the sequence waits until then.`
                : 'No return date given: the sequence waits 7 days.'}
            </p>
            <MessageText summary="Show auto-reply" text={entry.text} />
          </>
        ),
      };
    case 'unsubscribe':
      return {
        icon: Ban,
        tone: 'text-red-600 dark:text-red-400',
        title: 'Asked to be removed',
        body: <Quote subject={entry.subject} text={entry.text} />,
      };
    case 'bounce': {
      const type = entry.bounceType ?? (entry.hard ? 'hard' : 'soft');
      return {
        icon: MailWarning,
        tone: type === 'hard' ? 'text-red-600 dark:text-red-400' : 'text-amber-600 dark:text-amber-400',
        title: `${bounceTitle[type]}${entry.bounceStatus ? ` (${entry.bounceStatus})` : ''}`,
        body: <MessageText summary="Show bounce report" text={entry.text} />,
      };
    }
    case 'answer':
      return {
        icon: Send,
        tone: 'text-sky-600 dark:text-sky-400',
        title: `Answered from the inbox${entry.author ? ` by ${entry.author}` : ''}`,
        body: (
          <>
            <p className="font-medium break-words">{entry.subject}</p>
            <p className={`text-xs ${muted}`}>To {entry.toEmail}</p>
            <MessageText summary="Show answer" text={entry.body} />
          </>
        ),
      };
    case 'challenge':
      return {
        icon: ShieldQuestion,
        tone: 'text-amber-600 dark:text-amber-400',
        title: `Verification request from ${entry.fromEmail}`,
        body: (
          <>
            <p className="text-sm">
              Their mail filter asks the sender to prove they are a person before the message is delivered.
            </p>
            <MessageText summary="Show request" text={entry.text} />
          </>
        ),
      };
    case 'status':
      return {
        icon: ArrowRightLeft,
        tone: muted,
        title: (
          <>
            Status <ProspectStatusBadge status={entry.status} />
          </>
        ),
        body: entry.reason ? <p className={`text-sm ${muted}`}>{entry.reason}</p> : undefined,
      };
  }
}

function TimelineItem({ entry, campaignName }: { entry: TimelineEntry; campaignName: string }) {
  const { icon: Icon, tone, title, body } = describeEntry(entry, campaignName);
  return (
    <li className="relative">
      <span
        className={`absolute top-0.5 -left-[2.1rem] flex size-6 items-center justify-center rounded-full bg-white ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700 ${tone}`}
      >
        <Icon aria-hidden className="size-3.5" />
      </span>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className="text-sm font-medium">{title}</p>
        <time dateTime={entry.at} className="text-xs text-slate-500 dark:text-slate-400">
          {formatDateTime(entry.at)}
        </time>
      </div>
      {body && <div className="mt-1 space-y-1">{body}</div>}
    </li>
  );
}

function Quote({ subject, text }: { subject: string; text: string }) {
  return (
    <>
      <p className="text-xs break-words text-slate-500 dark:text-slate-400">{subject}</p>
      <blockquote className="rounded-md border-l-2 border-emerald-500 bg-slate-50 px-3 py-2 text-sm break-words whitespace-pre-wrap dark:bg-slate-800/60">
        {text || '(no text)'}
      </blockquote>
    </>
  );
}

function MessageText({ summary, text }: { summary: string; text: string }) {
  if (!text) return null;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-xs text-indigo-700 hover:underline dark:text-indigo-300">
        {summary}
      </summary>
      <pre className="mt-1 max-h-64 overflow-auto rounded-md bg-slate-50 p-3 font-sans text-sm break-words whitespace-pre-wrap dark:bg-slate-800/60">
        {text}
      </pre>
    </details>
  );
}

function DrawerSkeleton() {
  return (
    <div className="space-y-4 p-5 pt-6" role="status" aria-label="Loading history">
      <Skeleton className="h-6 w-48" />
      <Skeleton className="h-4 w-64" />
      <Skeleton className="h-8 w-full" />
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} className="h-14 w-full" />
      ))}
    </div>
  );
}
