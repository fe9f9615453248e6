import { detailSuccessRate, formatPercent, responseRate } from '../../../../shared/rates';
import type { CampaignDetail } from '../../../../shared/schemas/campaigns';
import type { DiscoveryRun } from '../../../../shared/schemas/discovery';
import { CampaignProgressCard } from './campaign-progress-card';
import { StatCard } from './stat-card';

/**
 * The detail page's stat cards (docs/product.md#campaign-detail): Prospects (target with Pending / Contacted / Responded),
 * Emails (sent, opened, clicked), Response Rate, Success Rate (success / target) and Campaign
 * Progress (see CampaignProgressCard; `run` is the campaign's latest find-prospects run).
 */
export function CampaignStats({
  campaign,
  run,
}: {
  campaign: CampaignDetail;
  run: DiscoveryRun | null | undefined;
}) {
  const counts = campaign.prospectCounts;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-5">
      <StatCard label="Prospects" value={campaign.targetProspects}>
        Pending {counts.pending} · Contacted {counts.sent} · Responded {counts.responded}
      </StatCard>
      <StatCard label="Emails" value={campaign.emailsSent}>
        Sent {campaign.emailsSent} · Opened {campaign.emailsOpened} · Clicked {campaign.emailsClicked}
      </StatCard>
      <StatCard label="Response Rate" value={formatPercent(responseRate(campaign))} />
      <StatCard label="Success Rate" value={formatPercent(detailSuccessRate(campaign))} />
      {/* Alone on the last row of two columns: it takes the whole row. */}
      <CampaignProgressCard
        className="col-span-2 xl:col-span-1"
        progress={campaign.campaignProgress}
        run={run}
      />
    </div>
  );
}
