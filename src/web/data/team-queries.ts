/**
 * The workspace's members, read by every feature that names or picks a person (settings' users tab,
 * the activity log's filter, campaign collaborators, the inbox's assignee). A data hook of the `data/`
 * layer: below the features, so that none of them imports another for it (docs/architecture.md).
 */
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPaths } from '#shared/paths';
import { teamUserSchema } from '#shared/schemas/settings';
import { apiRequest } from '../lib/api-client';

/** Query key of the member list; writes that change a member invalidate it. */
export const usersKey = ['users'] as const;

/** GET /api/users: the workspace's members with their roles. */
export function useTeamUsers() {
  return useQuery({
    queryKey: usersKey,
    queryFn: ({ signal }) => apiRequest(apiPaths.users, { schema: z.array(teamUserSchema), signal }),
  });
}
