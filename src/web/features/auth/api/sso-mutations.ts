import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '#shared/paths';
import { ssoStartResultSchema, type SsoStartInput } from '#shared/schemas/sso';
import { apiRequest } from '#web/lib/api-client';

/**
 * POST /api/sso/start: finds the workspace's identity provider by the address's domain, then sends
 * the browser there (it comes back to /api/sso/callback, which lands on the dashboard or on /login?sso=…).
 */
export function useSsoStart() {
  return useMutation({
    mutationFn: (input: SsoStartInput) =>
      apiRequest(apiPaths.ssoStart, { method: 'POST', body: input, schema: ssoStartResultSchema }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
