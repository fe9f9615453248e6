import { useState } from 'react';
import { liveLinkMessages as m, linkCheckReasonText, type LiveLink } from '#shared/schemas/live-links';
import { Dialog, DialogContent } from '#web/components/ui/dialog';
import { ErrorState, TableSkeleton } from '#web/components/ui/page-states';
import { Pagination } from '#web/components/ui/pagination';
import { formatDateTime } from '#web/lib/format';
import { useLinkChecks } from '#web/data/live-link-queries';
import { LinkStatusBadge } from '#web/widgets/live-links/link-status-badge';

const PAGE_SIZE = 10;

/** A live link's check history, newest first, ten checks a page (docs/decisions/012-link-monitoring.md). */
export function LinkHistoryDialog({ link, onClose }: { link: LiveLink | null; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const query = useLinkChecks(link?.id ?? null, page);
  return (
    <Dialog
      open={link !== null}
      onOpenChange={(open) => {
        if (!open) {
          setPage(1);
          onClose();
        }
      }}
    >
      {link && (
        <DialogContent
          className="max-w-2xl"
          title="Check history"
          description={<span className="break-all">{link.pageUrl}</span>}
        >
          {query.isPending ? (
            <TableSkeleton rows={3} />
          ) : query.isError ? (
            <ErrorState message={m.historyFailed} onRetry={() => void query.refetch()} />
          ) : query.data.total === 0 ? (
            <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">{m.notCheckedYet}</p>
          ) : (
            <>
              <ol className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Checks">
                {query.data.items.map((c) => (
                  <li key={c.id} className="py-3 text-sm">
                    <div className="flex flex-wrap items-center gap-2">
                      <LinkStatusBadge status={c.status} />
                      <time dateTime={c.checkedAt} className="font-medium">
                        {formatDateTime(c.checkedAt)}
                      </time>
                      {c.httpStatus !== null && (
                        <span className="text-slate-500 dark:text-slate-400">HTTP {c.httpStatus}</span>
                      )}
                    </div>
                    {c.reasons.length > 0 && (
                      <ul className="mt-1 list-disc pl-5 text-slate-700 dark:text-slate-300">
                        {c.reasons.map((r) => (
                          <li key={r}>{linkCheckReasonText[r]}</li>
                        ))}
                      </ul>
                    )}
                    <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-slate-600 dark:text-slate-400">
                      <dt>Anchor</dt>
                      <dd className="break-words">{c.anchorText ?? '—'}</dd>
                      <dt>Rel</dt>
                      <dd>{c.anchorText === null ? '—' : c.rel.join(', ') || 'follow'}</dd>
                      <dt>Final URL</dt>
                      <dd className="break-all">{c.finalUrl}</dd>
                      {c.detail && (
                        <>
                          <dt>Detail</dt>
                          <dd className="break-words">{c.detail}</dd>
                        </>
                      )}
                    </dl>
                  </li>
                ))}
              </ol>
              <Pagination
                page={page}
                pageSize={PAGE_SIZE}
                total={query.data.total}
                onPageChange={setPage}
                noun="checks"
              />
            </>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}
