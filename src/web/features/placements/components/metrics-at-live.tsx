import type { Placement } from '#shared/schemas/placements';
import { metricLabels, metricSourceLabels } from '#shared/seo-exports/formats';

/**
 * The linking site's metrics kept when the placement went live (docs/decisions/033), under its date
 * live: "DR 45 · DA 30", each with its source and the day it was measured on hover.
 */
export function MetricsAtLive({ placement }: { placement: Pick<Placement, 'metricsAtLive'> }) {
  const values = placement.metricsAtLive?.values ?? [];
  if (values.length === 0) return null;
  return (
    <span
      className="block text-xs text-slate-500 dark:text-slate-400"
      aria-label="Metrics when it went live"
      title={values
        .map(
          (v) =>
            `${metricLabels[v.metric].label} ${v.value} (${metricSourceLabels[v.source]}, ${v.measuredOn})`,
        )
        .join('\n')}
    >
      {values.map((v) => `${metricLabels[v.metric].label} ${v.value.toLocaleString()}`).join(' · ')}
    </span>
  );
}
