import { CampaignDetailPage } from '../../features/campaigns/components/campaign-detail-page';

/** Route module (lazy chunk) of the campaign-detail screen. */
export function Component() {
  return <CampaignDetailPage />;
}
