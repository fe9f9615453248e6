import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, withId } from '#shared/paths';
import { okSchema } from '#shared/schemas/api';
import {
  dataProviderListSchema,
  dataProviderViewSchema,
  metricsRefreshResultSchema,
  providerBacklinksResultSchema,
  providerEstimateSchema,
  providerRequestSchema,
  providerTestResultSchema,
  type DataProviderCredentials,
  type DataProviderId,
  type ProviderBacklinksInput,
  type ProviderRequestInput,
} from '#shared/schemas/data-providers';
import { apiRequest } from '#web/lib/api-client';
import { campaignsKey } from '#web/lib/query-keys';

/** The workspace's data providers (docs/decisions/046-live-seo-data-providers.md). */
const providersKey = ['data-providers'] as const;

/** GET /api/workspace/data-providers: the four providers, connected or not (never a key). */
export function useDataProviders() {
  return useQuery({
    queryKey: providersKey,
    queryFn: ({ signal }) => apiRequest(apiPaths.dataProviders, { schema: dataProviderListSchema, signal }),
  });
}

/** PUT /api/workspace/data-providers/:provider: connects it with the credentials given. */
export function useConnectDataProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: DataProviderCredentials) =>
      apiRequest(withId(apiPaths.dataProvider, credentials.provider), {
        method: 'PUT',
        body: credentials,
        schema: dataProviderViewSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providersKey }),
  });
}

/** POST …/:provider/test: checks the saved credentials with the provider, result in words. */
export function useTestDataProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (provider: DataProviderId) =>
      apiRequest(withId(apiPaths.dataProviderTest, provider), {
        method: 'POST',
        schema: providerTestResultSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providersKey }),
  });
}

/** DELETE …/:provider: removes its credentials. */
export function useRemoveDataProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (provider: DataProviderId) =>
      apiRequest(withId(apiPaths.dataProvider, provider), { method: 'DELETE', schema: okSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providersKey }),
  });
}

/**
 * POST …/data-providers/estimate: what a run will cost before it starts (read only, so kept as a
 * query of its request); off while the request is not valid yet (a competitor half typed).
 */
export function useProviderEstimate(campaignId: string, request: ProviderRequestInput | null) {
  const valid = request !== null && providerRequestSchema.safeParse(request).success;
  return useQuery({
    // Under the campaign's prospects key: the prospects.changed live event (an import adding prospects) refreshes it.
    queryKey: [...campaignsKey, 'prospects', campaignId, 'provider-estimate', request] as const,
    queryFn: ({ signal }) =>
      apiRequest(withId(apiPaths.providerEstimate, campaignId), {
        method: 'POST',
        body: request,
        schema: providerEstimateSchema,
        signal,
      }),
    enabled: valid,
    retry: false,
  });
}

/** POST …/data-providers/metrics: refreshes the prospects' metrics; the campaign's lists follow. */
export function useRefreshMetrics(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (provider: DataProviderId) =>
      apiRequest(withId(apiPaths.providerMetricsRefresh, campaignId), {
        method: 'POST',
        body: { provider },
        schema: metricsRefreshResultSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsKey }),
  });
}

/** POST …/data-providers/backlinks: starts an import of a competitor's backlinks; the Import tab lists it. */
export function useFetchProviderBacklinks(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProviderBacklinksInput) =>
      apiRequest(withId(apiPaths.providerBacklinks, campaignId), {
        method: 'POST',
        body: input,
        schema: providerBacklinksResultSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsKey }),
  });
}
