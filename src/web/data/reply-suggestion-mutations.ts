import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, withId } from '#shared/paths';
import { replySuggestionSchema } from '#shared/schemas/reply-suggestions';
import { apiRequest } from '../lib/api-client';
import { aiStatusKey } from './ai-queries';

/**
 * POST /api/inbound-messages/:id/suggestion: a category and a draft answer for a reply. Every call,
 * answered or not, may have taken one of the day's AI requests, so the quota is read again after it.
 */
export function useReplySuggestion(inboundMessageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(withId(apiPaths.replySuggestion, inboundMessageId), {
        method: 'POST',
        schema: replySuggestionSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: aiStatusKey }),
  });
}
