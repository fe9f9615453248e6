import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '#shared/paths';
import {
  verificationSettingsSchema,
  type VerificationSettingsInput,
} from '#shared/schemas/email-verification';
import { apiRequest } from '#web/lib/api-client';

/** Every cached query of the workspace's verification settings starts with this key. */
export const verificationSettingsKey = ['email-verification-settings'] as const;

/** GET /api/workspace/email-verification: the provider (never its key) and the SMTP check. */
export function useVerificationSettings() {
  return useQuery({
    queryKey: verificationSettingsKey,
    queryFn: ({ signal }) =>
      apiRequest(apiPaths.emailVerificationSettings, { schema: verificationSettingsSchema, signal }),
  });
}

/** PUT /api/workspace/email-verification: saves them; the cache takes the answer. */
export function useSaveVerificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VerificationSettingsInput) =>
      apiRequest(apiPaths.emailVerificationSettings, {
        method: 'PUT',
        body: input,
        schema: verificationSettingsSchema,
      }),
    onSuccess: (saved) => queryClient.setQueryData(verificationSettingsKey, saved),
  });
}
