import { ChevronDown, ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { formatDateTime } from '#web/lib/format';
import { useQuarantinedMessages } from '../api/quarantine-queries';

const plural = (n: number) => `${n} ${n === 1 ? 'message' : 'messages'}`;

/**
 * Under a mailbox row: "N messages set aside" — the messages its sync could not read or apply —
 * expanding to their reason, sender, subject and date. Renders nothing while there are none.
 */
export function QuarantinedMessages({ mailboxId }: { mailboxId: string }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const query = useQuarantinedMessages(mailboxId);
  const page = query.data;
  if (!page || page.total === 0) return null;
  const Chevron = open ? ChevronDown : ChevronRight;
  return (
    <div className="mt-2 text-sm">
      <button
        type="button"
        className="inline-flex items-center gap-1 text-amber-700 hover:underline dark:text-amber-400"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        <Chevron aria-hidden className="size-4" />
        {plural(page.total)} set aside
      </button>
      {open && (
        <ul
          id={listId}
          aria-label="Messages set aside"
          className="mt-2 space-y-2 border-l-2 border-amber-300 pl-3 dark:border-amber-700"
        >
          {page.items.map((m) => (
            <li key={m.id}>
              <p className="font-medium">{m.reason}</p>
              <p className="text-slate-600 dark:text-slate-400">
                {m.fromEmail ?? 'Unknown sender'} · {m.subject || '(no subject)'} ·{' '}
                {formatDateTime(m.createdAt)}
              </p>
            </li>
          ))}
          {page.total > page.items.length && (
            <li className="text-slate-600 dark:text-slate-400">
              and {plural(page.total - page.items.length)} more
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
