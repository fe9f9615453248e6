import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, withId, withQuery } from '../../../../shared/paths';
import {
  liveLinkPageSchema,
  liveLinkSchema,
  type CreateLiveLinkInput,
  type LiveLinkListQuery,
} from '../../../../shared/schemas/live-links';
import { apiRequest } from '../../../lib/api-client';

const liveLinksKey = ['live-links'] as const;

/** One page of live links (GET /api/live-links). */
export function useLiveLinkPage(query: LiveLinkListQuery) {
  return useQuery({
    queryKey: [...liveLinksKey, query],
    queryFn: ({ signal }) =>
      apiRequest(withQuery(apiPaths.liveLinks, query), { schema: liveLinkPageSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/live-links. */
export function useCreateLiveLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateLiveLinkInput) =>
      apiRequest(apiPaths.liveLinks, { method: 'POST', body: input, schema: liveLinkSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: liveLinksKey }),
  });
}

/** DELETE /api/live-links/:id. */
export function useDeleteLiveLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(withId(apiPaths.liveLink, id), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: liveLinksKey }),
  });
}
