import { format } from 'date-fns';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { LiveLinkSummary } from '#shared/schemas/live-links';
import { Card } from '#web/components/ui/card';

const dayLabel = (day: string) => format(new Date(`${day}T00:00:00`), 'MMM d');

/**
 * Active links at the end of each of the last 30 days (recharts area chart, both themes). Its own
 * module so recharts loads in a chunk of its own, after the counts and the table.
 */
export default function ActiveLinksChart({ data }: { data: LiveLinkSummary['activeOverTime'] }) {
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
