import { formatMoney } from '#shared/money';
import {
  placementMessages as m,
  placementTotalsGroups,
  type PlacementTotalsQuery,
} from '#shared/schemas/placements';
import { Card } from '#web/components/ui/card';
import { ErrorState } from '#web/components/ui/page-states';
import { Select } from '#web/components/ui/select';
import { Skeleton } from '#web/components/ui/skeleton';
import { usePlacementTotals } from '../api/placement-queries';

type Group = (typeof placementTotalsGroups)[number];
const groupLabels: Record<Group, string> = {
  client: 'By client',
  campaign: 'By campaign',
  month: 'By month',
};

/**
 * Spend and cost per link of the filtered placements, one line per group and currency: amounts of
 * different currencies are never added up, each is formatted in its own (Intl.NumberFormat).
 */
export function PlacementTotalsCard({
  filters,
  groupBy,
  onGroupChange,
}: {
  filters: Omit<PlacementTotalsQuery, 'groupBy'>;
  groupBy: Group;
  onGroupChange: (group: Group) => void;
}) {
  const totals = usePlacementTotals({ ...filters, groupBy });
  return (
    <Card aria-labelledby="placement-totals-title">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 p-4 dark:border-slate-800">
        <div>
          <h2 id="placement-totals-title" className="font-semibold">
            Spend
          </h2>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            One line per currency; refunded placements do not count.
          </p>
        </div>
        <Select
          aria-label="Group totals"
          className="w-40"
          value={groupBy}
          options={placementTotalsGroups.map((g) => ({ value: g, label: groupLabels[g] }))}
          onValueChange={(value) => onGroupChange(value as Group)}
        />
      </div>
      {totals.isPending ? (
        <div className="space-y-2 p-4">
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-2/3" />
        </div>
      ) : totals.isError ? (
        <ErrorState message={m.loadFailed} onRetry={() => void totals.refetch()} />
      ) : totals.data.lines.length === 0 ? (
        <p className="p-4 text-sm text-slate-600 dark:text-slate-400">
          No priced placements yet. Give a placement its price to see the spend here.
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead className="text-left text-xs uppercase text-slate-500 dark:text-slate-400">
              <tr>
                <th className="px-4 py-2 font-medium">
                  {groupBy === 'month' ? 'Month' : groupBy === 'client' ? 'Client' : 'Campaign'}
                </th>
                <th className="px-4 py-2 font-medium">Links</th>
                <th className="px-4 py-2 text-right font-medium">Spend</th>
                <th className="px-4 py-2 text-right font-medium">Cost per link</th>
              </tr>
            </thead>
            <tbody>
              {totals.data.lines.map((line) => (
                <tr
                  key={`${line.key}-${line.currency}`}
                  className="border-t border-slate-100 dark:border-slate-800"
                >
                  <td className="px-4 py-2">{line.label}</td>
                  <td className="px-4 py-2 tabular-nums">{line.links}</td>
                  <td className="px-4 py-2 text-right tabular-nums">
                    {formatMoney(line.spendMinor, line.currency)}
                  </td>
                  <td className="px-4 py-2 text-right tabular-nums">
                    {formatMoney(line.costPerLinkMinor, line.currency)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {totals.data && totals.data.unpriced > 0 && (
        <p className="border-t border-slate-100 px-4 py-2 text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
          {totals.data.unpriced} placement{totals.data.unpriced === 1 ? ' has' : 's have'} no price yet.
        </p>
      )}
    </Card>
  );
}
