import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, withId } from '../../../../shared/paths';
import {
  campaignSchema,
  findProspectsResultSchema,
  type CreateCampaignInput,
  type UpdateCampaignInput,
} from '../../../../shared/schemas/campaigns';
import { discoveryRunSchema } from '../../../../shared/schemas/discovery';
import { prospectSchema, type UpdateProspectStatusInput } from '../../../../shared/schemas/prospects';
import { apiRequest } from '../../../lib/api-client';
import { importManualCampaign } from './manual-campaign-import';
import { campaignsKey, contactsKey } from '../../../lib/query-keys';

/**
 * Marks every campaign and contact query stale after a change; active ones refetch in the background.
 * Not awaited, so the caller's own callbacks run at once even if the refetch remounts its component.
 * Queries of a deleted campaign (`gone`) are dropped instead: refetching them would only answer 404.
 */
function useRefreshCampaigns() {
  const queryClient = useQueryClient();
  return (gone?: string) => {
    if (gone) queryClient.removeQueries({ predicate: (q) => q.queryKey.includes(gone) });
    void queryClient.invalidateQueries({ queryKey: campaignsKey });
    void queryClient.invalidateQueries({ queryKey: contactsKey });
  };
}

/** POST /api/campaigns. */
export function useCreateCampaign() {
  const refresh = useRefreshCampaigns();
  return useMutation({
    mutationFn: (input: CreateCampaignInput) =>
      apiRequest(apiPaths.campaigns, { method: 'POST', body: input, schema: campaignSchema }),
    onSuccess: () => refresh(),
  });
}

/** A manual campaign and its CSV prospects in batches (see importManualCampaign). */
export function useImportManualCampaign() {
  const refresh = useRefreshCampaigns();
  return useMutation({
    mutationFn: (args: Parameters<typeof importManualCampaign>) => importManualCampaign(...args),
    onSettled: () => refresh(),
  });
}

/** POST /api/campaigns/:id/find-prospects: queues a run; its discovery events then refresh the run query. */
export function useFindProspects() {
  const refresh = useRefreshCampaigns();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(withId(apiPaths.findProspects, id), { method: 'POST', schema: findProspectsResultSchema }),
    onSettled: () => refresh(),
  });
}

/** DELETE /api/campaigns/:id/find-prospects: cancels the run under way, keeping what it found. */
export function useCancelFindProspects() {
  const refresh = useRefreshCampaigns();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(withId(apiPaths.findProspects, id), { method: 'DELETE', schema: discoveryRunSchema }),
    onSettled: () => refresh(),
  });
}

/** PATCH /api/campaigns/:id (competitors, status). */
export function useUpdateCampaign(id: string) {
  const refresh = useRefreshCampaigns();
  return useMutation({
    mutationFn: (input: UpdateCampaignInput) =>
      apiRequest(withId(apiPaths.campaign, id), { method: 'PATCH', body: input, schema: campaignSchema }),
    onSuccess: () => refresh(),
  });
}

/** DELETE /api/campaigns/:id. */
export function useDeleteCampaign() {
  const refresh = useRefreshCampaigns();
  return useMutation({
    mutationFn: (id: string) => apiRequest(withId(apiPaths.campaign, id), { method: 'DELETE' }),
    onSuccess: (_data, id) => refresh(id),
  });
}

/** PATCH /api/prospects/:id: the detail page's Send / Success / Failed. */
export function useUpdateProspectStatus() {
  const refresh = useRefreshCampaigns();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateProspectStatusInput & { id: string }) =>
      apiRequest(withId(apiPaths.prospect, id), { method: 'PATCH', body: input, schema: prospectSchema }),
    onSuccess: () => refresh(),
  });
}

/** DELETE /api/prospects/:id (the Contacts screen's delete). */
export function useDeleteProspect() {
  const refresh = useRefreshCampaigns();
  return useMutation({
    mutationFn: (id: string) => apiRequest(withId(apiPaths.prospect, id), { method: 'DELETE' }),
    onSuccess: () => refresh(),
  });
}
