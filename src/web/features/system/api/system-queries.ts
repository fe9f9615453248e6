import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '#shared/paths';
import { systemStatusSchema } from '#shared/schemas/system';
import { apiRequest } from '#web/lib/api-client';

/** The System tab's query key. */
export const systemKey = ['system'] as const;

/** How often an open System tab reads the status again (ms): queues move by the minute. */
export const SYSTEM_REFRESH_MS = 30_000;

/** GET /api/system (Full Access): the install's queues and backups, the workspace's mailboxes, webhooks and monitoring. */
export function useSystemStatus() {
  return useQuery({
    queryKey: systemKey,
    queryFn: ({ signal }) => apiRequest(apiPaths.system, { schema: systemStatusSchema, signal }),
    refetchInterval: SYSTEM_REFRESH_MS,
  });
}
