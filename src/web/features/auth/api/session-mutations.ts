import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { apiPaths, paths } from '../../../../shared/paths';
import {
  verificationDeliverySchema,
  type SignInInput,
  type SignUpInput,
} from '../../../../shared/schemas/auth';
import { apiRequest } from '../../../lib/api-client';
import { meQueryKey } from './session-queries';

/** After a session starts: reloads the signed-in user, then replaces the auth screen with the dashboard. */
export function useEnterDashboard(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    // Awaited so the submit button keeps spinning until the dashboard can render the user.
    await queryClient.invalidateQueries({ queryKey: meQueryKey, refetchType: 'all' });
    await navigate(paths.dashboard, { replace: true });
  }, [queryClient, navigate]);
}

/** Signs in with email and password, then opens the dashboard. */
export function useSignIn() {
  const enterDashboard = useEnterDashboard();
  return useMutation({
    mutationFn: (input: SignInInput) => apiRequest(apiPaths.signIn, { method: 'POST', body: input }),
    onSuccess: enterDashboard,
  });
}

/** Creates an account (the server signs it in), then opens the dashboard. */
export function useSignUp() {
  const enterDashboard = useEnterDashboard();
  return useMutation({
    mutationFn: (input: SignUpInput) => apiRequest(apiPaths.signUp, { method: 'POST', body: input }),
    onSuccess: enterDashboard,
  });
}

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

/** POST /api/profile/verification-email: a new verification link; resolves with where it went. */
export function useSendVerificationEmail() {
  return useMutation({
    mutationFn: () =>
      apiRequest(apiPaths.verificationEmail, { method: 'POST', schema: verificationDeliverySchema }),
  });
}
