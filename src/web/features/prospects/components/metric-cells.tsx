import type { SortOrder } from '#shared/schemas/pagination';
import type { Prospect } from '#shared/schemas/prospects';
import { type DomainMetricName, domainMetricNames, metricLabels } from '#shared/seo-exports/formats';
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
