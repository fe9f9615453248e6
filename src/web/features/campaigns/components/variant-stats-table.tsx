import {
  variantStatsMessages as m,
  type VariantComparisonRow,
  type VariantStatsRow,
} from '#shared/schemas/variant-stats';
import { formatThousands } from '#shared/format-number';
import { stepConditionLabels } from '#shared/step-conditions';
import { Badge } from '#web/components/ui/badge';
import { Skeleton } from '#web/components/ui/skeleton';
import { Table, Td, Th } from '#web/components/ui/table';
import { useVariantStats } from '../api/outreach-queries';

type Rate = VariantStatsRow['replied'];

/** Who a condition set's table is about, after "prospects who". */
const conditionPhrase = {
  clicked: 'clicked in',
  opened_no_reply: 'opened without replying to',
  not_opened: 'did not open',
} as const;

const percent = (x: number) => `${(x * 100).toFixed(1)} %`;

const nameOf = (label: string | null, variantId: string | null) =>
  variantId === null ? 'Single version' : label ? `Variant ${label}` : 'Removed variant';

/** A count with its rate and, for a screen reader and on hover, the 95 % interval. */
function RateCell({ rate, interval }: { rate: Rate; interval?: boolean }) {
  const range = `95 % interval ${percent(rate.low)} – ${percent(rate.high)}`;
  return (
    <Td className="tabular-nums" title={range}>
      {formatThousands(rate.count)}{' '}
      <span className="text-slate-500 dark:text-slate-400">({percent(rate.rate)})</span>
      {interval && (
        <span className="block text-xs text-slate-500 dark:text-slate-400">
          {percent(rate.low)} – {percent(rate.high)}
        </span>
      )}
    </Td>
  );
}

/** The sentence under a step's table: is the reply difference significant, and if not what it would take. */
function comparisonText(c: VariantComparisonRow): string {
  const [a, b] = c.labels.map((l, i) => nameOf(l, c.variantIds[i]!));
  const p = c.pValue === null ? null : c.pValue < 0.001 ? 'p < 0.001' : `p = ${c.pValue.toFixed(3)}`;
  if (c.significant) return `${a} and ${b} differ in replies: significant at 95 % (${p}).`;
  const head = `${a} and ${b}: the difference in replies is not yet significant${p ? ` (${p})` : ''}.`;
  if (c.moreSendsPerVariant === null) return `${head} No difference in reply rates so far.`;
  return `${head} At the rates seen so far it would take about ${formatThousands(c.moreSendsPerVariant)} more sends per variant (α 0.05, power 0.8).`;
}

/**
 * The campaign's results per sequence step and variant (docs/product.md#variant-statistics): sends,
 * deliveries, opens (scanner opens apart), clicks, replies with their 95 % Wilson interval, wins,
 * bounces and unsubscribes, and per step whether the two main variants differ in replies.
 */
export function VariantStatsTable({ campaignId }: { campaignId: string }) {
  const query = useVariantStats(campaignId);
  if (query.isPending)
    return (
      <div role="status" aria-label="Loading variant statistics">
        <Skeleton className="h-24 w-full" />
      </div>
    );
  if (query.isError) return <p className="text-sm text-red-600 dark:text-red-400">{m.loadFailed}</p>;
  const { rows, comparisons } = query.data;
  // One table per step and condition set (docs/decisions/045-conditional-follow-ups.md), in the server's order.
  const sets = [...new Map(rows.map((r) => [`${r.stepNumber}:${r.branch}`, r] as const)).values()];
  return (
    <section aria-label="Results by step and variant" className="space-y-3">
      <h3 className="text-sm font-semibold">Results by step and variant</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{m.empty}</p>
      ) : (
        sets.map(({ stepNumber: step, branch }) => {
          const comparison = comparisons.find((c) => c.stepNumber === step && c.branch === branch);
          const title = branch ? `Step ${step} · ${stepConditionLabels[branch]}` : `Step ${step}`;
          return (
            <div key={`${step}:${branch}`} className="space-y-2">
              <Table aria-label={`${title} by variant`}>
                <caption className="py-1 text-left text-sm font-medium">
                  {title}
                  {branch && (
                    <span className="ml-2 text-xs font-normal text-slate-500 dark:text-slate-400">
                      (prospects who {conditionPhrase[branch]} step {step - 1})
                    </span>
                  )}
                </caption>
                <thead>
                  <tr>
                    <Th>Variant</Th>
                    <Th>Sent</Th>
                    <Th>Delivered</Th>
                    <Th>Opened</Th>
                    <Th>Clicked</Th>
                    <Th>Replied</Th>
                    <Th>Won</Th>
                    <Th>Bounced</Th>
                    <Th>Unsubscribed</Th>
                  </tr>
                </thead>
                <tbody>
                  {rows
                    .filter((r) => r.stepNumber === step && r.branch === branch)
                    .map((r) => (
                      <tr key={r.variantId ?? 'single'}>
                        <Td className="font-medium">
                          {nameOf(r.label, r.variantId)}
                          {r.winner && (
                            <span className="ml-2 inline-block">
                              <Badge tone="success">Winner</Badge>
                            </span>
                          )}
                        </Td>
                        <Td className="tabular-nums">{formatThousands(r.sent)}</Td>
                        <RateCell rate={r.delivered} />
                        <Td
                          className="tabular-nums"
                          title={`95 % interval ${percent(r.opened.low)} – ${percent(r.opened.high)}`}
                        >
                          {formatThousands(r.opened.count)}{' '}
                          <span className="text-slate-500 dark:text-slate-400">
                            ({percent(r.opened.rate)})
                          </span>
                          {r.scannerOpened > 0 && (
                            <span className="block text-xs text-slate-500 dark:text-slate-400">
                              + {formatThousands(r.scannerOpened)} by scanners
                            </span>
                          )}
                        </Td>
                        <RateCell rate={r.clicked} />
                        <RateCell rate={r.replied} interval />
                        <RateCell rate={r.won} />
                        <RateCell rate={r.bounced} />
                        <RateCell rate={r.unsubscribed} />
                      </tr>
                    ))}
                </tbody>
              </Table>
              {comparison && (
                <p className="text-sm text-slate-700 dark:text-slate-300">{comparisonText(comparison)}</p>
              )}
            </div>
          );
        })
      )}
      <p className="text-xs text-slate-500 dark:text-slate-400">
        Rates are of messages sent; replies show their 95 % interval (Wilson). Opens count people; opens only
        by mail scanners are shown apart.
      </p>
    </section>
  );
}
