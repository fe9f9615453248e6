import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '#shared/paths';
import { aiStatusSchema } from '#shared/schemas/ai';
import { apiRequest } from '../lib/api-client';

export const aiStatusKey = ['ai-status'] as const;

/** GET /api/ai/status: whether AI writing is configured, and the calls left today. */
export function useAiStatus() {
  return useQuery({
    queryKey: aiStatusKey,
    queryFn: ({ signal }) => apiRequest(apiPaths.aiStatus, { schema: aiStatusSchema, signal }),
  });
}
