import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Report } from '#shared/schemas/reports';
import { reportStatusLabels } from '#shared/report-figures';

const colors = { active: '#16a34a', suspicious: '#d97706', lost: '#dc2626', unmonitored: '#94a3b8' } as const;

/**
 * Links per month by status now (recharts stacked bars, both themes). Its own module so recharts
 * loads in a chunk of its own, after the figures and the table.
 */
export default function ReportChart({ data }: { data: Report['linksPerMonth'] }) {
  const label = data.length
    ? `Links per month: ${data
        .map((m) => `${m.month} ${m.active + m.suspicious + m.lost + m.unmonitored}`)
        .join(', ')}`
    : 'No links in this period';
  return (
    <div className="h-56 text-slate-500 dark:text-slate-400" role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: -20 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.2} vertical={false} />
          <XAxis
            dataKey="month"
            tick={{ fill: 'currentColor', fontSize: 11 }}
            stroke="currentColor"
            strokeOpacity={0.3}
          />
          <YAxis
            allowDecimals={false}
            tick={{ fill: 'currentColor', fontSize: 11 }}
            stroke="currentColor"
            strokeOpacity={0.3}
          />
          <Tooltip
            contentStyle={{
              background: '#0f172a',
              border: 'none',
              borderRadius: 8,
              color: '#f8fafc',
              fontSize: 12,
            }}
            itemStyle={{ color: '#f8fafc' }}
            labelStyle={{ color: '#cbd5e1' }}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {(['active', 'suspicious', 'lost', 'unmonitored'] as const).map((status) => (
            <Bar
              key={status}
              dataKey={status}
              name={reportStatusLabels[status]}
              stackId="links"
              fill={colors[status]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
