import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, withId, withQuery } from '#shared/paths';
import {
  firstLinePageSchema,
  firstLineSettingsSchema,
  prospectFirstLineSchema,
  type FirstLineListQuery,
  type UpdateFirstLineInput,
} from '#shared/schemas/first-lines';
import { apiRequest } from '#web/lib/api-client';
import { aiStatusKey } from '#web/data/ai-queries';
import { firstLinesKey } from '#web/lib/query-keys';

/** A page of the campaign's prospects with their first lines (GET /api/campaigns/:id/first-lines). */
export function useFirstLinePage(campaignId: string, query: FirstLineListQuery) {
  return useQuery({
    queryKey: [...firstLinesKey(campaignId), query],
    queryFn: ({ signal }) =>
      apiRequest(withQuery(withId(apiPaths.campaignFirstLines, campaignId), query), {
        schema: firstLinePageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** PUT /api/campaigns/:id/first-line-settings. */
export function useSetFirstLineApproval(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requireApproval: boolean) =>
      apiRequest(withId(apiPaths.campaignFirstLineSettings, campaignId), {
        method: 'PUT',
        body: { requireApproval },
        schema: firstLineSettingsSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: firstLinesKey(campaignId) }),
  });
}

/** POST /api/prospects/:id/first-line/draft: one prospect's line written by the model. */
export function useDraftFirstLine(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prospectId: string) =>
      apiRequest(withId(apiPaths.prospectFirstLineDraft, prospectId), {
        method: 'POST',
        schema: prospectFirstLineSchema,
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: firstLinesKey(campaignId) });
      void queryClient.invalidateQueries({ queryKey: aiStatusKey });
    },
  });
}

/** PUT /api/prospects/:id/first-line: the edited text and its approval. */
export function useUpdateFirstLine(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ prospectId, ...body }: UpdateFirstLineInput & { prospectId: string }) =>
      apiRequest(withId(apiPaths.prospectFirstLine, prospectId), {
        method: 'PUT',
        body,
        schema: prospectFirstLineSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: firstLinesKey(campaignId) }),
  });
}

/** DELETE /api/prospects/:id/first-line. */
export function useDiscardFirstLine(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prospectId: string) =>
      apiRequest(withId(apiPaths.prospectFirstLine, prospectId), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: firstLinesKey(campaignId) }),
  });
}
