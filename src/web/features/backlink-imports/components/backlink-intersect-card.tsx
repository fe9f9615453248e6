import { Network } from 'lucide-react';
import { useState } from 'react';
import { Pagination } from '#web/components/ui/pagination';
import { Badge } from '#web/components/ui/badge';
import { Card, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { EmptyState, ErrorState, TableSkeleton } from '#web/components/ui/page-states';
import { Table, Td, Th } from '#web/components/ui/table';
import { useBacklinkIntersect } from '../api/backlink-import-queries';

const PAGE_SIZE = 20;

/**
 * Link intersect from the imported exports (docs/decisions/033): domains linking to two or more
 * competitors and not to the campaign's site, most competitors first, then by Ahrefs DR.
 */
export function BacklinkIntersectCard({ campaignId }: { campaignId: string }) {
  const [page, setPage] = useState(1);
  const query = useBacklinkIntersect(campaignId, page, PAGE_SIZE);
  return (
    <Card className="overflow-hidden">
      <CardHeader className="pb-3">
        <CardTitle className="text-lg">Link intersect from exports</CardTitle>
        <CardDescription>
          Sites that link to two or more of your competitors in the exports you imported, and not to your
          site.
        </CardDescription>
      </CardHeader>
      {query.isPending ? (
        <TableSkeleton rows={2} />
      ) : query.isError ? (
        <ErrorState message="The link intersect could not be loaded." onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <EmptyState icon={Network} title="No shared linking sites yet">
          Import the backlinks of two or more competitors (one export each, or a link intersect export).
        </EmptyState>
      ) : (
        <Table>
          <thead>
            <tr>
              <Th>Domain</Th>
              <Th>Links to</Th>
              <Th className="text-right">DR</Th>
              <Th>Prospect</Th>
            </tr>
          </thead>
          <tbody>
            {query.data.items.map((item) => (
              <tr key={item.domain}>
                <Td>
                  {item.domain}
                  {item.anchor && <span className="block text-xs text-slate-500">“{item.anchor}”</span>}
                </Td>
                <Td>{item.competitors.join(', ')}</Td>
                <Td className="text-right">{item.dr ?? '—'}</Td>
                <Td>{item.isProspect ? <Badge tone="success">Prospect</Badge> : <Badge>Not yet</Badge>}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {query.data && (
        <Pagination
          page={page}
          pageSize={PAGE_SIZE}
          total={query.data.total}
          onPageChange={setPage}
          noun="domains"
        />
      )}
    </Card>
  );
}
