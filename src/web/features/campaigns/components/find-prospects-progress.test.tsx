// @vitest-environment jsdom
import '#web/test/setup-dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DiscoveryRun } from '#shared/schemas/discovery';
import { FindProspectsProgress } from './find-prospects-progress';

const run = (over: Partial<DiscoveryRun>): DiscoveryRun => ({
  id: '00000000-0000-4000-8000-000000000001',
  status: 'running',
  progressPercentage: 40,
  prospectsFound: 3,
  pagesCrawled: 1,
  error: null,
  startedAt: '2026-01-01T00:00:00.000Z',
  finishedAt: null,
  ...over,
});

describe('FindProspectsProgress', () => {
  it('shows a running search’s progress and counts, and cancels it', async () => {
    const onCancel = vi.fn();
    render(<FindProspectsProgress run={run({})} onCancel={onCancel} cancelling={false} />);
    expect(screen.getByRole('progressbar', { name: 'Prospect search' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(screen.getByText('40% complete')).toBeInTheDocument();
    expect(screen.getByText('3 prospects found')).toBeInTheDocument();
    expect(screen.getByText('1 page crawled')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('says a queued search is waiting', () => {
    render(
      <FindProspectsProgress
        run={run({ status: 'queued', progressPercentage: 0 })}
        onCancel={() => {}}
        cancelling={false}
      />,
    );
    expect(screen.getByText('Waiting to start finding prospects…')).toBeInTheDocument();
  });

  it('shows a failed search’s reason under the failure message', () => {
    render(
      <FindProspectsProgress
        run={run({ status: 'failed', error: 'Failed to find prospects: Could not read http://a.test/' })}
        onCancel={() => {}}
        cancelling={false}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to find prospects');
    expect(screen.getByText('Could not read http://a.test/')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows nothing for a finished, a cancelled or no search', () => {
    for (const value of [run({ status: 'completed' }), run({ status: 'cancelled' }), null]) {
      const { container, unmount } = render(
        <FindProspectsProgress run={value} onCancel={() => {}} cancelling={false} />,
      );
      expect(container).toBeEmptyDOMElement();
      unmount();
    }
  });
});
