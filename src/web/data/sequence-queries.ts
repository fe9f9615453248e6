import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPaths, withId, withQuery } from '#shared/paths';
import { stepPreviewSchema } from '#shared/schemas/outreach';
import { pageSchema } from '#shared/schemas/pagination';
import { sequenceSchema, sequenceTemplateSchema, type SequenceInput } from '#shared/schemas/sequences';
import { apiRequest } from '../lib/api-client';

const sequencesKey = ['sequences'] as const;
const sequencePageSchema = pageSchema(sequenceSchema);

/** One page of the user's sequences, newest first (GET /api/sequences). */
export function useSequencePage(query: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...sequencesKey, query],
    queryFn: ({ signal }) =>
      apiRequest(withQuery(apiPaths.sequences, query), { schema: sequencePageSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The shipped sequence templates (GET /api/sequence-templates); loaded only while `enabled`. */
export function useSequenceTemplates(enabled: boolean) {
  return useQuery({
    queryKey: ['sequence-templates'],
    queryFn: ({ signal }) =>
      apiRequest(apiPaths.sequenceTemplates, { schema: z.array(sequenceTemplateSchema), signal }),
    enabled,
    staleTime: Infinity,
  });
}

/** Creates (POST /api/sequences) or, with an `id`, replaces (PUT /api/sequences/:id) a sequence. */
export function useSaveSequence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: SequenceInput }) =>
      id
        ? apiRequest(withId(apiPaths.sequence, id), { method: 'PUT', body: input, schema: sequenceSchema })
        : apiRequest(apiPaths.sequences, { method: 'POST', body: input, schema: sequenceSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sequencesKey }),
  });
}

/** DELETE /api/sequences/:id. */
export function useDeleteSequence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(withId(apiPaths.sequence, id), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sequencesKey }),
  });
}

/**
 * A step rendered for one of the user's prospects (POST /api/sequences/preview), refetched as the
 * step's text changes; loaded only when a prospect is chosen.
 */
export function useStepPreview(input: {
  prospectId: string | null;
  subject: string;
  content: string;
  stepNumber?: number;
}) {
  const { prospectId, subject, content, stepNumber = 1 } = input;
  return useQuery({
    queryKey: ['step-preview', prospectId, stepNumber, subject, content],
    queryFn: ({ signal }) =>
      apiRequest(apiPaths.stepPreview, {
        method: 'POST',
        body: { prospectId: prospectId!, subject, content, stepNumber },
        schema: stepPreviewSchema,
        signal,
      }),
    enabled: prospectId !== null,
    placeholderData: keepPreviousData,
  });
}
