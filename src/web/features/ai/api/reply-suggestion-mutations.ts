import { useMutation } from '@tanstack/react-query';
import { apiPaths, withId } from '../../../../shared/paths';
import { replySuggestionSchema } from '../../../../shared/schemas/reply-suggestions';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/inbound-messages/:id/suggestion: a category and a draft answer for a reply. */
export function useReplySuggestion(inboundMessageId: string) {
  return useMutation({
    mutationFn: () =>
      apiRequest(withId(apiPaths.replySuggestion, inboundMessageId), {
        method: 'POST',
        schema: replySuggestionSchema,
      }),
  });
}
