import { sql, type SQL } from 'drizzle-orm';
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

/** One metric of a prospect's domain (null without one), to sort or filter by. */
export const domainMetricValue = (p: typeof prospects, metric: DomainMetricName): SQL<number | null> =>
  sql`(select max(m.value) from ${domainMetrics} m
        where m.workspace_id = ${owner(p)} and m.domain = ${domainOf(p)} and m.metric = ${sql.raw(`'${metric}'`)})`;
