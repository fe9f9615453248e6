import { format, formatDistanceToNow } from 'date-fns';
import { AlarmClock } from 'lucide-react';
import { Link, type To } from 'react-router';
import { displayHost, displayUrl } from '#shared/display-host';
import type { InboxThreadSummary } from '#shared/schemas/inbox';
import { hostOf, siteUrlFromInput } from '#shared/url-normalize';
import { Badge, type BadgeTone } from '#web/components/ui/badge';
import { cn } from '#web/lib/cn';
import { formatDateTime } from '#web/lib/format';

/** The chip of a conversation whose latest message from their side is not a person's reply. */
const kindChips: Record<
  Exclude<InboxThreadSummary['lastKind'], 'reply'>,
  { text: string; tone: BadgeTone }
> = {
  auto_reply: { text: 'Auto-reply', tone: 'neutral' },
  bounce: { text: 'Bounce', tone: 'danger' },
  unsubscribe: { text: 'Unsubscribe', tone: 'danger' },
  challenge: { text: 'Verification request', tone: 'warning' },
};

/** A label's chip takes the colour of the status it sets. */
const outcomeTones: Record<NonNullable<NonNullable<InboxThreadSummary['label']>['outcome']>, BadgeTone> = {
  responded: 'info',
  success: 'success',
  failed: 'danger',
};

/** Up to two initials of a member's name, e.g. 'Mia Member' → 'MM'. */
function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

// Chips carry user-typed names: Badge's capitalize would rewrite them. The spaces between the row's
// parts are for its accessible name, which would otherwise run them together ("site.exampleJane").
const chipClass = 'gap-1 px-2 py-0 normal-case';

/**
 * One conversation of the inbox list, a link to it (`to` keeps the list's filters): an unread dot
 * and bold text while unread, the website's host and contact, how long ago their latest message
 * came, its subject and first words, then the label, "Needs answer", the reminder's day, an
 * Auto-reply / Bounce chip when their latest message was not a person's reply, and the assignee's
 * initials. `selected` marks the conversation open beside the list.
 */
export function InboxRow({
  thread,
  selected,
  to,
}: {
  thread: InboxThreadSummary;
  selected: boolean;
  to: To;
}) {
  // The list is narrow: its rows name the site by its host (no `http://`, no path), the title the address.
  const site = siteUrlFromInput(thread.website);
  const website = displayHost((site && hostOf(site)) ?? thread.website);
  const kind = thread.lastKind === 'reply' ? null : kindChips[thread.lastKind];
  return (
    <li>
      <Link
        to={to}
        aria-current={selected ? 'page' : undefined}
        className={cn(
          'block border-l-2 px-4 py-3 outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-inset',
          selected
            ? 'border-indigo-600 bg-indigo-50 dark:border-indigo-400 dark:bg-indigo-500/10'
            : 'border-transparent hover:bg-slate-50 dark:hover:bg-slate-800/60',
        )}
      >
        <div className="flex items-center gap-2">
          <span
            aria-hidden
            data-testid={thread.unread ? 'unread-dot' : undefined}
            className={cn(
              'size-2 shrink-0 rounded-full',
              thread.unread ? 'bg-indigo-600 dark:bg-indigo-400' : 'bg-transparent',
            )}
          />
          {thread.unread && <span className="sr-only">Unread:</span>}{' '}
          <span className="flex min-w-0 items-baseline gap-1.5 text-sm">
            <span
              title={displayUrl(thread.website)}
              className={cn(
                'truncate',
                thread.unread
                  ? 'font-semibold text-slate-900 dark:text-white'
                  : 'font-medium text-slate-800 dark:text-slate-200',
              )}
            >
              {website}
            </span>
            {thread.contactName && (
              <>
                <span className="sr-only">,</span>{' '}
                <span className="truncate text-xs text-slate-500 dark:text-slate-400">
                  {thread.contactName}
                </span>
              </>
            )}
          </span>{' '}
          <time
            dateTime={thread.lastMessageAt}
            title={formatDateTime(thread.lastMessageAt)}
            className="ml-auto shrink-0 pl-2 text-xs text-slate-500 dark:text-slate-400"
          >
            {formatDistanceToNow(new Date(thread.lastMessageAt), { addSuffix: true })}
          </time>
        </div>
        <div className="pl-4">
          <p
            className={cn(
              'mt-0.5 truncate text-sm',
              thread.unread
                ? 'font-semibold text-slate-900 dark:text-white'
                : 'text-slate-700 dark:text-slate-300',
            )}
          >
            {thread.subject || '(no subject)'}
          </p>
          {thread.snippet && (
            <p className="mt-0.5 line-clamp-2 text-xs break-words text-slate-500 dark:text-slate-400">
              {thread.snippet}
            </p>
          )}
          <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
            {thread.label && (
              <Badge
                tone={thread.label.outcome ? outcomeTones[thread.label.outcome] : 'accent'}
                className={chipClass}
              >
                {thread.label.name}
              </Badge>
            )}{' '}
            {thread.needsAnswer && (
              <Badge tone="warning" className={chipClass}>
                Needs answer
              </Badge>
            )}{' '}
            {thread.remindAt && (
              <Badge
                tone="neutral"
                className={chipClass}
                title={`Reminder: ${formatDateTime(thread.remindAt)}`}
              >
                <AlarmClock aria-hidden className="size-3" />
                <span className="sr-only">Reminder</span> {format(new Date(thread.remindAt), 'MMM d')}
              </Badge>
            )}{' '}
            {kind && (
              <Badge tone={kind.tone} className={chipClass}>
                {kind.text}
              </Badge>
            )}{' '}
            {thread.assignee && (
              <span className="ml-auto flex items-center" title={`Assigned to ${thread.assignee.name}`}>
                <span className="sr-only">Assigned to {thread.assignee.name}</span>
                <span
                  aria-hidden
                  className="flex size-6 items-center justify-center rounded-full bg-slate-200 text-[10px] font-semibold text-slate-700 dark:bg-slate-700 dark:text-slate-200"
                >
                  {initials(thread.assignee.name)}
                </span>
              </span>
            )}
          </div>
        </div>
      </Link>
    </li>
  );
}
