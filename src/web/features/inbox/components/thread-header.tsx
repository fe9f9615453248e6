import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { AlarmClock, ChevronLeft, MailOpen, MoreHorizontal } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { paths } from '#shared/paths';
import { inboxMessages as m, type InboxThread, type LabelThreadResult } from '#shared/schemas/inbox';
import { displayUrl } from '#shared/display-host';
import { Button } from '#web/components/ui/button';
import { Select } from '#web/components/ui/select';
import { formatDateTime } from '#web/lib/format';
import { refusalMessage } from '#web/lib/form-errors';
import {
  useAssignThread,
  useLabelThread,
  useMarkThreadRead,
  useSetThreadReminder,
  useThreadMembers,
} from '../api/thread-queries';
import { useInboxLabels } from '../api/inbox-queries';
import { announceLabel } from './label-undo';

/** Radix Select has no empty value: this one stands for "no label" / "unassigned". */
const NONE = 'none';

/** The reminder delays offered, in days (docs/product.md#inbox). */
const reminderChoices = [
  { days: 1, label: 'In 1 day' },
  { days: 3, label: 'In 3 days' },
  { days: 7, label: 'In 1 week' },
  { days: 14, label: 'In 2 weeks' },
] as const;

const menuContent =
  'z-50 min-w-44 overflow-hidden rounded-lg border border-slate-200 bg-white p-1 text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';
const menuItem =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm outline-none select-none data-[highlighted]:bg-indigo-50 data-[highlighted]:text-indigo-900 dark:data-[highlighted]:bg-indigo-500/20 dark:data-[highlighted]:text-white';

interface ThreadHeaderProps {
  data: InboxThread;
  onBack: () => void;
  /** After a label was set: the caller may propose adding the live link. */
  onLabelled: (result: LabelThreadResult) => void;
}

/**
 * The conversation's title block: subject, who it is with, the campaign and mailbox, and its actions
 * (label, assignee, reminder, mark unread). Back appears only where the inbox shows one pane at a time (below lg).
 */
export function ThreadHeader({ data, onBack, onLabelled }: ThreadHeaderProps) {
  const { thread } = data;
  const contact = [thread.contactName, thread.contactEmail].filter(Boolean).join(' · ');
  return (
    <header className="space-y-3 border-b border-slate-200 pb-4 dark:border-slate-800">
      <div className="flex items-start gap-2">
        <Button variant="ghost" size="sm" className="-ml-2 lg:hidden" onClick={onBack}>
          <ChevronLeft aria-hidden className="size-4" /> Back
        </Button>
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-semibold break-words">{thread.subject || '(no subject)'}</h2>
          <p className="mt-0.5 text-sm break-words text-slate-700 dark:text-slate-300">
            <span className="font-medium">{displayUrl(thread.website)}</span>
            {contact && <span className="text-slate-600 dark:text-slate-400"> · {contact}</span>}
          </p>
          <p className="mt-0.5 text-xs break-words text-slate-500 dark:text-slate-400">
            <Link
              to={paths.campaign(thread.campaignId)}
              className="text-indigo-700 hover:underline dark:text-indigo-300"
            >
              {thread.campaignName}
            </Link>
            {data.mailbox && <> · via {data.mailbox.email}</>}
          </p>
        </div>
        <MoreMenu threadId={thread.id} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <LabelSelect data={data} onLabelled={onLabelled} />
        <AssigneeSelect data={data} />
        <ReminderMenu threadId={thread.id} remindAt={thread.remindAt} />
      </div>
    </header>
  );
}

function Menu({ trigger, label, children }: { trigger: ReactNode; label: string; children: ReactNode }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          collisionPadding={8}
          aria-label={label}
          className={menuContent}
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The "…" menu: Mark unread, for coming back to the conversation later. */
function MoreMenu({ threadId }: { threadId: string }) {
  const read = useMarkThreadRead(threadId);
  return (
    <Menu
      label="Conversation actions"
      trigger={
        <Button variant="ghost" size="icon" className="size-9" aria-label="Conversation actions">
          <MoreHorizontal aria-hidden className="size-5" />
        </Button>
      }
    >
      <DropdownMenu.Item
        className={menuItem}
        onSelect={() =>
          read.mutate(false, {
            onSuccess: () => toast.success('Marked unread'),
            onError: (error) => toast.error(refusalMessage(error, 'Failed to mark unread')),
          })
        }
      >
        <MailOpen aria-hidden className="size-4" /> Mark unread
      </DropdownMenu.Item>
    </Menu>
  );
}

/** The label: changing it may change the prospect's status, so it is toasted with an Undo. */
function LabelSelect({
  data,
  onLabelled,
}: {
  data: InboxThread;
  onLabelled: (result: LabelThreadResult) => void;
}) {
  const labels = useInboxLabels();
  const label = useLabelThread(data.thread.id);
  const current = data.thread.label;
  const known = labels.data ?? [];
  const options = [
    { value: NONE, label: 'No label' },
    ...known.map((l) => ({ value: l.id, label: l.name })),
    // A label deleted meanwhile (or the list still loading) must still show as the current value.
    ...(current && !known.some((l) => l.id === current.id)
      ? [{ value: current.id, label: current.name }]
      : []),
  ];
  const choose = (value: string) => {
    const labelId = value === NONE ? null : value;
    if (labelId === (current?.id ?? null)) return;
    const name = labelId === null ? null : (options.find((o) => o.value === labelId)?.label ?? '');
    label.mutate(
      { labelId },
      {
        onSuccess: (result) => {
          announceLabel(name, result, (input) =>
            // Undone, the live-link proposal follows the restored label.
            label.mutateAsync(input).then((restored) => onLabelled(restored)),
          );
          onLabelled(result);
        },
        onError: (error) => toast.error(refusalMessage(error, 'Failed to set the label')),
      },
    );
  };
  return (
    <Select
      aria-label="Label"
      className="h-9 w-40"
      value={current?.id ?? NONE}
      onValueChange={choose}
      options={options}
      disabled={label.isPending}
    />
  );
}

/** Who answers this conversation: a member of the workspace, or nobody. */
function AssigneeSelect({ data }: { data: InboxThread }) {
  const members = useThreadMembers();
  const assign = useAssignThread(data.thread.id);
  const current = data.thread.assignee;
  const known = members.data ?? [];
  const options = [
    { value: NONE, label: 'Unassigned' },
    ...known.map((u) => ({ value: u.id, label: u.name })),
    // A member who left (or the list still loading) must still show as the current value.
    ...(current && !known.some((u) => u.id === current.id)
      ? [{ value: current.id, label: current.name }]
      : []),
  ];
  const choose = (value: string) => {
    const assigneeId = value === NONE ? null : value;
    if (assigneeId === (current?.id ?? null)) return;
    const name = options.find((o) => o.value === value)?.label;
    assign.mutate(assigneeId, {
      onSuccess: () => toast.success(assigneeId ? `Assigned to ${name}` : 'Unassigned'),
      onError: (error) => toast.error(refusalMessage(error, 'Failed to assign the conversation')),
    });
  };
  return (
    <Select
      aria-label="Assignee"
      className="h-9 w-44"
      value={current?.id ?? NONE}
      onValueChange={choose}
      options={options}
      disabled={assign.isPending}
    />
  );
}

/** Remind me in 1, 3, 7 or 14 days (unless they answer first), or clear the reminder. */
function ReminderMenu({ threadId, remindAt }: { threadId: string; remindAt: string | null }) {
  const reminder = useSetThreadReminder(threadId);
  const set = (days: number | null) =>
    reminder.mutate(days, {
      onSuccess: () => toast.success(days === null ? 'Reminder cleared' : m.reminderSet),
      onError: (error) => toast.error(refusalMessage(error, 'Failed to set the reminder')),
    });
  return (
    <>
      <Menu
        label="Remind me"
        trigger={
          <Button variant="outline" size="sm" className="h-9" loading={reminder.isPending}>
            {!reminder.isPending && <AlarmClock aria-hidden className="size-4" />} Remind me
          </Button>
        }
      >
        {reminderChoices.map((choice) => (
          <DropdownMenu.Item key={choice.days} className={menuItem} onSelect={() => set(choice.days)}>
            {choice.label}
          </DropdownMenu.Item>
        ))}
        {remindAt && (
          <>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-800" />
            <DropdownMenu.Item className={menuItem} onSelect={() => set(null)}>
              Clear reminder
            </DropdownMenu.Item>
          </>
        )}
      </Menu>
      {remindAt && (
        <span className="text-xs text-slate-600 dark:text-slate-400">
          Reminder: <time dateTime={remindAt}>{formatDateTime(remindAt)}</time>
        </span>
      )}
    </>
  );
}
