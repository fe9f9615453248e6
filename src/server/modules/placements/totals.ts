import type { z } from 'zod';
import type { PlacementTotals, placementTotalsQuerySchema } from '../../../shared/schemas/placements';
import type { Database } from '../../db/client';
import { totalsOf } from '../../placements/totals';
import { placementFilter } from './service';

/**
 * Spend and cost per link of the filtered placements, per client, campaign or month and per
 * currency (docs/decisions/034-clients-and-placements.md; the counting is `placements/totals.ts`).
 */
export async function placementTotals(
  db: Database,
  workspaceId: string,
  query: z.output<typeof placementTotalsQuerySchema>,
): Promise<PlacementTotals> {
  return totalsOf(db, placementFilter(workspaceId, query), query.groupBy);
}
