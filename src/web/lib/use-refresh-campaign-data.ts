import { useQueryClient } from '@tanstack/react-query';
import { campaignsKey, contactsKey } from './query-keys';

/**
 * After a change to campaigns, prospects or their outreach: marks every campaign and contact query
 * stale, and the active ones refetch in the background. Not awaited, so the caller's own callbacks
 * run at once even if the refetch remounts its component. Queries naming a deleted campaign or
 * prospect (`gone`, its id) are dropped instead: refetching them would only answer 404.
 */
export function useRefreshCampaignData() {
  const queryClient = useQueryClient();
  return (gone?: string) => {
    if (gone) queryClient.removeQueries({ predicate: (q) => q.queryKey.includes(gone) });
    void queryClient.invalidateQueries({ queryKey: campaignsKey });
    void queryClient.invalidateQueries({ queryKey: contactsKey });
  };
}
