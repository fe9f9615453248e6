import { format } from 'date-fns';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { liveLinkMessages as m, type LiveLinkSummary } from '../../../../shared/schemas/live-links';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/page-states';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { useLiveLinkSummary } from '../api/live-link-queries';

function Count({ label, value, tone }: { label: string; value: number; tone: string }) {
  return (
    <Card className="p-4 sm:p-5">
      <p className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</p>
      <p className={cn('mt-1 text-2xl font-bold tabular-nums', tone)}>{value}</p>
    </Card>
  );
}

const dayLabel = (day: string) => format(new Date(`${day}T00:00:00`), 'MMM d');

/** Active links at the end of each of the last 30 days (recharts area chart, both themes). */
function ActiveLinksChart({ data }: { data: LiveLinkSummary['activeOverTime'] }) {
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="text-sm font-medium text-slate-600 dark:text-slate-400">Active links, last 30 days</h2>
      {/* currentColor carries the theme into the SVG: axis text slate, the area emerald. */}
      <div className="mt-3 h-44 text-slate-500 dark:text-slate-400" role="img" aria-label={chartLabel(data)}>
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: -20 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.2} vertical={false} />
            <XAxis
              dataKey="day"
              tickFormatter={dayLabel}
              tick={{ fill: 'currentColor', fontSize: 11 }}
              stroke="currentColor"
              strokeOpacity={0.3}
              minTickGap={24}
            />
            <YAxis
              allowDecimals={false}
              tick={{ fill: 'currentColor', fontSize: 11 }}
              stroke="currentColor"
              strokeOpacity={0.3}
            />
            <Tooltip
              labelFormatter={(day) => dayLabel(String(day))}
              formatter={(value) => [value, 'Active links']}
              contentStyle={{
                background: 'var(--chart-tooltip-bg, #0f172a)',
                border: 'none',
                borderRadius: 8,
                color: '#f8fafc',
                fontSize: 12,
              }}
              itemStyle={{ color: '#f8fafc' }}
              labelStyle={{ color: '#cbd5e1' }}
            />
            <Area
              type="stepAfter"
              dataKey="active"
              stroke="#10b981"
              strokeWidth={2}
              fill="#10b981"
              fillOpacity={0.2}
              isAnimationActive={false}
            />
          </AreaChart>
        </ResponsiveContainer>
      </div>
    </Card>
  );
}

function chartLabel(data: LiveLinkSummary['activeOverTime']): string {
  const last = data.at(-1);
  const first = data[0];
  if (!first || !last) return 'No active links yet';
  return `Active links over the last 30 days: ${first.active} on ${dayLabel(first.day)}, ${last.active} on ${dayLabel(last.day)}`;
}

/** The counts at the top of Live Links (new in 7 days, active, lost, suspicious) and the chart. */
export function LiveLinkSummaryPanel() {
  const query = useLiveLinkSummary();
  if (query.isPending) {
    return (
      <div className="space-y-4" role="status" aria-label="Loading counts">
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
        <Skeleton className="h-56" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <Card>
        <ErrorState message={m.loadFailed} onRetry={() => void query.refetch()} />
      </Card>
    );
  }
  const s = query.data;
  return (
    <section aria-label="Link counts" className="space-y-4">
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Count label="New (7 days)" value={s.newLast7Days} tone="text-indigo-700 dark:text-indigo-300" />
        <Count label="Active" value={s.active} tone="text-emerald-700 dark:text-emerald-300" />
        <Count label="Lost" value={s.lost} tone="text-red-700 dark:text-red-300" />
        <Count label="Suspicious" value={s.suspicious} tone="text-amber-700 dark:text-amber-300" />
      </div>
      {s.total > 0 && <ActiveLinksChart data={s.activeOverTime} />}
    </section>
  );
}
