import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, withId, withQuery } from '#shared/paths';
import { okSchema } from '#shared/schemas/api';
import {
  placementImportResultSchema,
  placementPageSchema,
  placementSchema,
  placementTotalsSchema,
  type CreatePlacementInput,
  type PlacementListQuery,
  type PlacementTotalsQuery,
  type UpdatePlacementInput,
} from '#shared/schemas/placements';
import { apiRequest } from '#web/lib/api-client';
import { placementsKey } from '#web/lib/query-keys';

/** One page of the ledger (GET /api/placements), by client, campaign, payment status, prospect or live link. */
export function usePlacementPage(query: PlacementListQuery, enabled = true) {
  return useQuery({
    queryKey: [...placementsKey, 'page', query],
    queryFn: ({ signal }) =>
      apiRequest(withQuery(apiPaths.placements, query), { schema: placementPageSchema, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Spend and cost per link per group and currency (GET /api/placements/totals). */
export function usePlacementTotals(query: PlacementTotalsQuery) {
  return useQuery({
    queryKey: [...placementsKey, 'totals', query],
    queryFn: ({ signal }) =>
      apiRequest(withQuery(apiPaths.placementTotals, query), { schema: placementTotalsSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

function useRefreshPlacements() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: placementsKey });
}

/** POST /api/placements (by hand). */
export function useCreatePlacement() {
  const onSuccess = useRefreshPlacements();
  return useMutation({
    mutationFn: (input: CreatePlacementInput) =>
      apiRequest(apiPaths.placements, { method: 'POST', body: input, schema: placementSchema }),
    onSuccess,
  });
}

/** POST /api/live-links/:id/placement: the live link's placement, made once. */
export function usePlacementFromLiveLink() {
  const onSuccess = useRefreshPlacements();
  return useMutation({
    mutationFn: (liveLinkId: string) =>
      apiRequest(withId(apiPaths.liveLinkPlacement, liveLinkId), { method: 'POST', schema: placementSchema }),
    onSuccess,
  });
}

/** PATCH /api/placements/:id. */
export function useUpdatePlacement() {
  const onSuccess = useRefreshPlacements();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdatePlacementInput }) =>
      apiRequest(withId(apiPaths.placement, id), { method: 'PATCH', body: input, schema: placementSchema }),
    onSuccess,
  });
}

/** DELETE /api/placements/:id. */
export function useDeletePlacement() {
  const onSuccess = useRefreshPlacements();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(withId(apiPaths.placement, id), { method: 'DELETE', schema: okSchema }),
    onSuccess,
  });
}

/** PUT /api/placements/:id/invoice: one PDF or image file. */
export function useUploadInvoice() {
  const onSuccess = useRefreshPlacements();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const body = new FormData();
      body.append('file', file);
      return apiRequest(withId(apiPaths.placementInvoice, id), {
        method: 'PUT',
        body,
        schema: placementSchema,
      });
    },
    onSuccess,
  });
}

/** POST /api/placements/import: the CSV's text; all rows or none. */
export function useImportPlacements() {
  const onSuccess = useRefreshPlacements();
  return useMutation({
    mutationFn: (csv: string) =>
      apiRequest(apiPaths.placementsImport, {
        method: 'POST',
        body: { csv },
        schema: placementImportResultSchema,
      }),
    onSuccess,
  });
}
