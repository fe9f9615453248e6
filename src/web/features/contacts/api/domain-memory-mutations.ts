import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '#shared/paths';
import { domainMemorySchema, type SetDoNotContactInput } from '#shared/schemas/prospects';
import { apiRequest } from '#web/lib/api-client';
import { contactsKey } from '#web/lib/query-keys';

/** PUT /api/domain-memory: sets or clears a domain's do-not-contact flag; the contacts list refetches. */
export function useSetDoNotContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetDoNotContactInput) =>
      apiRequest(apiPaths.domainMemory, { method: 'PUT', body: input, schema: domainMemorySchema }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: contactsKey }),
  });
}
