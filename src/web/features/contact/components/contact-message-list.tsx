import { useState } from 'react';
import { contactMessages } from '#shared/schemas/contact';
import { pageCount } from '#shared/schemas/pagination';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Spinner } from '#web/components/ui/spinner';
import { useContactMessages } from '../api/contact-message-queries';

const sentAt = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The admin view of contact-form messages: newest first, 20 per page, with loading, empty and error states. */
export function ContactMessageList() {
  const [page, setPage] = useState(1);
  const messages = useContactMessages(page);

  if (messages.isPending) return <Spinner className="size-6" label="Loading messages" />;
  if (messages.isError) return <Alert variant="destructive">{contactMessages.loadFailed}</Alert>;
  const { items, total } = messages.data;
  const pages = pageCount(total, messages.data.pageSize);
  if (total === 0) return <p className="text-slate-600 dark:text-slate-400">{contactMessages.none}</p>;

  return (
    <div>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {total} {total === 1 ? 'message' : 'messages'}
      </p>
      <ul className="mt-4 space-y-4" aria-busy={messages.isFetching}>
        {items.map((m) => (
          <li
            key={m.id}
            className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="font-semibold text-slate-900 dark:text-white">{m.subject}</h3>
              <time dateTime={m.createdAt} className="text-xs text-slate-500 dark:text-slate-400">
                {sentAt.format(new Date(m.createdAt))}
              </time>
            </div>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {m.name} ·{' '}
              <a
                href={`mailto:${m.email}`}
                className="text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
              >
                {m.email}
              </a>
            </p>
            <p className="mt-3 text-sm whitespace-pre-wrap text-slate-800 dark:text-slate-200">{m.message}</p>
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav aria-label="Messages pages" className="mt-6 flex items-center justify-between">
          <Button variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <span className="text-sm text-slate-600 dark:text-slate-400">{`Page ${page} of ${pages}`}</span>
          <Button variant="outline" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </nav>
      )}
    </div>
  );
}
