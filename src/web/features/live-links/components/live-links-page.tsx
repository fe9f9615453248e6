import { Link2, Plus } from 'lucide-react';
import { useState } from 'react';
import { limits } from '../../../../shared/limits';
import { liveLinkMessages as m, type LiveLink } from '../../../../shared/schemas/live-links';
import type { SortOrder } from '../../../../shared/schemas/pagination';
import { truncateUrl } from '../../../../shared/urls';
import { DeleteDialog } from '../../../components/delete-dialog';
import { QueryCard } from '../../../components/query-card';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DeleteButton } from '../../../components/ui/delete-button';
import { EmptyState, PageHeader } from '../../../components/ui/page-states';
import { Pagination } from '../../../components/ui/pagination';
import { SortHeader, Table, Td, Th } from '../../../components/ui/table';
import { formatDate } from '../../../lib/format';
import { useDeleteLiveLink, useLiveLinkPage } from '../api/live-link-queries';
import { AddLiveLinkDialog } from './add-live-link-dialog';

const PAGE_SIZE = 25;

/** A URL cut at 40 characters plus an ellipsis (spec §9), opening in a new tab. */
function ExternalUrl({ url }: { url: string }) {
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      title={url}
      // Two 40-character URLs side by side do not fit beside the sidebar at laptop widths: let them wrap.
      className="break-all text-indigo-700 hover:underline dark:text-indigo-300"
    >
      {truncateUrl(url, limits.liveLinkUrlTruncate)}
    </a>
  );
}

/** /dashboard/live-links (spec §2): discovered backlinks, add and delete. */
export function LiveLinksPage() {
  const [page, setPage] = useState(1);
  const [order, setOrder] = useState<SortOrder>('desc');
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<LiveLink | null>(null);
  const query = useLiveLinkPage({ page, pageSize: PAGE_SIZE, order });
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
      <QueryCard
        query={query}
        errorMessage={m.loadFailed}
        isEmpty={(data) => data.total === 0}
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
            <Table className="min-w-[48rem]">
              <thead>
                <tr>
                  <Th>Campaign</Th>
                  <Th>URL</Th>
                  <Th>Anchor Text</Th>
                  <Th>Page URL</Th>
                  <SortHeader
                    label="Discovered"
                    order={order}
                    onSort={() => setOrder(order === 'desc' ? 'asc' : 'desc')}
                  />
                  <Th>Status</Th>
                  <Th>
                    <span className="sr-only">Actions</span>
                  </Th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((l) => (
                  <tr key={l.id}>
                    <Td>{l.campaignName}</Td>
                    <Td>
                      <ExternalUrl url={l.url} />
                    </Td>
                    <Td>{l.anchorText}</Td>
                    <Td>
                      <ExternalUrl url={l.pageUrl} />
                    </Td>
                    <Td className="whitespace-nowrap">{formatDate(l.discoveredAt)}</Td>
                    <Td>
                      <Badge tone={l.status === 'active' ? 'success' : 'danger'}>{l.status}</Badge>
                    </Td>
                    <Td className="text-right">
                      <DeleteButton label={`Delete link ${l.url}`} onClick={() => setDeleting(l)} />
                    </Td>
                  </tr>
                ))}
              </tbody>
            </Table>
            <Pagination
              page={page}
              pageSize={PAGE_SIZE}
              total={data.total}
              onPageChange={setPage}
              noun="links"
            />
          </>
        )}
      </QueryCard>
      <AddLiveLinkDialog open={adding} onOpenChange={setAdding} />
      <DeleteDialog
        target={deleting}
        onClose={() => setDeleting(null)}
        title="Delete Link"
        description={(l) => (
          <>
            Delete the link <strong className="break-all">{l.url}</strong>? This cannot be undone.
          </>
        )}
        remove={remove}
        done={m.deleted}
        failed={m.deleteFailed}
      />
    </div>
  );
}
