import { useMutation } from '@tanstack/react-query';
import { apiPaths, withId } from '#shared/paths';
import {
  campaignSchema,
  findProspectsResultSchema,
  type CampaignCollaboratorsInput,
  type CreateCampaignInput,
  type UpdateCampaignInput,
} from '#shared/schemas/campaigns';
import { discoveryRunSchema } from '#shared/schemas/discovery';
import { apiRequest } from '#web/lib/api-client';
import { importManualCampaign } from './manual-campaign-import';
import { useRefreshCampaignData } from '#web/lib/use-refresh-campaign-data';

/** POST /api/campaigns. */
export function useCreateCampaign() {
  const refresh = useRefreshCampaignData();
  return useMutation({
    mutationFn: (input: CreateCampaignInput) =>
      apiRequest(apiPaths.campaigns, { method: 'POST', body: input, schema: campaignSchema }),
    onSuccess: () => refresh(),
  });
}

/** A manual campaign and its CSV prospects in batches (see importManualCampaign). */
export function useImportManualCampaign() {
  const refresh = useRefreshCampaignData();
  return useMutation({
    mutationFn: (args: Parameters<typeof importManualCampaign>) => importManualCampaign(...args),
    onSettled: () => refresh(),
  });
}

/** POST /api/campaigns/:id/find-prospects: queues a run; its discovery events then refresh the run query. */
export function useFindProspects() {
  const refresh = useRefreshCampaignData();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(withId(apiPaths.findProspects, id), { method: 'POST', schema: findProspectsResultSchema }),
    onSettled: () => refresh(),
  });
}

/** DELETE /api/campaigns/:id/find-prospects: cancels the run under way, keeping what it found. */
export function useCancelFindProspects() {
  const refresh = useRefreshCampaignData();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(withId(apiPaths.findProspects, id), { method: 'DELETE', schema: discoveryRunSchema }),
    onSettled: () => refresh(),
  });
}

/** PATCH /api/campaigns/:id (competitors, status). */
export function useUpdateCampaign(id: string) {
  const refresh = useRefreshCampaignData();
  return useMutation({
    mutationFn: (input: UpdateCampaignInput) =>
      apiRequest(withId(apiPaths.campaign, id), { method: 'PATCH', body: input, schema: campaignSchema }),
    onSuccess: () => refresh(),
  });
}

/** PUT /api/campaigns/:id/collaborators: replaces the campaign's collaborators. */
export function useSetCampaignCollaborators(id: string) {
  const refresh = useRefreshCampaignData();
  return useMutation({
    mutationFn: (input: CampaignCollaboratorsInput) =>
      apiRequest(withId(apiPaths.campaignCollaborators, id), {
        method: 'PUT',
        body: input,
        schema: campaignSchema,
      }),
    onSuccess: () => refresh(),
  });
}

/** DELETE /api/campaigns/:id. */
export function useDeleteCampaign() {
  const refresh = useRefreshCampaignData();
  return useMutation({
    mutationFn: (id: string) => apiRequest(withId(apiPaths.campaign, id), { method: 'DELETE' }),
    onSuccess: (_data, id) => refresh(id),
  });
}
