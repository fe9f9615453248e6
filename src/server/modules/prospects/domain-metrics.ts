import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { DomainMetricName } from '../../../shared/seo-exports/formats';
import type { Prospect } from '../../../shared/schemas/prospects';
import { domainMetrics } from '../../db/schema/backlink-imports';
import type { prospects } from '../../db/schema/prospects';

// Drizzle writes a column without its table in a one-table select, where the subquery's own
// domain_metrics columns would shadow it: the prospect's columns are named in full.
const owner = (p: typeof prospects) => sql`${p}.${sql.identifier('workspace_id')}`;
const domainOf = (p: typeof prospects) => sql`${p}.${sql.identifier('domain')}`;

/**
 * A prospect's third-party domain metrics as one JSON object `{dr: 45, da: 30, …}`, from the
 * workspace's domain_metrics (each metric's highest value over its sources, e.g. organic traffic
 * from Ahrefs and Semrush); null when there are none. A correlated subquery on the unique index.
 */
export const domainMetricsOf = (p: typeof prospects): SQL<Prospect['metrics'] | null> =>
  sql`(select jsonb_object_agg(x.metric, x.value) from (
        select m.metric, max(m.value) as value from ${domainMetrics} m
        where m.workspace_id = ${owner(p)} and m.domain = ${domainOf(p)} group by m.metric) x)`;

/**
 * Each domain's value of `metric` in the workspace (its highest over the sources) as a subquery named
 * `alias`, for a prospect list to join on when it sorts or filters by that metric: one hash join
 * over the workspace's values instead of an index probe per prospect (bench/prospect-metric-sort.ts).
 */
export const metricOfDomains = (
  db: Db,
  workspaceId: Placeholder | string,
  metric: DomainMetricName,
  alias: string,
) =>
  db
    .select({ domain: domainMetrics.domain, value: sql<number>`max(${domainMetrics.value})`.as('value') })
    .from(domainMetrics)
    .where(and(eq(domainMetrics.workspaceId, workspaceId), eq(domainMetrics.metric, metric)))
    .groupBy(domainMetrics.domain)
    .as(alias);
