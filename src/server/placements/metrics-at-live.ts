import { and, eq } from 'drizzle-orm';
import type { MetricsAtLive } from '../../shared/schemas/placements';
import type { DomainMetricName, MetricSource } from '../../shared/seo-exports/formats';
import { domainOf } from '../../shared/seo-exports/records';
import type { Db } from '../db/client';
import { domainMetrics } from '../db/schema/backlink-imports';

/**
 * The linking page's site metrics as the workspace knows them now (domain_metrics: the latest value
 * per source and metric, with the day it was measured), for a placement going live
 * (docs/decisions/033-backlink-export-import.md): kept on the placement so that a report shows the
 * DR a link had when it was won, whatever the site's DR becomes later.
 * `recordedOn` is today (YYYY-MM-DD, UTC). @returns null when the page URL names no site.
 */
export async function metricsAtLive(
  db: Db,
  workspaceId: string,
  pageUrl: string,
  recordedOn: string,
): Promise<MetricsAtLive | null> {
  const domain = domainOf(pageUrl);
  if (!domain) return null;
  const rows = await db
    .select({
      metric: domainMetrics.metric,
      source: domainMetrics.source,
      value: domainMetrics.value,
      measuredOn: domainMetrics.measuredOn,
    })
    .from(domainMetrics)
    .where(and(eq(domainMetrics.workspaceId, workspaceId), eq(domainMetrics.domain, domain)))
    .orderBy(domainMetrics.metric, domainMetrics.source);
  return {
    domain,
    recordedOn,
    values: rows.map((r) => ({
      ...r,
      metric: r.metric as DomainMetricName,
      source: r.source as MetricSource,
    })),
  };
}

/**
 * The metrics to store with a placement's change: recorded once, when it first has a date live
 * (created live, or given its date later); undefined when there is nothing to record.
 */
export async function metricsOnGoingLive(
  db: Db,
  workspaceId: string,
  placement: { liveAt?: string | null; pageUrl: string; metricsAtLive?: MetricsAtLive | null },
  today: string,
): Promise<MetricsAtLive | undefined> {
  if (!placement.liveAt || placement.metricsAtLive) return undefined;
  return (await metricsAtLive(db, workspaceId, placement.pageUrl, today)) ?? undefined;
}
