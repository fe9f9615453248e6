import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '#shared/paths';
import { accountSessionListSchema } from '#shared/schemas/auth';
import { apiRequest } from '#web/lib/api-client';

/** Every cached query of the user's sessions starts with this key. */
export const accountSessionsKey = ['account-sessions'] as const;

/** GET /api/profile/sessions: the user's live sessions, newest activity first, this one marked. */
export function useAccountSessions() {
  return useQuery({
    queryKey: accountSessionsKey,
    queryFn: ({ signal }) =>
      apiRequest(apiPaths.accountSessions, { schema: accountSessionListSchema, signal }),
  });
}
