import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, withQuery } from '#shared/paths';
import { notificationPageSchema, type MarkNotificationsReadInput } from '#shared/schemas/notifications';
import { apiRequest } from '#web/lib/api-client';
import { notificationsKey } from '#web/lib/query-keys';

/** The latest notifications and the unread count (GET /api/notifications); live events refresh it. */
export function useNotifications(page = 1) {
  return useQuery({
    queryKey: [...notificationsKey, page],
    queryFn: ({ signal }) =>
      apiRequest(withQuery(apiPaths.notifications, { page, pageSize: 10 }), {
        schema: notificationPageSchema,
        signal,
      }),
  });
}

/** POST /api/notifications/read: the given ids, or all. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MarkNotificationsReadInput) =>
      apiRequest(apiPaths.notificationsRead, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}
