// @vitest-environment jsdom
import '../test/setup-dom';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { liveEventTypes, type LiveEvent } from '#shared/schemas/live-events';
import { FakeEventSource } from '../test/fake-event-source';
import { liveEventInvalidator, staleKeys, useLiveEvents } from './live-events';

const campaign = 'c0ffee00-0000-4000-8000-00000000000c';
const other = 'c0ffee00-0000-4000-8000-0000000000ff';

/** The cached queries of the signed-in app's panels, by what they show. */
const panels: Record<string, QueryKey> = {
  statCards: ['campaigns', 'detail', campaign],
  otherStatCards: ['campaigns', 'detail', other],
  campaignList: ['campaigns', 'list', { page: 1 }],
  prospects: ['campaigns', 'prospects', campaign, { page: 1 }],
  otherProspects: ['campaigns', 'prospects', other, { page: 1 }],
  timeline: ['campaigns', 'timeline', 'p1'],
  outreachProgress: ['campaigns', 'outreach', campaign],
  findProspectsRun: ['campaigns', 'find-prospects', campaign],
  competitorGap: ['competitor-gap', campaign, 1, 20],
  otherCompetitorGap: ['competitor-gap', other, 1, 20],
  firstLines: ['first-lines', campaign, { page: 1 }],
  contacts: ['contacts', { page: 1 }],
  liveLinks: ['live-links', 'page', { status: 'all' }],
  liveLinkSummary: ['live-links', 'summary'],
  notificationsBell: ['notifications', 1],
  emailAccounts: ['email-accounts', 'all'],
  mailboxHealth: ['email-accounts', 'health', 'm1'],
  quarantine: ['email-accounts', 'm1', 'quarantine'],
  me: ['me'],
};

/** Which panels one event marks stale, through a real QueryClient holding all of them. */
function staleAfter(event: LiveEvent): string[] {
  const queryClient = new QueryClient();
  for (const key of Object.values(panels)) queryClient.setQueryData(key, {});
  const live = liveEventInvalidator(queryClient);
  live.receive(event);
  live.flush();
  return Object.entries(panels)
    .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort();
}

describe('live events → panels', () => {
  it('refreshes the stat cards, prospects, outreach progress and contacts of the replied campaign only', () => {
    expect(staleAfter({ type: 'inbound.applied', campaignId: campaign })).toEqual(
      [
        'campaignList',
        'contacts',
        'emailAccounts',
        'mailboxHealth',
        'outreachProgress',
        'prospects',
        'quarantine',
        'statCards',
        'timeline',
      ].sort(),
    );
  });

  it('fills the competitor gap, first lines and prospects when discovery finishes', () => {
    const stale = staleAfter({ type: 'discovery.finished', campaignId: campaign });
    expect(stale).toEqual(
      expect.arrayContaining(['competitorGap', 'firstLines', 'findProspectsRun', 'prospects', 'statCards']),
    );
    expect(stale).not.toContain('otherCompetitorGap');
    expect(stale).not.toContain('otherProspects');
  });

  it('follows a running discovery through its progress events', () => {
    expect(staleAfter({ type: 'discovery.progress', campaignId: campaign })).toEqual(
      ['campaignList', 'findProspectsRun', 'prospects', 'statCards'].sort(),
    );
  });

  it('refreshes the bell, the live links and the mailboxes on their user-wide events', () => {
    expect(staleAfter({ type: 'notifications.changed' })).toEqual(['notificationsBell']);
    expect(staleAfter({ type: 'live-links.changed', campaignId: campaign })).toEqual([
      'liveLinkSummary',
      'liveLinks',
    ]);
    expect(staleAfter({ type: 'mailboxes.changed' })).toEqual([
      'emailAccounts',
      'mailboxHealth',
      'quarantine',
    ]);
  });

  it('maps every event type to at least one panel and never to the session', () => {
    for (const type of liveEventTypes) {
      expect(staleKeys({ type, campaignId: campaign }).length).toBeGreaterThan(0);
      expect(staleAfter({ type, campaignId: campaign })).not.toContain('me');
    }
  });

  it('gathers a burst of events into one round of refetches', () => {
    const queryClient = new QueryClient();
    const calls: QueryKey[] = [];
    queryClient.invalidateQueries = ((filters: { queryKey: QueryKey }) => {
      calls.push(filters.queryKey);
      return Promise.resolve();
    }) as QueryClient['invalidateQueries'];
    const live = liveEventInvalidator(queryClient);
    for (let i = 0; i < 20; i++) live.receive({ type: 'prospects.changed', campaignId: campaign });
    expect(calls).toEqual([]);
    live.flush();
    expect(calls).toEqual(staleKeys({ type: 'prospects.changed', campaignId: campaign }));
  });

  it('refetches every panel after a dropped stream reconnects, not on the first open', () => {
    FakeEventSource.install();
    const queryClient = new QueryClient();
    for (const key of Object.values(panels)) queryClient.setQueryData(key, {});
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client: queryClient }, children);
    const { unmount } = renderHook(() => useLiveEvents(), { wrapper });
    const source = FakeEventSource.latest();
    expect(source.url).toBe('/api/events');
    source.open();
    expect(queryClient.getQueryState(panels.statCards!)?.isInvalidated).toBe(false);
    source.drop();
    source.open();
    for (const key of Object.values(panels)) expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
    unmount();
    expect(source.closed).toBe(true);
  });
});
