import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { SortOrder } from '../../../shared/schemas/pagination';
import type { CampaignProspectSortField } from '../../../shared/schemas/prospects';
import { domainMetricNames, type DomainMetricName } from '../../../shared/seo-exports/formats';
import type { Db } from '../../db/client';
import { prospects } from '../../db/schema/prospects';
import { orderByIndexed, orderByNullsLast } from '../../db/sql-helpers';
import { metricOfDomains } from './domain-metrics';

/** A joined metric's value by its subquery's name: drizzle writes an aliased field unqualified. */
const valueOf = (alias: string) => sql`${sql.identifier(alias)}.${sql.identifier('value')}`;

const isMetric = (sort: CampaignProspectSortField): sort is DomainMetricName =>
  (domainMetricNames as readonly string[]).includes(sort);

/** How a prospect list sorts and which third-party metric it filters on (shared/schemas/prospects.ts). */
export interface ProspectListOrder {
  sort: CampaignProspectSortField;
  order: SortOrder;
  metric?: DomainMetricName;
}

/**
 * The parts of a prospect list (a campaign's prospects, the contacts screen) that its sort and
 * metric filter add (docs/decisions/033-backlink-export-import.md):
 * - `join`: joins the workspace's values of the sorted metric (left: prospects without one come last)
 *   and of the filtered one (inner, at least `min`) to a select from prospects; `joinFilter` only the
 *   latter, for counting;
 * - `inner`: the leading ORDER BY inside the page query, `outer` the same over the page CTE's columns
 *   (its joins lose the order). Scores and metrics put prospects without one last and break ties
 *   newest first, so a CSV's prospects keep the file's order; each list appends its own id tie-break.
 */
export function prospectListParts(
  db: Db,
  workspaceId: Placeholder | string,
  query: ProspectListOrder,
  min: Placeholder | number,
) {
  const sorted = isMetric(query.sort) ? metricOfDomains(db, workspaceId, query.sort, 'sort_metric') : null;
  const filtered = query.metric ? metricOfDomains(db, workspaceId, query.metric, 'filter_metric') : null;
  // Each join returns the select it was given, with one more table: the callers only add WHERE,
  // ORDER BY and LIMIT to it, so the wider row type drizzle infers is not needed.
  const joinFilter = <T extends PgSelect>(select: T): T =>
    filtered
      ? (select.innerJoin(
          filtered,
          and(eq(filtered.domain, prospects.domain), sql`${valueOf('filter_metric')} >= ${min}`),
        ) as unknown as T)
      : select;
  const join = <T extends PgSelect>(select: T): T =>
    joinFilter(
      sorted ? (select.leftJoin(sorted, eq(sorted.domain, prospects.domain)) as unknown as T) : select,
    );
  return { join, joinFilter, ...sortKey(query, sorted ? valueOf('sort_metric') : null) };
}

function sortKey({ sort, order }: ProspectListOrder, metricValue: SQL | null): { inner: SQL; outer: SQL } {
  const direction = order === 'asc' ? sql`asc` : sql`desc`;
  if (metricValue)
    return {
      inner: sql`${metricValue} ${direction} nulls last, ${orderByIndexed(prospects.createdAt, 'desc')}`,
      outer: sql`(page.metrics->>${sql.raw(`'${sort}'`)})::float8 ${direction} nulls last, page.created_at desc nulls last`,
    };
  if (sort === 'lastContacted')
    return {
      inner: orderByNullsLast(prospects.lastContacted, order),
      outer: sql`page.last_contacted ${direction} nulls last`,
    };
  if (sort === 'daScore')
    return {
      inner: sql`${orderByNullsLast(prospects.daScore, order)}, ${orderByIndexed(prospects.createdAt, 'desc')}`,
      outer: sql`page.da_score ${direction} nulls last, page.created_at desc nulls last`,
    };
  return {
    inner: orderByIndexed(prospects.createdAt, order),
    outer: sql`page.created_at ${order === 'asc' ? sql`asc nulls first` : sql`desc nulls last`}`,
  };
}
