import { Receipt } from 'lucide-react';
import { useState } from 'react';
import { displayUrl } from '#shared/display-host';
import { formatMoney } from '#shared/money';
import type { Placement } from '#shared/schemas/placements';
import { PagedQueryCard } from '#web/components/query-card';
import { Badge } from '#web/components/ui/badge';
import { Card } from '#web/components/ui/card';
import { EmptyState, PageHeader } from '#web/components/ui/page-states';
import { Table, Td, Th } from '#web/components/ui/table';
import { formatDate } from '#web/lib/format';
import { useClientPlacementPage, useClientPlacementTotals } from '../api/client-placement-queries';

const PAGE_SIZE = 25;

const linkStatus: Record<
  NonNullable<Placement['liveLinkStatus']>,
  { label: string; tone: 'success' | 'danger' | 'warning' }
> = {
  active: { label: 'Live', tone: 'success' },
  lost: { label: 'Lost', tone: 'danger' },
  suspicious: { label: 'Check', tone: 'warning' },
};

/** The Client's totals: links won and what they cost, one line per currency (never summed across them). */
function Totals() {
  const totals = useClientPlacementTotals();
  if (!totals.data || totals.data.lines.length === 0) return null;
  return (
    <Card className="flex flex-wrap gap-x-8 gap-y-3 p-4 sm:p-6">
      {totals.data.lines.map((line) => (
        <div key={line.currency} className="text-sm">
          <p className="text-slate-600 dark:text-slate-400">Links · {line.currency}</p>
          <p className="text-2xl font-semibold tabular-nums">{line.links}</p>
          <p className="tabular-nums text-slate-600 dark:text-slate-400">
            {formatMoney(line.spendMinor, line.currency)} ·{' '}
            {formatMoney(line.costPerLinkMinor, line.currency)} per link
          </p>
        </div>
      ))}
    </Card>
  );
}

/**
 * /dashboard/placements for a member with the Client role (docs/product.md#roles,
 * docs/decisions/040-client-role.md): their client's placements, read only — the page, where it
 * links, the anchor, when it went live, whether it is still up and its warranty — and the totals.
 * No filters of other clients or campaigns, no edits: the server answers their client's rows only.
 */
export function ClientPlacementsPage({ clientName }: { clientName: string | null }) {
  const [page, setPage] = useState(1);
  const query = useClientPlacementPage(page, PAGE_SIZE);
  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 p-4 sm:p-8">
      <PageHeader
        title="Placements"
        subtitle={clientName ? `The links built for ${clientName}` : 'The links built for you'}
      />
      <Totals />
      <PagedQueryCard
        query={query}
        errorMessage="Failed to load the placements"
        pager={{ page, pageSize: PAGE_SIZE, onPageChange: setPage, noun: 'placements' }}
        empty={
          <EmptyState icon={Receipt} title="No placements yet">
            The links built for you appear here as they go live.
          </EmptyState>
        }
      >
        {(data) => (
          <Table className="min-w-[44rem]">
            <thead>
              <tr>
                <Th>Page</Th>
                <Th>Anchor</Th>
                <Th>Date live</Th>
                <Th>Status</Th>
                <Th>Warranty</Th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((p) => (
                <tr key={p.id}>
                  <Td>
                    <a
                      href={p.pageUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="break-all text-indigo-700 hover:underline dark:text-indigo-300"
                    >
                      {displayUrl(p.pageUrl)}
                    </a>
                    <span className="block text-xs break-all text-slate-500 dark:text-slate-400">
                      → {displayUrl(p.targetUrl)}
                    </span>
                  </Td>
                  <Td>
                    {p.anchorText || <span className="text-slate-400">—</span>}
                    <span className="block text-xs text-slate-500 dark:text-slate-400">{p.rel}</span>
                  </Td>
                  <Td className="whitespace-nowrap">{p.liveAt ? formatDate(p.liveAt) : '—'}</Td>
                  <Td>
                    {p.liveLinkStatus ? (
                      <Badge tone={linkStatus[p.liveLinkStatus].tone}>
                        {linkStatus[p.liveLinkStatus].label}
                      </Badge>
                    ) : (
                      <span className="text-slate-400">Not monitored</span>
                    )}
                  </Td>
                  <Td className="whitespace-nowrap">
                    {p.warrantyEndsOn ? `until ${formatDate(p.warrantyEndsOn)}` : 'None'}
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </PagedQueryCard>
    </div>
  );
}
