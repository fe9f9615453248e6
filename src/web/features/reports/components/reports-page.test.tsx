// @vitest-environment jsdom
import '#web/test/setup-dom';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPaths, paths, withQuery } from '#shared/paths';
import { reportMessages, type Report, type ShareLink } from '#shared/schemas/reports';
import { apiError, json, mockApi, sentTo, testUser } from '#web/test/mock-api';
import { renderApp } from '#web/test/render-app';

const report: Report = {
  scope: { kind: 'client', id: 'c1', name: 'Acme Co', clientName: 'Acme Co', clientLogoUrl: null },
  from: '2026-10-01',
  to: '2026-10-31',
  hideMoney: false,
  generatedAt: '2026-11-29T10:00:00.000Z',
  links: [
    {
      placementId: 'p1',
      pageUrl: 'https://blog.test/post',
      targetUrl: 'https://acme.test/',
      anchorText: 'acme shoes',
      rel: 'dofollow',
      authority: 42,
      authoritySource: 'da_now',
      drAtPlacement: { value: 45, measuredOn: '2026-10-01' },
      liveAt: '2026-10-05',
      status: 'lost',
      lastCheckedAt: null,
      priceMinor: 15000,
      currency: 'EUR',
    },
  ],
  lost: [
    {
      placementId: 'p1',
      pageUrl: 'https://blog.test/post',
      targetUrl: 'https://acme.test/',
      lastCheckedAt: null,
      replacedBy: null,
    },
  ],
  statusCounts: { active: 0, suspicious: 0, lost: 1, unmonitored: 0 },
  linksPerMonth: [{ month: '2026-10', active: 0, suspicious: 0, lost: 1, unmonitored: 0 }],
  funnel: { prospects: 4, contacted: 2, replied: 1, won: 1, replyRate: 50, winRate: 50 },
  money: { lines: [{ currency: 'EUR', links: 1, spendMinor: 15000, costPerLinkMinor: 15000 }], unpriced: 0 },
  branding: { agencyName: '', logoUrl: null, accentColor: '#4f46e5', footer: '', hideLinkPilot: false },
};

const emptyPage = json(200, { items: [], total: 0, page: 1, pageSize: 10, nextCursor: null });
const dates = { from: '2026-10-01', to: '2026-10-31' };
const reportUrl = withQuery(apiPaths.reports, { clientId: 'c1', ...dates });

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

function api(reportAnswer: () => Response, me = testUser) {
  return mockApi({
    [`GET ${apiPaths.me}`]: () => json(200, me),
    [`GET ${withQuery(apiPaths.clients, { pageSize: 100 })}`]: () =>
      json(200, {
        items: [
          {
            id: 'c1',
            name: 'Acme Co',
            logoUrl: null,
            domains: [],
            reportEmails: [],
            campaignCount: 0,
            createdAt: '2026-11-01T00:00:00.000Z',
            updatedAt: '2026-11-01T00:00:00.000Z',
          },
        ],
        total: 1,
        page: 1,
        pageSize: 100,
        nextCursor: null,
      }),
    [`GET ${apiPaths.campaignOptions}`]: () => json(200, []),
    [`GET ${withQuery(apiPaths.reportShareLinks, { page: 1, pageSize: 10 })}`]: () => emptyPage.clone(),
    [`GET ${withQuery(apiPaths.reportSchedules, { page: 1, pageSize: 10 })}`]: () => emptyPage.clone(),
    [`GET ${apiPaths.reportBranding}`]: () => json(200, report.branding),
    [`GET ${reportUrl}`]: reportAnswer,
    [`POST ${apiPaths.reportShareLinks}`]: () =>
      json(201, {
        id: 's1',
        clientId: 'c1',
        campaignId: null,
        scopeName: 'Acme Co',
        ...dates,
        hideMoney: false,
        expiresAt: '2026-12-29T10:00:00.000Z',
        revokedAt: null,
        createdAt: '2026-11-29T10:00:00.000Z',
        url: 'https://app.test/r/abc.def',
        state: 'active',
      } satisfies ShareLink),
  });
}

const noMailWarning = `${reportMessages.noMail}: ask whoever runs LinkPilot to set SMTP_HOST.`;

afterEach(() => toast.dismiss());

describe('Reports screen', () => {
  it('asks for a client or campaign first, with empty share links and schedules', async () => {
    api(() => json(200, report));
    renderApp(paths.reports);
    expect(
      await screen.findByText('Choose a client or a campaign', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('No share links yet')).toBeInTheDocument();
    expect(await screen.findByText('No scheduled reports')).toBeInTheDocument();
  });

  it('says beside the schedule that nothing is emailed while the server has no SMTP settings', async () => {
    stubResizeObserver();
    api(() => json(200, report));
    const first = renderApp(withQuery(paths.reports, { scope: 'client:c1', ...dates }));
    expect(await screen.findByRole('button', { name: 'Schedule' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText(noMailWarning)).not.toBeInTheDocument();
    first.unmount();

    api(() => json(200, report), { ...testUser, verificationDelivery: 'log' });
    renderApp(withQuery(paths.reports, { scope: 'client:c1', ...dates }));
    expect(await screen.findByText(noMailWarning, {}, { timeout: 10_000 })).toHaveRole('status');
  });

  it('shows the figures, the links and the spend per currency, and makes a share link', async () => {
    stubResizeObserver();
    const fetchMock = api(() => json(200, report));
    renderApp(withQuery(paths.reports, { scope: 'client:c1', ...dates }));
    expect(
      await screen.findByRole('heading', { name: 'Link report: Acme Co' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /https:\/\/blog\.test\/post/ });
    expect(within(row).getByText('42 (now)')).toBeInTheDocument();
    expect(within(row).getByText('45 (2026-10-01)')).toBeInTheDocument();
    expect(within(row).getAllByText('Lost').length).toBeGreaterThan(0);
    expect(screen.getByText('€150.00 per link')).toBeInTheDocument();
    expect(screen.getByText('Reply rate').nextSibling).toHaveTextContent('50.0%');
    expect(screen.getByText(/Not replaced yet/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Create share link' }));
    expect(await screen.findByRole('textbox', { name: 'Share link' })).toHaveValue(
      'https://app.test/r/abc.def',
    );
    expect(sentTo(fetchMock, 'POST', apiPaths.reportShareLinks)).toEqual([
      { clientId: 'c1', ...dates, hideMoney: false },
    ]);
  });

  it('says so when the report cannot load', async () => {
    api(() => apiError(404, 'NOT_FOUND', reportMessages.notFound));
    renderApp(withQuery(paths.reports, { scope: 'client:c1', ...dates }));
    expect(await screen.findByText(reportMessages.notFound, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
