import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, withId, withQuery } from '#shared/paths';
import {
  linkCheckPageSchema,
  liveLinkPageSchema,
  liveLinkSchema,
  liveLinkSummarySchema,
  type CreateLiveLinkInput,
  type LiveLinkListQuery,
} from '#shared/schemas/live-links';
import { apiRequest } from '../lib/api-client';
import { liveLinksKey, notificationsKey } from '../lib/query-keys';

/**
 * One page of live links (GET /api/live-links), filtered by status. A check landing (a job) sends a
 * live event that refreshes the page, the counts and the chart (lib/live-events.ts).
 */
export function useLiveLinkPage(query: LiveLinkListQuery) {
  return useQuery({
    queryKey: [...liveLinksKey, 'page', query],
    queryFn: ({ signal }) =>
      apiRequest(withQuery(apiPaths.liveLinks, query), { schema: liveLinkPageSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The counts and the chart of active links over time (GET /api/live-links/summary). */
export function useLiveLinkSummary() {
  return useQuery({
    queryKey: [...liveLinksKey, 'summary'],
    queryFn: ({ signal }) => apiRequest(apiPaths.liveLinkSummary, { schema: liveLinkSummarySchema, signal }),
  });
}

/** One page of a link's check history (GET /api/live-links/:id/checks); off while `id` is null. */
export function useLinkChecks(id: string | null, page: number) {
  return useQuery({
    queryKey: [...liveLinksKey, 'checks', id, page],
    queryFn: ({ signal }) =>
      apiRequest(withQuery(withId(apiPaths.liveLinkChecks, id!), { page, pageSize: 10 }), {
        schema: linkCheckPageSchema,
        signal,
      }),
    enabled: id !== null,
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

/** POST /api/live-links/:id/check ("Check now"): the link as checked; an alert may have been added. */
export function useCheckLiveLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(withId(apiPaths.liveLinkCheck, id), { method: 'POST', schema: liveLinkSchema }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: liveLinksKey }),
        queryClient.invalidateQueries({ queryKey: notificationsKey }),
      ]);
    },
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
