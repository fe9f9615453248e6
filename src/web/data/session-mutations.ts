import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { apiPaths, paths } from '#shared/paths';
import {
  meSchema,
  verificationDeliverySchema,
  type SignInInput,
  type SignUpInput,
} from '#shared/schemas/auth';
import { signInResultSchema } from '#shared/schemas/two-factor';
import { setActiveWorkspaceId } from '../lib/active-workspace';
import { apiRequest } from '../lib/api-client';
import { meQueryKey } from './session-queries';

/** The query parameter of /login and /signup naming where to go once signed in (an invitation link). */
export const nextParam = 'next';

/**
 * Where `?next=` may send a user after signing in: only an invitation page of this site
 * ('/invite/TOKEN'), so a crafted link cannot redirect to another site (`https://…`, `//host`) or
 * elsewhere in the app. Null for anything else.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  return next && /^\/invite\/[A-Za-z0-9_~%-]+$/.test(next) ? next : null;
}

/** The page the auth screens open once a session exists: `?next=` when it is safe, else the dashboard. */
export function useNextPath(): string {
  const [searchParams] = useSearchParams();
  return safeNextPath(searchParams.get(nextParam)) ?? paths.dashboard;
}

/**
 * After a session starts: reloads the signed-in user, then replaces the auth screen with the
 * dashboard, or with the invitation page named by a safe `?next=` (useNextPath).
 */
export function useEnterDashboard(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const target = useNextPath();
  return useCallback(async () => {
    // A new session starts in the workspace the server remembers for it, not the tab's last one.
    setActiveWorkspaceId(null);
    // Awaited so the submit button keeps spinning until the dashboard can render the user.
    await queryClient.invalidateQueries({ queryKey: meQueryKey, refetchType: 'all' });
    await navigate(target, { replace: true });
  }, [queryClient, navigate, target]);
}

/**
 * Signs in with email and password, then opens the dashboard; when the account has two-factor
 * sign-in, resolves with `twoFactorRequired` instead and the form asks for the code.
 */
export function useSignIn() {
  const enterDashboard = useEnterDashboard();
  return useMutation({
    mutationFn: (input: SignInInput) =>
      apiRequest(apiPaths.signIn, { method: 'POST', body: input, schema: signInResultSchema }),
    onSuccess: async (result) => {
      if (!result.twoFactorRequired) await enterDashboard();
    },
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
      setActiveWorkspaceId(null);
      queryClient.clear();
      // Known signed out before navigating, so /login neither asks the server again nor bounces back.
      queryClient.setQueryData(meQueryKey, null);
      await navigate(paths.login, { replace: true });
    },
  });
}

/**
 * PUT /api/me/workspace: switches this tab (and the server's remembered choice) to another of the
 * user's workspaces, forgets every cached answer of the old one and opens its dashboard.
 */
export function useSwitchWorkspace() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (workspaceId: string) =>
      apiRequest(apiPaths.activeWorkspace, { method: 'PUT', body: { workspaceId }, schema: meSchema }),
    onSuccess: async (me) => {
      setActiveWorkspaceId(me.workspace.id);
      queryClient.clear();
      queryClient.setQueryData(meQueryKey, me);
      await navigate(paths.dashboard);
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
