// @vitest-environment jsdom
import '#web/test/setup-dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { campaignProgressExplained } from '#shared/campaign-progress';
import type { CampaignProgress } from '#shared/schemas/campaigns';
import type { DiscoveryRun } from '#shared/schemas/discovery';
import { TooltipProvider } from '#web/components/ui/tooltip';
import { CampaignProgressCard } from './campaign-progress-card';

const run = (over: Partial<DiscoveryRun>): DiscoveryRun => ({
  id: '00000000-0000-4000-8000-000000000001',
  status: 'running',
  progressPercentage: 45,
  prospectsFound: 3,
  pagesCrawled: 2,
  error: null,
  startedAt: '2026-01-01T00:00:00.000Z',
  finishedAt: null,
  ...over,
});
const none: CampaignProgress = { enrolled: 0, ended: 0, percent: 0 };

function renderCard(progress: CampaignProgress, discovery: DiscoveryRun | null) {
  return render(
    <TooltipProvider>
      <CampaignProgressCard progress={progress} run={discovery} />
    </TooltipProvider>,
  );
}

describe('CampaignProgressCard', () => {
  it('says "Not started" before anyone is enrolled, even after a finished prospect search', () => {
    renderCard(none, run({ status: 'completed', progressPercentage: 100 }));
    expect(screen.getByText('Not started')).toBeInTheDocument();
    expect(screen.queryByText(/Complete/)).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows a prospect search under way with its own label, before and during outreach', () => {
    for (const progress of [none, { enrolled: 4, ended: 1, percent: 25 }]) {
      const { unmount } = renderCard(progress, run({}));
      expect(screen.getByText('Finding prospects: 45%')).toBeInTheDocument();
      expect(screen.getByRole('progressbar', { name: 'Finding prospects' })).toHaveAttribute(
        'aria-valuenow',
        '45',
      );
      expect(screen.queryByText(/Complete/)).not.toBeInTheDocument();
      unmount();
    }
    renderCard(none, run({ status: 'queued', progressPercentage: 0 }));
    expect(screen.getByText('Finding prospects: 0%')).toBeInTheDocument();
  });

  it('shows the share of enrolled prospects whose sequence has ended once outreach is under way', () => {
    renderCard({ enrolled: 7, ended: 4, percent: 57 }, run({ status: 'completed', progressPercentage: 100 }));
    expect(screen.getByText('57% Complete')).toBeInTheDocument();
    expect(screen.getByText('4 of 7 sequences ended')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Campaign progress' })).toHaveAttribute(
      'aria-valuenow',
      '57',
    );
  });

  it('explains its formula in a tooltip on hover', async () => {
    renderCard({ enrolled: 1, ended: 0, percent: 0 }, null);
    expect(screen.getByText('0% Complete')).toBeInTheDocument();
    expect(screen.getByText('0 of 1 sequence ended')).toBeInTheDocument();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await userEvent.hover(screen.getByRole('button', { name: 'How Campaign Progress is counted' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(campaignProgressExplained);
  });

  it('explains its formula on keyboard focus too', async () => {
    renderCard(none, null);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'How Campaign Progress is counted' })).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(campaignProgressExplained);
  });
});
