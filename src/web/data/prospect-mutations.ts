import { useMutation } from '@tanstack/react-query';
import { apiPaths, withId } from '#shared/paths';
import { enrollmentResultSchema } from '#shared/schemas/outreach';
import { prospectSchema, type UpdateProspectStatusInput } from '#shared/schemas/prospects';
import type { SetProspectCustomValuesInput } from '#shared/schemas/custom-fields';
import { apiRequest } from '../lib/api-client';
import { useRefreshCampaignData } from '../lib/use-refresh-campaign-data';

/** PATCH /api/prospects/:id: a row's or the timeline's Success / Failed. */
export function useUpdateProspectStatus() {
  const refresh = useRefreshCampaignData();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateProspectStatusInput & { id: string }) =>
      apiRequest(withId(apiPaths.prospect, id), { method: 'PATCH', body: input, schema: prospectSchema }),
    onSuccess: () => refresh(),
  });
}

/** POST /api/prospects/:id/enrollment: a prospect row's Send. */
export function useEnrollProspect() {
  const refresh = useRefreshCampaignData();
  return useMutation({
    mutationFn: (prospectId: string) =>
      apiRequest(withId(apiPaths.prospectEnrollment, prospectId), {
        method: 'POST',
        schema: enrollmentResultSchema,
      }),
    onSuccess: () => refresh(),
  });
}

/** DELETE /api/prospects/:id (the Contacts screen's delete). */
export function useDeleteProspect() {
  const refresh = useRefreshCampaignData();
  return useMutation({
    mutationFn: (id: string) => apiRequest(withId(apiPaths.prospect, id), { method: 'DELETE' }),
    onSuccess: (_data, id) => refresh(id),
  });
}

/** PUT /api/prospects/:id/custom-fields: the prospect drawer's custom field values (null clears one). */
export function useSetProspectCustomValues() {
  const refresh = useRefreshCampaignData();
  return useMutation({
    mutationFn: ({ id, values }: { id: string } & SetProspectCustomValuesInput) =>
      apiRequest(withId(apiPaths.prospectCustomFields, id), {
        method: 'PUT',
        body: { values },
        schema: prospectSchema,
      }),
    onSuccess: () => refresh(),
  });
}
