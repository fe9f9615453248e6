import { useQuery } from '@tanstack/react-query';
import { History, Link2, Plus, RefreshCw } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { limits } from '#shared/limits';
import {
  liveLinkListQuerySchema,
  liveLinkMessages as m,
  linkCheckReasonText,
  liveLinkStatuses,
  type LiveLink,
  type LiveLinkStatus,
} from '#shared/schemas/live-links';
import type { SortOrder } from '#shared/schemas/pagination';
import { truncateUrl } from '#shared/urls';
import { DeleteDialog } from '#web/components/delete-dialog';
import { PagedQueryCard } from '#web/components/query-card';
import { Button } from '#web/components/ui/button';
import { DeleteButton } from '#web/components/ui/delete-button';
import { EmptyState, PageHeader } from '#web/components/ui/page-states';
import { Select } from '#web/components/ui/select';
import { ActionsHeader, SortHeader, Table, Td, Th } from '#web/components/ui/table';
import { formatDate, formatDateTime } from '#web/lib/format';
import { useListParams } from '#web/lib/use-list-params';
import { useCheckLiveLink, useDeleteLiveLink, useLiveLinkPage } from '#web/data/live-link-queries';
import { clientFilterOptions, clientIdOf, clientOptionsQuery, clientParam } from '#web/data/client-options';
import { AddLiveLinkDialog } from '#web/widgets/live-links/add-live-link-dialog';
import { LinkHistoryDialog } from './link-history-dialog';
import { LinkStatusBadge } from '#web/widgets/live-links/link-status-badge';
import { LiveLinkSummaryPanel } from './live-link-summary';
import { displayUrl } from '#shared/display-host';
import { refusalMessage } from '#web/lib/form-errors';

type StatusFilter = 'all' | LiveLinkStatus;
/** `client`: 'all', 'none' (campaigns of no client) or a client's id, `?client=` as on the campaigns list. */
type ListParams = { status: StatusFilter; client: string; order: SortOrder; page: number };
const defaults: ListParams = { status: 'all', client: 'all', order: 'desc', page: 1 };

/** The list's params from the URL query, read with the server's schema; a query it refuses reads as none. */
function readListParams(query: Record<string, string>): ListParams {
  const parsed = liveLinkListQuerySchema.safeParse(query);
  if (!parsed.success) return defaults;
  const { status, order, page } = parsed.data;
  return { status, client: clientParam(query.client), order, page };
}
const statusOptions = [
  { value: 'all', label: 'All statuses' },
  ...liveLinkStatuses.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) })),
];

const PAGE_SIZE = 25;

/** A URL cut at 40 characters plus an ellipsis (docs/product.md#live-links), opening in a new tab. */
function ExternalUrl({ url }: { url: string }) {
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      title={displayUrl(url)}
      // Two 40-character URLs side by side do not fit beside the sidebar at laptop widths: let them wrap.
      className="break-all text-indigo-700 hover:underline dark:text-indigo-300"
    >
      {truncateUrl(displayUrl(url), limits.liveLinkUrlTruncate)}
    </a>
  );
}

/** How "Check now" says a result: green only for a live link; a lost link is an error, a suspicious one a warning. */
const checkedToast: Record<LiveLinkStatus, 'success' | 'error' | 'warning'> = {
  active: 'success',
  lost: 'error',
  suspicious: 'warning',
};

/** "Check now": checks one link on the server and says how it came out, and why when it is not live. */
function CheckNowButton({ link }: { link: LiveLink }) {
  const check = useCheckLiveLink();
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-8"
      aria-label={`Check now ${link.pageUrl}`}
      title="Check now"
      loading={check.isPending}
      onClick={() =>
        check.mutate(link.id, {
          onSuccess: (checked) =>
            toast[checkedToast[checked.status]](`${m.checked}: ${checked.status}`, {
              description: checked.reasons.map((r) => linkCheckReasonText[r]).join('. ') || undefined,
            }),
          onError: (e) => toast.error(refusalMessage(e, m.checkFailed)),
        })
      }
    >
      {!check.isPending && <RefreshCw aria-hidden className="size-4" />}
    </Button>
  );
}

/** The recorded anchor, and the one the latest check found when it differs. */
function Anchor({ link }: { link: LiveLink }) {
  const changed = link.foundAnchorText !== null && link.foundAnchorText !== link.anchorText;
  return (
    <>
      {link.anchorText}
      {changed && (
        <span className="block text-xs text-amber-700 dark:text-amber-300">now: {link.foundAnchorText}</span>
      )}
    </>
  );
}

/**
 * /dashboard/live-links (docs/product.md#live-links, docs/decisions/012-link-monitoring.md): counts and the chart of active links, the links
 * by status with their last check and rel, Check now, check history, add and delete. `rowAction` is
 * what the route module adds to each row from another feature (the placement of the link).
 */
export function LiveLinksPage({ rowAction }: { rowAction?: (link: LiveLink) => ReactNode } = {}) {
  const [{ status, client, order, page }, set] = useListParams(readListParams, defaults);
  const clients = useQuery(clientOptionsQuery());
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<LiveLink | null>(null);
  const [history, setHistory] = useState<LiveLink | null>(null);
  const query = useLiveLinkPage({ page, pageSize: PAGE_SIZE, order, status, clientId: clientIdOf(client) });
  const remove = useDeleteLiveLink();

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 p-4 sm:p-8">
      <PageHeader
        title="Live Links"
        subtitle="Track discovered backlinks from your campaigns"
        actions={
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden className="size-4" /> Add Link
          </Button>
        }
      />
      <LiveLinkSummaryPanel />
      <PagedQueryCard
        query={query}
        errorMessage={m.loadFailed}
        isEmpty={(data) => data.total === 0 && status === 'all' && client === 'all'}
        pager={{ page, pageSize: PAGE_SIZE, onPageChange: (next) => set({ page: next }), noun: 'links' }}
        heading={
          <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 p-4 dark:border-slate-800">
            <h2 className="font-semibold">Links</h2>
            <div className="flex flex-wrap gap-3">
              {/* Once the workspace has clients (docs/decisions/040-client-role.md). */}
              {(clients.data?.length ?? 0) > 0 && (
                <Select
                  aria-label="Filter by client"
                  className="w-44"
                  value={client}
                  options={clientFilterOptions(clients.data)}
                  onValueChange={(value) => set({ client: value })}
                />
              )}
              <Select
                aria-label="Filter by status"
                className="w-44"
                value={status}
                options={statusOptions}
                onValueChange={(value) => set({ status: value as StatusFilter })}
              />
            </div>
          </div>
        }
        empty={
          <EmptyState
            icon={Link2}
            title="No live links yet"
            action={
              <Button onClick={() => setAdding(true)}>
                <Plus aria-hidden className="size-4" /> Add Your First Link
              </Button>
            }
          >
            Record the backlinks your outreach earns to keep track of them.
          </EmptyState>
        }
      >
        {(data) => (
          <>
            {/* Not min-w-max: the two URL columns wrap rather than push Actions out of view. */}
            {data.total === 0 && (
              <p className="p-6 text-center text-sm text-slate-600 dark:text-slate-400">
                {client === 'all' ? `No ${status} links.` : 'No links match these filters.'}
              </p>
            )}
            <Table className={data.total === 0 ? 'hidden' : 'min-w-[56rem]'}>
              <thead>
                <tr>
                  <Th>Campaign</Th>
                  <Th>URL</Th>
                  <Th>Anchor Text</Th>
                  <Th>Page URL</Th>
                  <SortHeader
                    label="Discovered"
                    order={order}
                    onSort={() => set({ order: order === 'desc' ? 'asc' : 'desc' })}
                  />
                  <Th>Last Checked</Th>
                  <Th>Status</Th>
                  <ActionsHeader />
                </tr>
              </thead>
              <tbody>
                {data.items.map((l) => (
                  <tr key={l.id}>
                    <Td>{l.campaignName}</Td>
                    <Td>
                      <ExternalUrl url={l.url} />
                    </Td>
                    <Td>
                      <Anchor link={l} />
                    </Td>
                    <Td>
                      <ExternalUrl url={l.pageUrl} />
                    </Td>
                    <Td className="whitespace-nowrap">{formatDate(l.discoveredAt)}</Td>
                    <Td className="whitespace-nowrap">
                      {l.lastCheckedAt ? formatDateTime(l.lastCheckedAt) : m.notCheckedYet}
                      {l.foundAnchorText !== null && (
                        <span className="block text-xs text-slate-600 dark:text-slate-400">
                          rel: {l.rel.join(', ') || 'follow'}
                        </span>
                      )}
                    </Td>
                    <Td>
                      <button
                        type="button"
                        className="cursor-pointer rounded-full text-left outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                        aria-label={`${l.status}: check history of ${l.pageUrl}`}
                        onClick={() => setHistory(l)}
                      >
                        <LinkStatusBadge status={l.status} />
                      </button>
                      {l.reasons.length > 0 && (
                        <span className="mt-1 block max-w-48 text-xs text-slate-600 dark:text-slate-400">
                          {l.reasons.map((r) => linkCheckReasonText[r]).join('; ')}
                        </span>
                      )}
                    </Td>
                    <Td className="text-right whitespace-nowrap">
                      <CheckNowButton link={l} />
                      {rowAction?.(l)}
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-8"
                        aria-label={`Check history of ${l.pageUrl}`}
                        title="Check history"
                        onClick={() => setHistory(l)}
                      >
                        <History aria-hidden className="size-4" />
                      </Button>
                      <DeleteButton label={`Delete link ${l.url}`} onClick={() => setDeleting(l)} />
                    </Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </>
        )}
      </PagedQueryCard>
      <AddLiveLinkDialog open={adding} onOpenChange={setAdding} />
      <LinkHistoryDialog link={history} onClose={() => setHistory(null)} />
      <DeleteDialog
        target={deleting}
        onClose={() => setDeleting(null)}
        title="Delete Link"
        description={(l) => (
          <>
            Delete the link <strong className="break-all">{displayUrl(l.url)}</strong>? This cannot be undone.
          </>
        )}
        remove={remove}
        done={m.deleted}
        failed={m.deleteFailed}
      />
    </div>
  );
}
