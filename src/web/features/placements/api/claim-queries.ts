import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, withId, withQuery } from '#shared/paths';
import {
  claimPageSchema,
  claimSchema,
  type ClaimListQuery,
  type MoveClaimInput,
} from '#shared/schemas/claims';
import { apiRequest } from '#web/lib/api-client';
import { placementsKey } from '#web/lib/query-keys';

/** Claims live under the placements' key, so every placement or claim event refreshes both. */
const claimsKey = [...placementsKey, 'claims'] as const;

/** One page of replacement claims (GET /api/claims): waiting ones by default. */
export function useClaimPage(query: ClaimListQuery) {
  return useQuery({
    queryKey: [...claimsKey, 'page', query],
    queryFn: ({ signal }) =>
      apiRequest(withQuery(apiPaths.claims, query), { schema: claimPageSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One claim with its proof (GET /api/claims/:id); idle without an id. */
export function useClaim(id: string | null) {
  return useQuery({
    queryKey: [...claimsKey, 'one', id],
    queryFn: ({ signal }) => apiRequest(withId(apiPaths.claim, id!), { schema: claimSchema, signal }),
    enabled: id !== null,
  });
}

/** POST /api/claims/:id/status: publisher replied, or a resolution. */
export function useMoveClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: MoveClaimInput }) =>
      apiRequest(withId(apiPaths.claimStatus, id), { method: 'POST', body: input, schema: claimSchema }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: placementsKey }),
  });
}
