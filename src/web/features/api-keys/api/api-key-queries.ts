import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPaths, withId } from '#shared/paths';
import { apiKeySchema, createdApiKeySchema, type CreateApiKeyInput } from '#shared/schemas/api-keys';
import { apiRequest } from '#web/lib/api-client';

/** Every cached API key query of the workspace starts with this key. */
export const apiKeysKey = ['api-keys'] as const;

/** GET /api/api-keys: the workspace's keys, newest first, revoked and expired ones included. */
export function useApiKeys() {
  return useQuery({
    queryKey: apiKeysKey,
    queryFn: ({ signal }) => apiRequest(apiPaths.apiKeys, { schema: z.array(apiKeySchema), signal }),
  });
}

/** POST /api/api-keys (Full Access): resolves with the new key and its secret, shown once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) =>
      apiRequest(apiPaths.apiKeys, { method: 'POST', body: input, schema: createdApiKeySchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

/** DELETE /api/api-keys/:id (Full Access): revokes the key; its next request is refused. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(withId(apiPaths.apiKey, id), { method: 'DELETE', schema: apiKeySchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
