import {
  campaignFigures as figures,
  formatPercent,
  responseRate,
  successRate,
  targetReached,
} from '#shared/rates';
import type { CampaignDetail } from '#shared/schemas/campaigns';
import type { DiscoveryRun } from '#shared/schemas/discovery';
import { CampaignProgressCard } from './campaign-progress-card';
import { StatCard } from './stat-card';

/**
 * The detail page's stat cards (docs/product.md#campaign-detail): Prospects (found beside the target,
 * with Pending / Contacted / Responded), Emails (sent, opened, clicked), Response Rate, Target Reached
 * (success / target, with the list's Success Rate, success / found, under it) and Campaign Progress
 * (see CampaignProgressCard; `run` is the campaign's latest find-prospects run). Each names one
 * quantity (campaignFigures) and defines it in a tooltip.
 */
export function CampaignStats({
  campaign,
  run,
}: {
  campaign: CampaignDetail;
  run: DiscoveryRun | null | undefined;
}) {
  const counts = campaign.prospectCounts;
  const secondary = 'text-base font-medium text-slate-600 dark:text-slate-400';
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-5">
      <StatCard
        label={figures.prospects.label}
        help={figures.prospects.explained}
        value={
          <>
            {campaign.prospectsFound}{' '}
            <span className={secondary}>found · target {campaign.targetProspects}</span>
          </>
        }
      >
        Pending {counts.pending} · Contacted {counts.sent} · Responded {counts.responded}
      </StatCard>
      <StatCard label="Emails" value={campaign.emailsSent}>
        Sent {campaign.emailsSent} · Opened {campaign.emailsOpened} · Clicked {campaign.emailsClicked}
      </StatCard>
      <StatCard
        label={figures.responseRate.label}
        help={figures.responseRate.explained}
        value={formatPercent(responseRate(campaign))}
      >
        {campaign.responses} replied · {campaign.emailsSent} sent
      </StatCard>
      <StatCard
        label={figures.targetReached.label}
        help={`${figures.targetReached.explained} ${figures.successRate.label}, under it and on the campaign list: ${figures.successRate.explained}`}
        value={formatPercent(targetReached(campaign))}
      >
        {campaign.successCount} {campaign.successCount === 1 ? 'success' : 'successes'} · target{' '}
        {campaign.targetProspects}
        <br />
        {figures.successRate.label} {formatPercent(successRate(campaign))} of {campaign.prospectsFound} found
      </StatCard>
      {/* Alone on the last row of two columns: it takes the whole row. */}
      <CampaignProgressCard
        className="col-span-2 xl:col-span-1"
        progress={campaign.campaignProgress}
        run={run}
      />
    </div>
  );
}
