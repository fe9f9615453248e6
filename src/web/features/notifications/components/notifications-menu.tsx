import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { formatDistanceToNow } from 'date-fns';
import { Bell, CheckCheck, ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '#shared/paths';
import { pageCount } from '#shared/schemas/pagination';
import { notificationMessages as m, type Notification } from '#shared/schemas/notifications';
import { Button } from '#web/components/ui/button';
import { Spinner } from '#web/components/ui/spinner';
import { cn } from '#web/lib/cn';
import { useMarkNotificationsRead, useNotifications } from '../api/notification-queries';

/** Where opening a notification leads: the screen of what it is about (a reminder: its conversation). */
function destination(n: Notification): string {
  switch (n.kind) {
    case 'link-lost':
    case 'link-suspicious':
      return paths.liveLinks;
    case 'mailbox-paused':
      return paths.emails;
    case 'inbox-reminder':
      return n.inboxThreadId ? paths.inboxThread(n.inboxThreadId) : paths.inbox;
    case 'webhook-disabled':
      return paths.settingsTab('webhooks');
    case 'claim-opened':
      return paths.placementClaims;
  }
}

/**
 * The dashboard's bell (docs/decisions/012-link-monitoring.md): the unread count on it, and a menu of the latest alerts
 * (links turned lost or suspicious, mailboxes paused by their health, inbox reminders), ten at a time.
 * Opening one marks it read and shows Live Links, Email Accounts or the reminder's conversation.
 */
export function NotificationsMenu({ className }: { className?: string }) {
  const [page, setPage] = useState(1);
  const query = useNotifications(page);
  const mark = useMarkNotificationsRead();
  const navigate = useNavigate();
  const unread = query.data?.unread ?? 0;

  const open = (n: Notification) => {
    if (!n.readAt) mark.mutate({ ids: [n.id] });
    void navigate(destination(n));
  };

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className={cn('relative', className)}
          aria-label={unread ? `${m.title} (${unread} unread)` : m.title}
        >
          <Bell aria-hidden className="size-5" />
          {unread > 0 && (
            <span
              aria-hidden
              data-testid="unread-count"
              className="absolute top-1 right-1 flex min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-4 font-semibold text-white"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={6}
          collisionPadding={8}
          className="z-50 w-[min(24rem,calc(100vw-1rem))] overflow-hidden rounded-xl border border-slate-200 bg-white text-slate-900 shadow-xl dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
            <DropdownMenu.Label className="font-semibold">{m.title}</DropdownMenu.Label>
            {unread > 0 && (
              <DropdownMenu.Item
                onSelect={(e) => {
                  e.preventDefault();
                  mark.mutate({}, { onError: () => toast.error(m.markFailed) });
                }}
                className="flex cursor-pointer items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-indigo-700 outline-none data-[highlighted]:bg-indigo-50 dark:text-indigo-300 dark:data-[highlighted]:bg-indigo-500/20"
              >
                <CheckCheck aria-hidden className="size-3.5" /> {m.markAllRead}
              </DropdownMenu.Item>
            )}
          </div>
          <div className="max-h-[60dvh] overflow-y-auto">
            {query.isPending ? (
              <div className="flex justify-center p-6">
                <Spinner />
              </div>
            ) : query.isError ? (
              <p className="p-4 text-sm text-red-700 dark:text-red-300">{m.loadFailed}</p>
            ) : query.data.total === 0 ? (
              <p className="p-6 text-center text-sm text-slate-600 dark:text-slate-400">{m.empty}</p>
            ) : (
              query.data.items.map((n) => (
                <DropdownMenu.Item
                  key={n.id}
                  onSelect={() => open(n)}
                  className="flex cursor-pointer gap-3 border-b border-slate-100 px-4 py-3 outline-none last:border-b-0 data-[highlighted]:bg-slate-50 dark:border-slate-800 dark:data-[highlighted]:bg-slate-800/60"
                >
                  <span
                    aria-hidden
                    className={cn(
                      'mt-1.5 size-2 shrink-0 rounded-full',
                      n.readAt
                        ? 'bg-transparent'
                        : n.kind === 'link-suspicious'
                          ? 'bg-amber-500'
                          : 'bg-red-500',
                    )}
                  />
                  <span className="min-w-0 text-sm">
                    <span className={cn('block', !n.readAt && 'font-semibold')}>
                      {n.title}
                      {!n.readAt && <span className="sr-only"> (unread)</span>}
                    </span>
                    <span className="mt-0.5 block break-words text-slate-600 dark:text-slate-400">
                      {n.body}
                    </span>
                    <span className="mt-1 block text-xs text-slate-500 dark:text-slate-400">
                      {formatDistanceToNow(new Date(n.createdAt), { addSuffix: true })}
                    </span>
                  </span>
                </DropdownMenu.Item>
              ))
            )}
          </div>
          {query.data && query.data.total > query.data.pageSize && (
            <div className="flex items-center justify-between border-t border-slate-200 px-2 py-1.5 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
              <Button
                variant="ghost"
                size="xs"
                aria-label="Newer notifications"
                disabled={page === 1}
                onClick={() => setPage(page - 1)}
              >
                <ChevronLeft aria-hidden className="size-4" />
              </Button>
              Page {page} of {pageCount(query.data.total, query.data.pageSize)}
              <Button
                variant="ghost"
                size="xs"
                aria-label="Older notifications"
                disabled={page >= pageCount(query.data.total, query.data.pageSize)}
                onClick={() => setPage(page + 1)}
              >
                <ChevronRight aria-hidden className="size-4" />
              </Button>
            </div>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
