import { formatPct, overLimit } from '#shared/mailbox-health';
import { mailboxMessages as m, type Mailbox } from '#shared/schemas/mailboxes';
import type { MailboxHealth } from '#shared/schemas/mail-health';
import { ErrorState } from '#web/components/ui/page-states';
import { Spinner } from '#web/components/ui/spinner';
import { cn } from '#web/lib/cn';
import { formatDateTime } from '#web/lib/format';
import { useMailboxHealth } from '#web/data/email-account-queries';

type Limit = 'maxHardBouncePct' | 'maxPolicyBlockPct' | 'maxUnsubscribePct';

/** The figures of the panel, in order; those with a limit pause the mailbox above it. */
const figures: {
  label: string;
  count: keyof MailboxHealth;
  pct: keyof MailboxHealth;
  limit?: Limit;
}[] = [
  { label: 'Hard bounces', count: 'hardBounces', pct: 'hardBouncePct', limit: 'maxHardBouncePct' },
  { label: 'Soft bounces', count: 'softBounces', pct: 'softBouncePct' },
  { label: 'Policy blocks', count: 'policyBlocks', pct: 'policyBlockPct', limit: 'maxPolicyBlockPct' },
  { label: 'Unsubscribes', count: 'unsubscribes', pct: 'unsubscribePct', limit: 'maxUnsubscribePct' },
  { label: 'Replies', count: 'replies', pct: 'replyPct' },
];

/**
 * A mailbox's health over its window (its last 200 sends of the last 7 days, or since it was last
 * resumed): sent, bounces, policy blocks, unsubscribes and replies with their rates, each limited
 * rate against the mailbox's threshold — red when over it (docs/decisions/014-mailbox-health.md).
 */
export function MailboxHealthPanel({ mailbox, id }: { mailbox: Mailbox; id: string }) {
  const query = useMailboxHealth(mailbox.id);
  return (
    <section
      id={id}
      aria-label={`Health of ${mailbox.email}`}
      className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm sm:p-4 dark:border-slate-800 dark:bg-slate-900/60"
    >
      {query.isPending ? (
        <p role="status" className="flex items-center gap-2 text-slate-600 dark:text-slate-400">
          <Spinner label={null} /> Loading health…
        </p>
      ) : query.isError ? (
        <ErrorState message={m.healthFailed} onRetry={() => void query.refetch()} />
      ) : query.data.health.sent === 0 ? (
        <p className="text-slate-600 dark:text-slate-400">
          No emails sent since {formatDateTime(query.data.since)}: nothing to judge yet.
        </p>
      ) : (
        <>
          <table className="w-full text-left">
            <caption className="mb-2 text-left font-medium">
              {query.data.health.sent} sent since {formatDateTime(query.data.since)}
            </caption>
            <thead className="text-xs text-slate-500 dark:text-slate-400">
              <tr>
                <th scope="col" className="py-1 pr-2 font-medium">
                  Figure
                </th>
                <th scope="col" className="py-1 pr-2 text-right font-medium">
                  Count
                </th>
                <th scope="col" className="py-1 pr-2 text-right font-medium">
                  Rate
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Limit
                </th>
              </tr>
            </thead>
            <tbody>
              {figures.map((f) => {
                const pct = query.data.health[f.pct];
                const limit = f.limit ? mailbox[f.limit] : null;
                const over = limit !== null && overLimit(pct, limit);
                return (
                  <tr
                    key={f.label}
                    className={cn(
                      'border-t border-slate-200 dark:border-slate-800',
                      over && 'font-semibold text-red-700 dark:text-red-400',
                    )}
                  >
                    <th scope="row" className="py-1.5 pr-2 font-normal">
                      {f.label}
                      {over && <span className="sr-only"> (over the limit)</span>}
                    </th>
                    <td className="py-1.5 pr-2 text-right tabular-nums">{query.data.health[f.count]}</td>
                    <td className="py-1.5 pr-2 text-right tabular-nums">{formatPct(pct)}</td>
                    <td className="py-1.5 text-right text-slate-500 tabular-nums dark:text-slate-400">
                      {limit === null ? '—' : formatPct(limit)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
            A rate above its limit pauses the mailbox once it has sent {query.data.minimumSends} emails in
            this window. Change the limits in Settings.
          </p>
        </>
      )}
    </section>
  );
}
