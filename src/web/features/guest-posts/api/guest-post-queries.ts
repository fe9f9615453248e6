import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPaths, withId, withQuery } from '#shared/paths';
import {
  guestPostCampaignSchema,
  guestPostPageSchema,
  guestPostSchema,
  type GuestPostListQuery,
  type SaveInternalLinksInput,
} from '#shared/schemas/guest-posts';
import { apiRequest } from '#web/lib/api-client';

const campaignsKey = ['guest-post-campaigns'] as const;
export const guestPostsKey = ['guest-posts'] as const;

/** The campaigns to write for, with their website and internal links (GET /api/guest-posts/campaigns). */
export function useGuestPostCampaigns() {
  return useQuery({
    queryKey: campaignsKey,
    queryFn: ({ signal }) =>
      apiRequest(apiPaths.guestPostCampaigns, { schema: z.array(guestPostCampaignSchema), signal }),
  });
}

/** PUT /api/campaigns/:id/internal-links. */
export function useSaveInternalLinks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ campaignId, ...body }: SaveInternalLinksInput & { campaignId: string }) =>
      apiRequest(withId(apiPaths.campaignInternalLinks, campaignId), {
        method: 'PUT',
        body,
        schema: guestPostCampaignSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsKey }),
  });
}

/** One page of saved guest posts (GET /api/guest-posts). */
export function useGuestPostPage(query: GuestPostListQuery) {
  return useQuery({
    queryKey: [...guestPostsKey, 'list', query],
    queryFn: ({ signal }) =>
      apiRequest(withQuery(apiPaths.guestPosts, query), { schema: guestPostPageSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One saved guest post to reopen (GET /api/guest-posts/:id); idle without an id. */
export function useGuestPost(id: string | null) {
  return useQuery({
    queryKey: [...guestPostsKey, 'one', id],
    queryFn: ({ signal }) => apiRequest(withId(apiPaths.guestPost, id!), { schema: guestPostSchema, signal }),
    enabled: id !== null,
  });
}

/** DELETE /api/guest-posts/:id. */
export function useDeleteGuestPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(withId(apiPaths.guestPost, id), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guestPostsKey }),
  });
}
