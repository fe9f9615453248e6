import type { SortOrder } from '#shared/schemas/pagination';
import type { Prospect } from '#shared/schemas/prospects';
import { type DomainMetricName, domainMetricNames, metricLabels } from '#shared/seo-exports/formats';
import { Input } from '#web/components/ui/input';
import { SortHeader, Td } from '#web/components/ui/table';

/** The third-party metrics any of these prospects has, in their usual order (DR, UR, DA, PA, …). */
export const metricsPresent = (items: readonly Prospect[]): DomainMetricName[] =>
  domainMetricNames.filter((name) => items.some((p) => p.metrics?.[name] !== undefined));

const sourceOf = (name: DomainMetricName) => metricLabels[name].source;
const titleOf = (name: DomainMetricName) =>
  `${metricLabels[name].label}${sourceOf(name) ? ` (${sourceOf(name)})` : ''}: imported from the backlink exports`;

/** Sort headers of the given metrics (docs/decisions/033), beside LinkPilot's own score. */
export function MetricHeaders({
  names,
  sort,
  onSort,
}: {
  names: readonly DomainMetricName[];
  sort: { field: string; order: SortOrder };
  onSort: (name: DomainMetricName) => void;
}) {
  return names.map((name) => (
    <SortHeader
      key={name}
      className="text-right"
      label={metricLabels[name].label}
      order={sort.field === name ? sort.order : null}
      onSort={() => onSort(name)}
    />
  ));
}

/** A prospect's value of each metric ('—' without one); traffic with thousands separators. */
export function MetricCells({ prospect, names }: { prospect: Prospect; names: readonly DomainMetricName[] }) {
  return names.map((name) => {
    const value = prospect.metrics?.[name];
    return (
      <Td key={name} className="text-right tabular-nums" title={titleOf(name)}>
        {value === undefined ? '—' : value.toLocaleString()}
      </Td>
    );
  });
}

/** A metric filter as the form holds it: no metric, or one with the typed minimum. */
export type MetricFilterValue = { metric: DomainMetricName | ''; min: string };

/** "Only prospects whose DR (or DA, TF…) is at least N": the server filters (docs/decisions/033). */
export function MetricFilter({
  value,
  onChange,
}: {
  value: MetricFilterValue;
  onChange: (value: MetricFilterValue) => void;
}) {
  return (
    <div className="flex items-end gap-2 text-sm" role="group" aria-label="Filter by metric">
      <label className="space-y-1">
        <span className="block text-xs text-slate-500">Metric</span>
        <select
          className="h-9 rounded-md border border-slate-300 bg-white px-2 dark:border-slate-700 dark:bg-slate-900"
          value={value.metric}
          onChange={(e) => onChange({ ...value, metric: e.target.value as DomainMetricName | '' })}
        >
          <option value="">Any</option>
          {domainMetricNames.map((name) => (
            <option key={name} value={name}>
              {metricLabels[name].label}
            </option>
          ))}
        </select>
      </label>
      <label className="space-y-1">
        <span className="block text-xs text-slate-500">At least</span>
        <Input
          className="h-9 w-24"
          type="number"
          min={0}
          value={value.min}
          disabled={!value.metric}
          onChange={(e) => onChange({ ...value, min: e.target.value })}
        />
      </label>
    </div>
  );
}
