import { useParams } from 'react-router';
import { CampaignActivityCard } from '#web/features/activity/components/campaign-activity-card';
import { useCampaignDetail } from '#web/features/campaigns/api/campaign-queries';
import { CampaignDetailPage } from '#web/features/campaigns/components/campaign-detail-page';
import { campaignPanels } from '../campaign-panels';
import { usePageTitle } from '../document-head';

/**
 * Route module (lazy chunk) of the campaign-detail screen, named after the campaign once it has loaded,
 * with the tabs of the prospects, competitor-gap and first-lines features and the campaign's own
 * activity log at the bottom.
 */
export function Component() {
  const { id = '' } = useParams();
  // The same query as the page's own: one request, read from the cache here.
  usePageTitle(useCampaignDetail(id).data?.name);
  return <CampaignDetailPage panels={campaignPanels} footer={<CampaignActivityCard campaignId={id} />} />;
}
