import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPaths, withId, withQuery } from '#shared/paths';
import { competitorGapPageSchema } from '#shared/schemas/competitor-gap';
import { apiRequest } from '#web/lib/api-client';
import { campaignsKey, gapKey } from '#web/lib/query-keys';

/** One page of a campaign's competitor gap (GET /api/campaigns/:id/competitor-gap). */
export function useCompetitorGap(campaignId: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...gapKey, campaignId, page, pageSize],
    queryFn: ({ signal }) =>
      apiRequest(withQuery(withId(apiPaths.competitorGap, campaignId), { page, pageSize }), {
        schema: competitorGapPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/campaigns/:id/competitor-gap/prospects: the campaign's prospects and counts change too. */
export function useAddGapProspects(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domains: string[]) =>
      apiRequest(withId(apiPaths.competitorGapProspects, campaignId), {
        method: 'POST',
        body: { domains },
        schema: z.object({ added: z.number() }),
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: gapKey }),
        queryClient.invalidateQueries({ queryKey: campaignsKey }),
      ]),
  });
}
