import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '#shared/paths';
import { okSchema } from '#shared/schemas/api';
import { ssoProviderSchema, type SsoSettingsInput } from '#shared/schemas/sso';
import { apiRequest } from '#web/lib/api-client';

/** Every cached query of the workspace's SSO provider starts with this key. */
export const ssoSettingsKey = ['sso-settings'] as const;

/** GET /api/workspace/sso: the workspace's identity provider (never its secret), or null. */
export function useSsoSettings() {
  return useQuery({
    queryKey: ssoSettingsKey,
    queryFn: ({ signal }) => apiRequest(apiPaths.ssoSettings, { schema: ssoProviderSchema, signal }),
  });
}

/** PUT /api/workspace/sso: saves the provider; the cache takes the answer. */
export function useSaveSsoSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SsoSettingsInput) =>
      apiRequest(apiPaths.ssoSettings, { method: 'PUT', body: input, schema: ssoProviderSchema }),
    onSuccess: (saved) => queryClient.setQueryData(ssoSettingsKey, saved),
  });
}

/** DELETE /api/workspace/sso: removes the provider. */
export function useRemoveSsoSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(apiPaths.ssoSettings, { method: 'DELETE', schema: okSchema }),
    onSuccess: () => queryClient.setQueryData(ssoSettingsKey, null),
  });
}
