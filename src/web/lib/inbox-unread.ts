import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPaths } from '#shared/paths';
import { apiRequest } from './api-client';
import { inboxKey } from './query-keys';

// The shape of inboxUnreadSchema (shared/schemas/inbox.ts), restated here: the sidebar shows the
// count, and importing the inbox schemas would load them and the prospect schemas they build on
// with the dashboard's first screen (docs/decisions/022-dashboard-first-load.md).
const unreadSchema = z.object({ unread: z.number().int() });

/**
 * GET /api/inbox/unread: how many conversations have a reply the signed-in member has not opened.
 * Keyed under inboxKey, so the live 'inbox.changed' and 'inbound.applied' events refresh it.
 */
export function inboxUnreadQuery() {
  return queryOptions({
    queryKey: [...inboxKey, 'unread'],
    queryFn: ({ signal }) => apiRequest(apiPaths.inboxUnread, { schema: unreadSchema, signal }),
    select: (data) => data.unread,
  });
}

/**
 * The number of unread conversations (≥ 0), or undefined until it has loaded (or when it failed, or
 * is not `enabled`: a Client-role member has no inbox).
 */
export function useInboxUnread(enabled = true): number | undefined {
  return useQuery({ ...inboxUnreadQuery(), enabled }).data;
}
