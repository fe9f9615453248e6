import { useInfiniteQuery } from '@tanstack/react-query';
import { apiPaths, withQuery } from '#shared/paths';
import { activityPageSchema, type ActivityQuery } from '#shared/schemas/activity';
import { apiRequest } from '#web/lib/api-client';
import { activityKey } from '#web/lib/query-keys';

/** What the log is filtered by (each optional): a member, a kind, a campaign. */
export type ActivityFilters = Omit<ActivityQuery, 'cursor'>;

/** GET /api/activity for these filters, from the page after `cursor` (the first page without one). */
export function activityPath({ member, kind, campaignId }: ActivityFilters, cursor?: string): string {
  return withQuery(apiPaths.activity, { member, kind, campaignId, cursor });
}

/**
 * The workspace's activity log, newest first, page by page (50 an answer, keyset cursor): `fetchNextPage`
 * adds the next page while `hasNextPage`. Keyed under activityKey, so the live 'activity.changed'
 * event refreshes every list on screen (lib/live-events.ts).
 */
export function useActivity(filters: ActivityFilters) {
  return useInfiniteQuery({
    queryKey: [...activityKey, filters],
    queryFn: ({ pageParam, signal }) =>
      apiRequest(activityPath(filters, pageParam), { schema: activityPageSchema, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
