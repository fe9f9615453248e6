import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, withId } from '#shared/paths';
import { okSchema } from '#shared/schemas/api';
import { signedOutSessionsSchema, type ChangePasswordInput } from '#shared/schemas/auth';
import { apiRequest } from '#web/lib/api-client';
import { accountSessionsKey } from './account-security-queries';

/** POST /api/profile/password; the session list follows (the other sessions may have ended). */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      apiRequest(apiPaths.changePassword, { method: 'POST', body: input, schema: okSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSessionsKey }),
  });
}

/** POST /api/profile/sessions/sign-out-others: resolves with how many sessions ended. */
export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(apiPaths.signOutOtherSessions, { method: 'POST', schema: signedOutSessionsSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsKey }),
  });
}

/** DELETE /api/profile/sessions/:id: ends one other session; the list follows. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(withId(apiPaths.accountSession, id), { method: 'DELETE', schema: okSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsKey }),
  });
}
