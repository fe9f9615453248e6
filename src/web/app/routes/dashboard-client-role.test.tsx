// @vitest-environment jsdom
import '#web/test/setup-dom';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiPaths, paths, withQuery } from '#shared/paths';
import { workspaceMessages } from '#shared/roles';
import { json, mockApi, testUser } from '#web/test/mock-api';
import { renderApp } from '#web/test/render-app';

/** The Client role's dashboard (docs/decisions/040-client-role.md): their placements, nothing else. */
const workspace = {
  id: 'w1',
  name: 'Ada Agency',
  role: 'client' as const,
  client: { id: 'c1', name: 'Northwind' },
};
const client = { ...testUser, role: 'client' as const, workspace, workspaces: [workspace] };
const placement = {
  id: 'p1',
  source: 'manual',
  clientId: 'c1',
  clientName: 'Northwind',
  campaignId: null,
  campaignName: null,
  prospectId: null,
  prospectWebsite: null,
  threadId: null,
  liveLinkId: null,
  liveLinkStatus: 'active',
  pageUrl: 'https://cyclingweekly.example/best-city-bikes',
  targetUrl: 'https://northwind.example/',
  anchorText: 'city bikes',
  rel: 'dofollow',
  liveAt: '2026-11-02',
  priceMinor: 12000,
  currency: 'EUR',
  paymentStatus: 'paid',
  paidAt: null,
  invoiceNumber: '',
  invoice: null,
  warrantyMonths: 12,
  warrantyEndsOn: '2027-11-02',
  monitorIssues: [],
  openClaim: null,
  metricsAtLive: null,
  notes: '',
  createdAt: '2026-11-02T00:00:00.000Z',
  updatedAt: '2026-11-02T00:00:00.000Z',
};

function mockClient() {
  mockApi({
    [`GET ${apiPaths.me}`]: () => json(200, client),
    [`GET ${withQuery(apiPaths.placements, { page: 1, pageSize: 25 })}`]: () =>
      json(200, { items: [placement], total: 1, page: 1, pageSize: 25, nextCursor: null }),
    [`GET ${withQuery(apiPaths.placementTotals, { groupBy: 'client' })}`]: () =>
      json(200, {
        lines: [
          {
            key: 'c1',
            label: 'Northwind',
            currency: 'EUR',
            links: 1,
            spendMinor: 12000,
            costPerLinkMinor: 12000,
          },
        ],
        unpriced: 0,
      }),
  });
}

describe('the dashboard of a Client', () => {
  it('opens their placements, read only, with Placements and Reports alone in the sidebar', async () => {
    mockClient();
    const { router } = renderApp(paths.dashboard);
    expect(await screen.findByText('The links built for Northwind')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.placements);
    expect(
      await screen.findByRole('link', { name: /cyclingweekly\.example\/best-city-bikes/ }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit placement|Delete placement/ })).not.toBeInTheDocument();
    const sidebar = screen.getByTestId('sidebar');
    const nav = within(sidebar).getByRole('navigation', { name: 'Dashboard' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Placements', 'Reports']);
    expect(within(sidebar).getByRole('link', { name: 'Settings' })).toBeInTheDocument();
    expect(within(sidebar).getByText(/Client:/)).toHaveTextContent('Client: Northwind');
    expect(screen.getByText('€120.00 · €120.00 per link')).toBeInTheDocument();
  });

  it('shows "not available for your role" on any other dashboard page', async () => {
    mockClient();
    renderApp(paths.contacts);
    expect(await screen.findByRole('heading', { name: 'Not available for your role' })).toBeInTheDocument();
    expect(screen.getByText(workspaceMessages.clientOnly)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Go to your placements' }));
    expect(await screen.findByText('The links built for Northwind')).toBeInTheDocument();
  });
});
