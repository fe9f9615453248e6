import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPaths, withId, withQuery } from '#shared/paths';
import { campaignDetailSchema, campaignPageSchema, type CampaignListQuery } from '#shared/schemas/campaigns';
import { discoveryRunSchema, type DiscoveryRun } from '#shared/schemas/discovery';
import { emailAccountSummarySchema } from '#shared/schemas/email-accounts';
import { apiRequest } from '#web/lib/api-client';
import { campaignListPath } from './campaign-list-query';
import { campaignsKey } from '#web/lib/query-keys';

/** Query options of one page of the campaign list (GET /api/campaigns). */
export function campaignPageQuery(query: CampaignListQuery) {
  return queryOptions({
    queryKey: [...campaignsKey, 'list', query],
    queryFn: ({ signal }) => apiRequest(campaignListPath(query), { schema: campaignPageSchema, signal }),
  });
}

/** One page of the campaign list (GET /api/campaigns); the previous page stays shown while the next loads. */
export function useCampaignPage(query: CampaignListQuery) {
  return useQuery({ ...campaignPageQuery(query), placeholderData: keepPreviousData });
}

/** One campaign with its prospect counts (GET /api/campaigns/:id). */
export function useCampaignDetail(id: string) {
  return useQuery({
    queryKey: [...campaignsKey, 'detail', id],
    queryFn: ({ signal }) =>
      apiRequest(withId(apiPaths.campaign, id), { schema: campaignDetailSchema, signal }),
  });
}

/** A run still under way (queued or running). */
export function isRunActive(run: DiscoveryRun | null | undefined): boolean {
  return run?.status === 'queued' || run?.status === 'running';
}

/**
 * How often a run still under way on screen is read again even without an event (ms): the run's
 * events are what refresh it, and this only bounds how long a missed one can leave the page
 * showing a finished run as running (docs/decisions/019-live-updates.md).
 */
export const ACTIVE_RUN_RECHECK_MS = 15_000;

/**
 * The campaign's latest find-prospects run (GET /api/campaigns/:id/find-prospects; null when it never
 * ran); the run's discovery.progress and discovery.finished events refresh it, and while it is
 * under way it is also read every ACTIVE_RUN_RECHECK_MS.
 */
export function useFindProspectsRun(id: string) {
  return useQuery({
    queryKey: [...campaignsKey, 'find-prospects', id],
    queryFn: ({ signal }) =>
      apiRequest(withId(apiPaths.findProspects, id), { schema: discoveryRunSchema.nullable(), signal }),
    refetchInterval: (query) => (isRunActive(query.state.data) ? ACTIVE_RUN_RECHECK_MS : false),
  });
}

/** The user's connected mailboxes, for the AI campaign form (docs/product.md#api). */
export function useConnectedEmailAccounts() {
  return useQuery({
    queryKey: ['email-accounts', 'connected'],
    queryFn: ({ signal }) =>
      apiRequest(withQuery(apiPaths.emailAccounts, { status: 'connected' }), {
        schema: z.array(emailAccountSummarySchema),
        signal,
      }),
  });
}
