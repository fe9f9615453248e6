import { sql, type SQL } from 'drizzle-orm';
import type { SortOrder } from '../../../shared/schemas/pagination';
import type { CampaignProspectSortField } from '../../../shared/schemas/prospects';
import { prospects } from '../../db/schema/prospects';
import { orderByIndexed, orderByNullsLast } from '../../db/sql-helpers';
import { domainMetricValue } from './domain-metrics';

/**
 * The leading ORDER BY of a prospect list (a campaign's prospects, the contacts screen) sorted by a
 * date, the LinkPilot Score or a third-party metric (docs/decisions/033): `inner` over the prospects
 * table inside the page query, `outer` the same over the page CTE's columns (its joins lose the
 * order). Scores and metrics put prospects without one last and break ties newest first, so a
 * CSV's prospects keep the file's order; each list appends its own id tie-break.
 */
export function prospectSortKey(
  sort: CampaignProspectSortField,
  order: SortOrder,
): { inner: SQL; outer: SQL } {
  const direction = order === 'asc' ? sql`asc` : sql`desc`;
  switch (sort) {
    case 'createdAt':
      return {
        inner: orderByIndexed(prospects.createdAt, order),
        outer: sql`page.created_at ${order === 'asc' ? sql`asc nulls first` : sql`desc nulls last`}`,
      };
    case 'lastContacted':
      return {
        inner: orderByNullsLast(prospects.lastContacted, order),
        outer: sql`page.last_contacted ${direction} nulls last`,
      };
    case 'daScore':
      return {
        inner: sql`${orderByNullsLast(prospects.daScore, order)}, ${orderByIndexed(prospects.createdAt, 'desc')}`,
        outer: sql`page.da_score ${direction} nulls last, page.created_at desc nulls last`,
      };
    default:
      return {
        inner: sql`${domainMetricValue(prospects, sort)} ${direction} nulls last, ${orderByIndexed(prospects.createdAt, 'desc')}`,
        outer: sql`(page.metrics->>${sql.raw(`'${sort}'`)})::float8 ${direction} nulls last, page.created_at desc nulls last`,
      };
  }
}
