import type { ReactNode } from 'react';
import { detailSuccessRate, formatPercent, responseRate } from '../../../../shared/rates';
import type { CampaignDetail } from '../../../../shared/schemas/campaigns';
import { Card } from '../../../components/ui/card';

function StatCard({ label, value, children }: { label: string; value: ReactNode; children?: ReactNode }) {
  return (
    <Card className="p-5">
      <p className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums">{value}</p>
      {children && <div className="mt-2 text-xs text-slate-600 dark:text-slate-400">{children}</div>}
    </Card>
  );
}

/**
 * The detail page's stat cards (spec §2): Prospects (target with Pending / Contacted / Responded),
 * Emails (sent, opened, clicked), Response Rate, Success Rate (success / target) and Campaign Progress.
 */
export function CampaignStats({ campaign }: { campaign: CampaignDetail }) {
  const counts = campaign.prospectCounts;
  const progress = Math.min(100, Math.max(0, campaign.progressPercentage));
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-5">
      <StatCard label="Prospects" value={campaign.targetProspects}>
        Pending {counts.pending} · Contacted {counts.sent} · Responded {counts.responded}
      </StatCard>
      <StatCard label="Emails" value={campaign.emailsSent}>
        Sent {campaign.emailsSent} · Opened {campaign.emailsOpened} · Clicked {campaign.emailsClicked}
      </StatCard>
      <StatCard label="Response Rate" value={formatPercent(responseRate(campaign))} />
      <StatCard label="Success Rate" value={formatPercent(detailSuccessRate(campaign))} />
      <StatCard label="Campaign Progress" value={`${progress}% Complete`}>
        <div
          role="progressbar"
          aria-label="Campaign progress"
          aria-valuenow={progress}
          aria-valuemin={0}
          aria-valuemax={100}
          className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
        >
          <div className="h-full rounded-full bg-indigo-500" style={{ width: `${progress}%` }} />
        </div>
      </StatCard>
    </div>
  );
}
