import { BacklinkImportPanel } from '#web/features/backlink-imports/components/backlink-import-panel';
import type { CampaignFeaturePanels } from '#web/features/campaigns/components/campaign-detail-page';
import { CompetitorGapPanel } from '#web/features/competitor-gap/components/competitor-gap-panel';
import { ProviderRunsCard } from '#web/features/data-providers/components/provider-runs-card';
import { FirstLinesPanel } from '#web/features/first-lines/components/first-lines-panel';
import { ProspectsTable } from '#web/features/prospects/components/prospects-table';

/**
 * The campaign page's tabs that other features own, composed here so that the campaigns feature
 * imports none of them (the Import backlinks tab included, with the live data providers' runs above the upload; docs/decisions/030-web-layers-and-aliases.md). The competitor gap is keyed by
 * the competitors, so it starts fresh when they change.
 */
export const campaignPanels: CampaignFeaturePanels = {
  prospects: (campaign) => <ProspectsTable campaignId={campaign.id} />,
  'competitor-gap': (campaign) => (
    <CompetitorGapPanel key={campaign.competitors.join()} campaignId={campaign.id} />
  ),
  import: (campaign) => (
    <>
      <ProviderRunsCard campaign={campaign} />
      <BacklinkImportPanel campaignId={campaign.id} />
    </>
  ),
  'first-lines': (campaign) => <FirstLinesPanel campaignId={campaign.id} />,
};
