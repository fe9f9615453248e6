import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPaths, withId, withQuery } from '#shared/paths';
import { webhookDeliveryPageSchema, webhookEndpointSchema } from '#shared/schemas/webhooks';
import { apiRequest } from '#web/lib/api-client';
import { webhooksKey } from '#web/lib/query-keys';

/** The key of the endpoint list. */
export const webhookEndpointsKey = [...webhooksKey, 'endpoints'] as const;

/** The key of one endpoint's delivery log. */
export const webhookDeliveriesKey = (endpointId: string) =>
  [...webhooksKey, 'deliveries', endpointId] as const;

/**
 * GET /api/webhooks: the workspace's endpoints, newest first (never a secret). Keyed under
 * webhooksKey, so the live 'webhooks.changed' event refreshes it (lib/live-events.ts).
 */
export function useWebhookEndpoints() {
  return useQuery({
    queryKey: webhookEndpointsKey,
    queryFn: ({ signal }) =>
      apiRequest(apiPaths.webhooks, { schema: z.array(webhookEndpointSchema), signal }),
  });
}

/**
 * GET /api/webhooks/:id/deliveries: the endpoint's delivery log, newest first, page by page (keyset
 * cursor): `fetchNextPage` adds the next page while `hasNextPage`. Refreshed by 'webhooks.changed'.
 */
export function useWebhookDeliveries(endpointId: string) {
  return useInfiniteQuery({
    queryKey: webhookDeliveriesKey(endpointId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(withQuery(withId(apiPaths.webhookDeliveries, endpointId), { cursor: pageParam }), {
        schema: webhookDeliveryPageSchema,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
