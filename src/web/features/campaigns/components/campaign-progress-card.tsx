import { campaignProgressExplained } from '#shared/campaign-progress';
import type { CampaignProgress } from '#shared/schemas/campaigns';
import type { DiscoveryRun } from '#shared/schemas/discovery';
import { isRunActive } from '../api/campaign-queries';
import { StatCard } from './stat-card';

function Bar({ label, percent }: { label: string; percent: number }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuenow={percent}
      aria-valuemin={0}
      aria-valuemax={100}
      className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
    >
      <div className="h-full rounded-full bg-indigo-500" style={{ width: `${percent}%` }} />
    </div>
  );
}

/**
 * The Campaign Progress stat card, in one of three states: a prospect search under way shows its
 * progress ('Finding prospects: 45%'); before anyone is enrolled, 'Not started'; then the share of
 * enrolled prospects whose sequence has ended ('57% Complete', from the server's campaignProgress).
 * A help icon beside the label explains the formula on hover and focus.
 */
export function CampaignProgressCard({
  progress,
  run,
  className,
}: {
  progress: CampaignProgress;
  run: DiscoveryRun | null | undefined;
  className?: string;
}) {
  const label = 'Campaign Progress';
  const help = campaignProgressExplained;
  if (run && isRunActive(run)) {
    return (
      <StatCard
        className={className}
        label={label}
        help={help}
        value={<span className="text-lg">Finding prospects: {run.progressPercentage}%</span>}
      >
        <Bar label="Finding prospects" percent={run.progressPercentage} />
      </StatCard>
    );
  }
  if (progress.enrolled === 0) {
    return (
      <StatCard className={className} label={label} help={help} value="Not started">
        No prospect enrolled yet: Send Emails starts the sequence.
      </StatCard>
    );
  }
  return (
    <StatCard className={className} label={label} help={help} value={`${progress.percent}% Complete`}>
      <Bar label="Campaign progress" percent={progress.percent} />
      <p className="mt-1.5 tabular-nums">
        {progress.ended} of {progress.enrolled} {progress.enrolled === 1 ? 'sequence' : 'sequences'} ended
      </p>
    </StatCard>
  );
}
