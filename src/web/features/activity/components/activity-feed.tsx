import {
  Download,
  History,
  Inbox,
  ListOrdered,
  Mail,
  Megaphone,
  SearchX,
  Send,
  UserPlus,
  Users,
} from 'lucide-react';
import {
  activityKindLabels,
  activitySentence,
  type ActivityEntry,
  type ActivityKind,
} from '#shared/schemas/activity';
import { Badge } from '#web/components/ui/badge';
import { LoadMore } from '#web/components/ui/load-more';
import { EmptyState, ErrorState, TableSkeleton } from '#web/components/ui/page-states';
import { cn } from '#web/lib/cn';
import { formatDateTime } from '#web/lib/format';
import { useActivity, type ActivityFilters } from '../api/activity-queries';

/** What the feed says when the log fails to load (docs/product.md#errors: "Failed to load …"). */
export const activityFeedMessages = {
  loadFailed: 'Failed to load activity',
  loadMoreFailed: 'Failed to load more activity. Please try again.',
  empty: 'Nothing has happened yet',
  noMatch: 'No activity matches these filters',
} as const;

/** The name of the one who did it; the system (or a member who left the install) reads as LinkPilot. */
const SYSTEM_ACTOR = 'LinkPilot';

/** The small picture of an entry, by what it is about (the kind's first part). */
function KindIcon({ kind }: { kind: ActivityKind }) {
  const props = { 'aria-hidden': true, className: 'size-4' } as const;
  switch (kind.split('.')[0]) {
    case 'campaign':
      return <Megaphone {...props} />;
    case 'prospects':
    case 'prospect':
      return <Users {...props} />;
    case 'sequence':
      return <ListOrdered {...props} />;
    case 'outreach':
      return <Send {...props} />;
    case 'mailbox':
      return <Mail {...props} />;
    case 'member':
      return <UserPlus {...props} />;
    case 'export':
      return <Download {...props} />;
    case 'inbox':
      return <Inbox {...props} />;
    default:
      return <History {...props} />;
  }
}

/**
 * The workspace's activity log (docs/decisions/023-workspaces-and-roles.md), newest first: who did what
 * and when, with the kind as a small label, then Load more while older pages remain. Refreshes by
 * itself when anyone in the workspace acts (the live 'activity.changed' event). `compact` is the
 * campaign page's variant: tighter rows and a one-line empty state.
 */
export function ActivityFeed({ filters, compact = false }: { filters: ActivityFilters; compact?: boolean }) {
  const query = useActivity(filters);
  if (query.isPending) return <TableSkeleton rows={compact ? 3 : 6} />;
  if (query.isError && !query.data) {
    return <ErrorState message={activityFeedMessages.loadFailed} onRetry={() => void query.refetch()} />;
  }
  const entries = query.data.pages.flatMap((page) => page.items);
  if (entries.length === 0) {
    if (compact) {
      return <p className="py-2 text-sm text-slate-600 dark:text-slate-400">{activityFeedMessages.empty}.</p>;
    }
    const filtered = Boolean(filters.member || filters.kind || filters.campaignId);
    return filtered ? (
      <EmptyState icon={SearchX} title={activityFeedMessages.noMatch}>
        Try another member, kind or campaign.
      </EmptyState>
    ) : (
      <EmptyState icon={History} title={activityFeedMessages.empty}>
        Campaigns, prospects, mailboxes and members show up here as your team works.
      </EmptyState>
    );
  }
  return (
    <div>
      <ul aria-label="Activity" className="divide-y divide-slate-200 dark:divide-slate-800">
        {entries.map((entry) => (
          <ActivityRow key={entry.id} entry={entry} compact={compact} />
        ))}
      </ul>
      <LoadMore
        query={query}
        failedMessage={activityFeedMessages.loadMoreFailed}
        className="mt-3"
        buttonClassName="w-full sm:w-auto"
      />
    </div>
  );
}

function ActivityRow({ entry, compact }: { entry: ActivityEntry; compact: boolean }) {
  return (
    <li className={cn('flex gap-3', compact ? 'py-2.5' : 'py-3')}>
      <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
        <KindIcon kind={entry.kind} />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm break-words text-slate-700 dark:text-slate-300">
          <span className="font-semibold text-slate-900 dark:text-white">{entry.actor ?? SYSTEM_ACTOR}</span>{' '}
          {activitySentence(entry)}
          {entry.apiKey && (
            // A change made by a script names the key it came through (docs/decisions/025-public-api-and-webhooks.md).
            <span className="text-slate-500 dark:text-slate-400">
              {' '}
              via API key <span className="font-medium">{entry.apiKey}</span>
            </span>
          )}
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
          <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
          <Badge className="px-2 py-0 normal-case">{activityKindLabels[entry.kind]}</Badge>
        </p>
      </div>
    </li>
  );
}
