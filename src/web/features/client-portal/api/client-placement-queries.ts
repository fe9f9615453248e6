import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPaths, withQuery } from '#shared/paths';
import { placementPageSchema, placementTotalsSchema } from '#shared/schemas/placements';
import { apiRequest } from '#web/lib/api-client';
import { placementsKey } from '#web/lib/query-keys';

/**
 * One page of the signed-in Client's placements (GET /api/placements): the server answers their
 * client's only, whatever the query says (docs/decisions/040-client-role.md).
 */
export function useClientPlacementPage(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...placementsKey, 'client-portal', 'page', page, pageSize],
    queryFn: ({ signal }) =>
      apiRequest(withQuery(apiPaths.placements, { page, pageSize }), { schema: placementPageSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The Client's links and spend per currency (GET /api/placements/totals, narrowed to their client). */
export function useClientPlacementTotals() {
  return useQuery({
    queryKey: [...placementsKey, 'client-portal', 'totals'],
    queryFn: ({ signal }) =>
      apiRequest(withQuery(apiPaths.placementTotals, { groupBy: 'client' }), {
        schema: placementTotalsSchema,
        signal,
      }),
  });
}
