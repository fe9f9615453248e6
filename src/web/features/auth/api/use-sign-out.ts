import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiPaths, paths } from '../../../../shared/paths';
import { apiRequest } from '../../../lib/api-client';
import { meQueryKey } from './use-me';

/** Ends the session, forgets every cached answer and goes to /login, even when the server call fails. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiRequest(apiPaths.signOut, { method: 'POST', body: {} }),
    onError: (error) => console.error('Sign-out failed', error),
    onSettled: async () => {
      queryClient.clear();
      // Known signed out before navigating, so /login neither asks the server again nor bounces back.
      queryClient.setQueryData(meQueryKey, null);
      await navigate(paths.login, { replace: true });
    },
  });
}
