import { Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { competitorGapMessages as m } from '#shared/schemas/competitor-gap';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { ErrorState, TableSkeleton } from '#web/components/ui/page-states';
import { Pagination } from '#web/components/ui/pagination';
import { Table, Td, Th } from '#web/components/ui/table';
import { useAddGapProspects, useCompetitorGap } from '../api/competitor-gap-queries';
import { displayHost, displayUrl } from '#shared/display-host';
import { refusalMessage } from '#web/lib/form-errors';

const PAGE_SIZE = 10;
const checkboxClass =
  'size-4 rounded border-slate-300 accent-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-slate-600';

/**
 * The campaign's competitor gap (docs/decisions/012-link-monitoring.md): domains that link to its competitors but not to its
 * site, most competitors first then by DA, ticked and added as prospects in one action.
 */
export function CompetitorGapPanel({ campaignId }: { campaignId: string }) {
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<string[]>([]);
  const query = useCompetitorGap(campaignId, page, PAGE_SIZE);
  const add = useAddGapProspects(campaignId);
  const toggle = (domain: string, on: boolean) =>
    setChosen((current) => (on ? [...current, domain] : current.filter((d) => d !== domain)));

  return (
    <Card className="overflow-hidden" data-testid="competitor-gap">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 pb-4">
        <div className="min-w-0">
          <CardTitle className="text-lg">{m.title}</CardTitle>
          <CardDescription>{m.intro}</CardDescription>
        </div>
        <Button
          disabled={chosen.length === 0}
          loading={add.isPending}
          onClick={() =>
            add.mutate(chosen, {
              onSuccess: ({ added }) => {
                toast.success(m.added(added));
                setChosen([]);
              },
              onError: (e) => toast.error(refusalMessage(e, m.addFailed)),
            })
          }
        >
          <Plus aria-hidden className="size-4" /> Add as prospects{chosen.length ? ` (${chosen.length})` : ''}
        </Button>
      </CardHeader>
      {query.isPending ? (
        <TableSkeleton rows={3} />
      ) : query.isError ? (
        <ErrorState message={m.loadFailed} onRetry={() => void query.refetch()} />
      ) : query.data.competitorDomains.length === 0 ? (
        <p className="px-6 pb-6 text-sm text-slate-600 dark:text-slate-400">{m.noCompetitors}</p>
      ) : query.data.total === 0 ? (
        <p className="px-6 pb-6 text-sm text-slate-600 dark:text-slate-400">{m.empty}</p>
      ) : (
        <>
          {/* min-w-0: the cells wrap, so the panel needs no sideways scrolling on a phone. */}
          <Table className="min-w-0">
            <thead>
              <tr>
                <Th className="w-10">
                  <span className="sr-only">Choose</span>
                </Th>
                <Th>Domain</Th>
                <Th>Links to</Th>
                <Th className="text-right">LinkPilot Score</Th>
              </tr>
            </thead>
            <tbody>
              {query.data.items.map((item) => (
                <tr key={item.domain}>
                  <Td>
                    <input
                      type="checkbox"
                      className={checkboxClass}
                      aria-label={`Choose ${displayHost(item.domain)}`}
                      disabled={item.isProspect}
                      checked={item.isProspect || chosen.includes(item.domain)}
                      onChange={(event) => toggle(item.domain, event.target.checked)}
                    />
                  </Td>
                  <Td className="font-medium break-words">
                    {displayHost(item.domain)}
                    {item.isProspect && (
                      <Badge
                        tone="accent"
                        className="mt-1 flex w-fit normal-case sm:mt-0 sm:ml-2 sm:inline-flex"
                      >
                        prospect
                      </Badge>
                    )}
                  </Td>
                  <Td>
                    <span className="font-medium tabular-nums">
                      {item.competitors.length === 1
                        ? '1 competitor'
                        : `${item.competitors.length} competitors`}
                    </span>
                    <span className="block text-xs break-words text-slate-600 dark:text-slate-400">
                      {item.competitors.map(displayUrl).join(', ')}
                    </span>
                  </Td>
                  <Td className="text-right tabular-nums">{item.daScore ?? '—'}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Pagination
            page={page}
            pageSize={PAGE_SIZE}
            total={query.data.total}
            onPageChange={setPage}
            noun="domains"
          />
        </>
      )}
    </Card>
  );
}
