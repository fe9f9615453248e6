import { useMutation, useQuery } from '@tanstack/react-query';
import { apiPaths, withId } from '#shared/paths';
import {
  campaignOutreachSchema,
  enrollmentPreviewSchema,
  enrollmentResultSchema,
  type CampaignOutreachInput,
} from '#shared/schemas/outreach';
import { variantStatsSchema } from '#shared/schemas/variant-stats';
import { apiRequest } from '#web/lib/api-client';
import { campaignsKey } from '#web/lib/query-keys';
import { useRefreshCampaignData } from '#web/lib/use-refresh-campaign-data';

/**
 * A campaign's mailboxes, sequence, tracking and outreach progress (GET /api/campaigns/:id/outreach);
 * the engine's outreach.changed events refresh it.
 */
export function useCampaignOutreach(id: string) {
  return useQuery({
    queryKey: [...campaignsKey, 'outreach', id],
    queryFn: ({ signal }) =>
      apiRequest(withId(apiPaths.campaignOutreach, id), { schema: campaignOutreachSchema, signal }),
  });
}

/** How many prospects Send Emails would enroll, loaded while the confirmation is open. */
export function useEnrollmentPreview(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...campaignsKey, 'enrollment', id],
    queryFn: ({ signal }) =>
      apiRequest(withId(apiPaths.campaignEnrollment, id), { schema: enrollmentPreviewSchema, signal }),
    enabled,
    staleTime: 0,
  });
}

/** PUT /api/campaigns/:id/outreach. */
export function useSaveCampaignOutreach(id: string) {
  const refresh = useRefreshCampaignData();
  return useMutation({
    mutationFn: (input: CampaignOutreachInput) =>
      apiRequest(withId(apiPaths.campaignOutreach, id), {
        method: 'PUT',
        body: input,
        schema: campaignOutreachSchema,
      }),
    onSuccess: () => refresh(),
  });
}

/** POST /api/campaigns/:id/enrollment: Send Emails. */
export function useEnrollCampaign(id: string) {
  const refresh = useRefreshCampaignData();
  return useMutation({
    /** `includeRisky`: enroll the prospects whose address is risky (catch-all) too (decision 047). */
    mutationFn: (includeRisky: boolean = false) =>
      apiRequest(withId(apiPaths.campaignEnrollment, id), {
        method: 'POST',
        body: { includeRisky },
        schema: enrollmentResultSchema,
      }),
    onSuccess: () => refresh(),
  });
}

/**
 * The campaign's statistics per step and variant with their intervals and the reply comparison
 * (GET /api/campaigns/:id/outreach/variants, decision 043).
 */
export function useVariantStats(id: string) {
  return useQuery({
    queryKey: [...campaignsKey, 'variant-stats', id],
    queryFn: ({ signal }) =>
      apiRequest(withId(apiPaths.campaignVariantStats, id), { schema: variantStatsSchema, signal }),
  });
}
