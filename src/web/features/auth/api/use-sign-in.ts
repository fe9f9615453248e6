import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/paths';
import type { SignInInput } from '../../../../shared/schemas/auth';
import { apiRequest } from '../../../lib/api-client';
import { useEnterDashboard } from './use-enter-dashboard';

/** Signs in with email and password, then opens the dashboard. */
export function useSignIn() {
  const enterDashboard = useEnterDashboard();
  return useMutation({
    mutationFn: (input: SignInInput) => apiRequest(apiPaths.signIn, { method: 'POST', body: input }),
    onSuccess: enterDashboard,
  });
}
