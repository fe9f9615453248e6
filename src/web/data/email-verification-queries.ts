import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, withId } from '#shared/paths';
import { okSchema } from '#shared/schemas/api';
import {
  addressCandidatesSchema,
  emailVerificationSchema,
  latestVerificationRunSchema,
  verificationRunSchema,
  type UseCandidateInput,
} from '#shared/schemas/email-verification';
import { apiRequest } from '../lib/api-client';
import { campaignsKey, contactsKey } from '../lib/query-keys';

/** Refreshes every list that shows a prospect's address (prospects, contacts, the timeline). */
function useRefreshProspects() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: campaignsKey }),
      queryClient.invalidateQueries({ queryKey: contactsKey }),
    ]);
}

/** POST /api/prospects/:id/address-verification: verifies the prospect's address now. */
export function useVerifyProspectAddress() {
  const refresh = useRefreshProspects();
  return useMutation({
    mutationFn: (prospectId: string) =>
      apiRequest(withId(apiPaths.prospectAddressVerification, prospectId), {
        method: 'POST',
        schema: emailVerificationSchema,
      }),
    onSuccess: refresh,
  });
}

/**
 * The campaign's latest Verify addresses run (GET /api/campaigns/:id/address-verification); polled
 * every 2 s while it runs (live events refresh it too).
 */
export function useAddressVerificationRun(campaignId: string) {
  return useQuery({
    queryKey: [...campaignsKey, 'address-verification', campaignId],
    queryFn: ({ signal }) =>
      apiRequest(withId(apiPaths.campaignAddressVerification, campaignId), {
        schema: latestVerificationRunSchema,
        signal,
      }),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? 2_000 : false),
  });
}

/** POST /api/campaigns/:id/address-verification: starts verifying the campaign's addresses. */
export function useStartAddressVerification(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(withId(apiPaths.campaignAddressVerification, campaignId), {
        method: 'POST',
        schema: verificationRunSchema,
      }),
    onSuccess: (run) => queryClient.setQueryData([...campaignsKey, 'address-verification', campaignId], run),
  });
}

/** POST /api/prospects/:id/address-candidates: a person's candidate addresses, verified, best first. */
export function useFindAddressCandidates() {
  return useMutation({
    mutationFn: (prospectId: string) =>
      apiRequest(withId(apiPaths.prospectAddressCandidates, prospectId), {
        method: 'POST',
        schema: addressCandidatesSchema,
      }),
  });
}

/** POST /api/prospects/:id/contact-address: uses a candidate as the prospect's address. */
export function useUseCandidateAddress(prospectId: string) {
  const refresh = useRefreshProspects();
  return useMutation({
    mutationFn: (input: UseCandidateInput) =>
      apiRequest(withId(apiPaths.prospectContactAddress, prospectId), {
        method: 'POST',
        body: input,
        schema: okSchema,
      }),
    onSuccess: refresh,
  });
}
