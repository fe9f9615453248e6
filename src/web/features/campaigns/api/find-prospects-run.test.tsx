// @vitest-environment jsdom
import '#web/test/setup-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPaths, withId } from '#shared/paths';
import type { DiscoveryRun } from '#shared/schemas/discovery';
import { json, mockApi } from '#web/test/mock-api';
import { ACTIVE_RUN_RECHECK_MS, useFindProspectsRun } from './campaign-queries';

const campaignId = 'c0ffee00-0000-4000-8000-00000000000c';
const running: DiscoveryRun = {
  id: 'c0ffee00-0000-4000-8000-0000000000aa',
  status: 'running',
  progressPercentage: 40,
  prospectsFound: 3,
  pagesCrawled: 12,
  error: null,
  startedAt: '2026-11-20T10:00:00.000Z',
  finishedAt: null,
};

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('useFindProspectsRun', () => {
  it('reads a run under way again without an event, and stops once it has ended', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer: DiscoveryRun = running;
    const fetchMock = mockApi({
      [`GET ${withId(apiPaths.findProspects, campaignId)}`]: () => json(200, answer),
    });
    const { result } = renderHook(() => useFindProspectsRun(campaignId), { wrapper });
    await waitFor(() => expect(result.current.data?.status).toBe('running'));
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // The run ends and its discovery.finished event never reaches the page.
    answer = {
      ...running,
      status: 'completed',
      progressPercentage: 100,
      finishedAt: '2026-11-20T10:01:00.000Z',
    };
    await act(() => vi.advanceTimersByTimeAsync(ACTIVE_RUN_RECHECK_MS));
    await waitFor(() => expect(result.current.data?.status).toBe('completed'));
    expect(fetchMock).toHaveBeenCalledTimes(2);

    await act(() => vi.advanceTimersByTimeAsync(ACTIVE_RUN_RECHECK_MS * 3));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
