import { ShieldCheck } from 'lucide-react';
import { displayUrl } from '#shared/display-host';
import {
  claimMessages as m,
  claimStatusLabels,
  claimStatuses,
  type ClaimListQuery,
} from '#shared/schemas/claims';
import { PagedQueryCard } from '#web/components/query-card';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { EmptyState } from '#web/components/ui/page-states';
import { Select } from '#web/components/ui/select';
import { ActionsHeader, Table, Td, Th } from '#web/components/ui/table';
import { formatDate } from '#web/lib/format';
import { useClaimPage } from '../api/claim-queries';
import { claimTone, issueWords } from './claim-dialog';

export type ClaimFilter = NonNullable<ClaimListQuery['status']>;
export const claimFilters = ['active', 'all', ...claimStatuses] as const satisfies readonly ClaimFilter[];
const filterLabels: Record<ClaimFilter, string> = {
  active: 'Waiting claims',
  all: 'All claims',
  ...claimStatusLabels,
};

const PAGE_SIZE = 10;

/**
 * The replacement claims above the ledger (docs/product.md#warranty-claims): waiting ones by
 * default, all, or one state; newest first, paged on the server. View opens the claim's dialog.
 */
export function ClaimsCard({
  filter,
  page,
  onFilterChange,
  onPageChange,
  onOpen,
}: {
  filter: ClaimFilter;
  page: number;
  onFilterChange: (filter: ClaimFilter) => void;
  onPageChange: (page: number) => void;
  onOpen: (claimId: string) => void;
}) {
  const query = useClaimPage({ status: filter, page, pageSize: PAGE_SIZE });
  return (
    <PagedQueryCard
      query={query}
      errorMessage={m.loadFailed}
      isEmpty={() => false}
      pager={{ page, pageSize: PAGE_SIZE, onPageChange, noun: 'claims' }}
      heading={
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 p-4 dark:border-slate-800">
          <h2 className="font-semibold" id="claims-title">
            Claims
          </h2>
          <Select
            aria-label="Filter claims"
            className="w-full sm:w-48"
            value={filter}
            options={claimFilters.map((f) => ({ value: f, label: filterLabels[f] }))}
            onValueChange={(v) => onFilterChange(v as ClaimFilter)}
          />
        </div>
      }
      empty={null}
    >
      {(data) =>
        data.total === 0 ? (
          <EmptyState icon={ShieldCheck} title={filter === 'active' ? m.emptyOpen : 'No claims here'}>
            {m.empty}
          </EmptyState>
        ) : (
          <Table className="min-w-[40rem]" aria-labelledby="claims-title">
            <thead>
              <tr>
                <Th>Page</Th>
                <Th>What changed</Th>
                <Th>State</Th>
                <Th>Opened</Th>
                <ActionsHeader />
              </tr>
            </thead>
            <tbody>
              {data.items.map((c) => (
                <tr key={c.id}>
                  <Td>
                    <span className="break-all">{displayUrl(c.terms.pageUrl)}</span>
                    <span className="block text-xs text-slate-500 dark:text-slate-400">
                      {[c.clientName, c.campaignName].filter(Boolean).join(' · ') || '—'}
                    </span>
                  </Td>
                  <Td>{issueWords(c.issues)}</Td>
                  <Td>
                    <Badge tone={claimTone[c.status]}>{claimStatusLabels[c.status]}</Badge>
                    {c.restoreSuggestedAt && (c.status === 'open' || c.status === 'publisher_replied') && (
                      <span className="block text-xs text-emerald-700 dark:text-emerald-300">Link back?</span>
                    )}
                  </Td>
                  <Td>{formatDate(c.openedAt)}</Td>
                  <Td className="text-right">
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`View claim on ${c.terms.pageUrl}`}
                      onClick={() => onOpen(c.id)}
                    >
                      View
                    </Button>
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )
      }
    </PagedQueryCard>
  );
}
