import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/paths';
import type { SignUpInput } from '../../../../shared/schemas/auth';
import { apiRequest } from '../../../lib/api-client';
import { useEnterDashboard } from './use-enter-dashboard';

/** Creates an account (the server signs it in), then opens the dashboard. */
export function useSignUp() {
  const enterDashboard = useEnterDashboard();
  return useMutation({
    mutationFn: (input: SignUpInput) => apiRequest(apiPaths.signUp, { method: 'POST', body: input }),
    onSuccess: enterDashboard,
  });
}
