// @vitest-environment jsdom
import '#web/test/setup-dom';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPaths, paths, withId } from '#shared/paths';
import {
  liveLinkFieldHints,
  type LinkCheckPage,
  type LiveLink,
  type LiveLinkSummary,
} from '#shared/schemas/live-links';
import { json, mockApi, testUser } from '#web/test/mock-api';
import { FakeEventSource } from '#web/test/fake-event-source';
import { renderApp } from '#web/test/render-app';

const link = (id: string, status: LiveLink['status'], extra: Partial<LiveLink> = {}): LiveLink => ({
  id,
  campaignId: 'c1',
  campaignName: 'Tools',
  url: 'https://shop.test/tools',
  anchorText: 'best tools',
  pageUrl: `https://blog.test/${id}`,
  status,
  discoveredAt: '2026-11-20T10:00:00.000Z',
  lastCheckedAt: '2026-11-21T10:00:00.000Z',
  rel: [],
  foundAnchorText: 'best tools',
  reasons: [],
  ...extra,
});

const summary: LiveLinkSummary = {
  total: 3,
  newLast7Days: 3,
  active: 1,
  lost: 1,
  suspicious: 1,
  activeOverTime: Array.from({ length: 30 }, (_, i) => ({
    day: `2026-10-${String(i + 1).padStart(2, '0')}`,
    active: i < 29 ? 0 : 1,
  })),
};

const listUrl = (status: string) => `${apiPaths.liveLinks}?page=1&pageSize=25&order=desc&status=${status}`;
const page = (items: LiveLink[]) =>
  json(200, { items, total: items.length, page: 1, pageSize: 25, nextCursor: null });

/** Gives jsdom a do-nothing ResizeObserver: recharts measures its container with one. */
function stubResizeObserver() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}

// sonner keeps its toasts in a module-wide store, replayed to the next test's toaster otherwise.
afterEach(() => toast.dismiss());

describe('Live Links screen', () => {
  it('shows the counts, the chart, status colours, filters by status and opens a link’s history', async () => {
    stubResizeObserver();
    const all = [
      link('l1', 'active'),
      link('l2', 'lost', { reasons: ['link-missing'], foundAnchorText: null }),
      link('l3', 'suspicious', { reasons: ['nofollow'], rel: ['nofollow'] }),
    ];
    const history: LinkCheckPage = {
      items: [
        {
          id: 'k1',
          checkedAt: '2026-11-21T10:00:00.000Z',
          status: 'lost',
          reasons: ['link-missing'],
          httpStatus: 200,
          finalUrl: 'https://blog.test/l2',
          anchorText: null,
          rel: [],
          detail: null,
        },
      ],
      total: 1,
      page: 1,
      pageSize: 10,
      nextCursor: null,
    };
    mockApi({
      [`GET ${apiPaths.me}`]: () => json(200, testUser),
      [`GET ${apiPaths.liveLinkSummary}`]: () => json(200, summary),
      [`GET ${listUrl('all')}`]: () => page(all),
      [`GET ${listUrl('lost')}`]: () => page([all[1]!]),
      [`GET ${withId(apiPaths.liveLinkChecks, 'l2')}?page=1&pageSize=10`]: () => json(200, history),
    });
    renderApp(paths.liveLinks);

    // The lazy page and chart chunks load slowly on a busy machine: wait for them, not for a fixed time.
    const counts = await screen.findByRole('region', { name: 'Link counts' }, { timeout: 10_000 });
    expect(within(counts).getByText('Lost').nextSibling).toHaveTextContent('1');
    expect(within(counts).getByText('New (7 days)').nextSibling).toHaveTextContent('3');
    expect(
      await screen.findByRole(
        'img',
        { name: /Active links over the last 30 days: 0 on Oct 1, 1 on Oct 30/ },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();

    const lostBadge = await screen.findByRole('button', {
      name: 'lost: check history of https://blog.test/l2',
    });
    expect(within(lostBadge).getByText('lost')).toHaveClass('bg-red-100');
    expect(
      within(screen.getByRole('button', { name: /^suspicious: check history/ })).getByText('suspicious'),
    ).toHaveClass('bg-amber-100');
    expect(
      within(screen.getByRole('button', { name: /^active: check history/ })).getByText('active'),
    ).toHaveClass('bg-emerald-100');
    expect(screen.getByText('The link was removed from the page')).toBeInTheDocument();
    expect(screen.getByText('rel: nofollow')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Filter by status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Lost' }));
    await vi.waitFor(() =>
      expect(screen.queryByRole('button', { name: /^active: check history/ })).not.toBeInTheDocument(),
    );

    await userEvent.click(lostBadge);
    const dialog = await screen.findByRole('dialog', { name: 'Check history' });
    const checks = await within(dialog).findByRole('list', { name: 'Checks' });
    expect(checks).toHaveTextContent('HTTP 200');
    expect(checks).toHaveTextContent('The link was removed from the page');
  });

  it('shows a new link’s first check and the new counts when its live event arrives', async () => {
    FakeEventSource.install();
    stubResizeObserver();
    let checked = false;
    const summaryCalls = vi.fn(() => json(200, { ...summary, active: checked ? 1 : 0 }));
    mockApi({
      [`GET ${apiPaths.me}`]: () => json(200, testUser),
      [`GET ${apiPaths.liveLinkSummary}`]: summaryCalls,
      [`GET ${listUrl('all')}`]: () =>
        page([
          link(
            'l1',
            checked ? 'lost' : 'active',
            checked ? { reasons: ['link-missing'] } : { lastCheckedAt: null },
          ),
        ]),
    });
    renderApp(paths.liveLinks);
    expect(await screen.findByText('Not checked yet', {}, { timeout: 10_000 })).toBeInTheDocument();
    const callsBefore = summaryCalls.mock.calls.length;

    checked = true; // the check job has run and told the page
    FakeEventSource.latest().emit({ type: 'live-links.changed' });
    expect(
      await screen.findByRole('button', { name: /^lost: check history/ }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Not checked yet')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(summaryCalls.mock.calls.length).toBeGreaterThan(callsBefore));
  });

  it('says under Link URL and Page URL which page links and which is linked to', async () => {
    stubResizeObserver();
    mockApi({
      [`GET ${apiPaths.me}`]: () => json(200, testUser),
      [`GET ${apiPaths.liveLinkSummary}`]: () => json(200, summary),
      [`GET ${listUrl('all')}`]: () => page([link('l1', 'active')]),
      [`GET ${apiPaths.campaignOptions}`]: () => json(200, [{ id: 'c1', name: 'Tools' }]),
    });
    renderApp(paths.liveLinks);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Link' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Live Link' });

    expect(within(dialog).getByText(liveLinkFieldHints.url)).toBeVisible();
    expect(within(dialog).getByText(liveLinkFieldHints.pageUrl)).toBeVisible();
    expect(within(dialog).getByLabelText('Link URL')).toHaveAccessibleDescription(liveLinkFieldHints.url);
    expect(within(dialog).getByLabelText('Page URL')).toHaveAccessibleDescription(liveLinkFieldHints.pageUrl);
  });

  it('says a lost link after Check now in an error toast, a live one in a success toast', async () => {
    stubResizeObserver();
    const lost = link('l2', 'lost', { reasons: ['link-missing'], foundAnchorText: null });
    mockApi({
      [`GET ${apiPaths.me}`]: () => json(200, testUser),
      [`GET ${apiPaths.liveLinkSummary}`]: () => json(200, summary),
      [`GET ${listUrl('all')}`]: () => page([link('l1', 'active'), lost]),
      [`POST ${withId(apiPaths.liveLinkCheck, 'l1')}`]: () => json(200, link('l1', 'active')),
      [`POST ${withId(apiPaths.liveLinkCheck, 'l2')}`]: () => json(200, lost),
    });
    renderApp(paths.liveLinks);
    /** The sonner toast around a text, which carries the toast's kind as data-type. */
    const toastOf = async (text: string) =>
      (await screen.findByText(text)).closest('[data-sonner-toast]')?.getAttribute('data-type');

    await userEvent.click(
      await screen.findByRole('button', { name: 'Check now https://blog.test/l2' }, { timeout: 10_000 }),
    );
    expect(await toastOf('Link checked: lost')).toBe('error');
    expect(
      screen.getByText('The link was removed from the page', { selector: '[data-description]' }),
    ).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Check now https://blog.test/l1' }));
    expect(await toastOf('Link checked: active')).toBe('success');
  });
});

describe('Live Links by client', () => {
  it('filters by the client in the address, and offers the workspace’s clients', async () => {
    stubResizeObserver();
    const acme = '11111111-1111-4111-8111-111111111111';
    const clients = [
      {
        id: acme,
        name: 'Acme',
        logoUrl: null,
        domains: [],
        reportEmails: [],
        campaignCount: 1,
        createdAt: '',
        updatedAt: '',
      },
    ];
    const fetchMock = mockApi({
      [`GET ${apiPaths.me}`]: () => json(200, testUser),
      [`GET ${apiPaths.liveLinkSummary}`]: () => json(200, summary),
      [`GET ${apiPaths.clients}?pageSize=100`]: () =>
        json(200, { items: clients, total: 1, page: 1, pageSize: 100, nextCursor: null }),
      [`GET ${listUrl('all')}&clientId=${acme}`]: () => page([link('l1', 'active')]),
      [`GET ${listUrl('all')}&clientId=none`]: () => page([]),
    });
    const { router } = renderApp(`${paths.liveLinks}?client=${acme}`);
    expect(await screen.findByText('https://blog.test/l1', {}, { timeout: 10_000 })).toBeInTheDocument();
    const picker = await screen.findByRole('combobox', { name: 'Filter by client' });
    expect(picker).toHaveTextContent('Acme');
    await userEvent.click(picker);
    await userEvent.click(await screen.findByRole('option', { name: 'No client' }));
    expect(await screen.findByText('No links match these filters.')).toBeInTheDocument();
    expect(router.state.location.search).toContain('client=none');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(`${listUrl('all')}&clientId=none`);
  });
});
