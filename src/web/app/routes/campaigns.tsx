import { firstCampaignListQuery } from '#web/features/campaigns/api/campaign-list-query';
import { campaignPageQuery } from '#web/features/campaigns/api/campaign-queries';
import { CampaignsPage } from '#web/features/campaigns/components/campaigns-page';
import type { RoutePrefetch } from '../route-prefetch';

/** The list's first page, started before the first render so that render shows the campaigns. */
export const prefetch: RoutePrefetch = (client) =>
  client.prefetchQuery(campaignPageQuery(firstCampaignListQuery));

/** Route module (lazy chunk) of the campaigns screen. */
export function Component() {
  return <CampaignsPage />;
}
