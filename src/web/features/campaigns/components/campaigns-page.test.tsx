// @vitest-environment jsdom
import '#web/test/setup-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiPaths, paths, withQuery } from '#shared/paths';
import { campaignFigures as figures } from '#shared/rates';
import type { Me } from '#shared/schemas/auth';
import type { Campaign, CampaignStatus } from '#shared/schemas/campaigns';
import { campaignFixture } from '#web/test/fixtures';
import { json, mockApi, testUser } from '#web/test/mock-api';
import { renderApp } from '#web/test/render-app';

/** A campaign of the list with three prospects; the list shows its name, website, status and people. */
const campaign = (
  id: string,
  name: string,
  websiteUrl: string,
  status: CampaignStatus,
  owner: Campaign['owner'] = null,
  collaborators: Campaign['collaborators'] = [],
): Campaign => campaignFixture({ id, name, websiteUrl, status, owner, collaborators, prospects: 3 });
const draft = campaign('c1', 'Bakery Draft', 'https://xn--bckerei-mnchen-5hb60b.de', 'draft');
const active = campaign('c2', 'Roastery Live', 'https://roastery.example', 'active');
const listUrl = (status: string, owner?: string) =>
  withQuery(apiPaths.campaigns, { status, owner, page: 1, pageSize: 20, order: 'desc' });
const page = (items: Campaign[]) =>
  json(200, { items, total: items.length, page: 1, pageSize: 20, nextCursor: null });

describe('CampaignsPage', () => {
  it('filters the list to draft campaigns and shows websites in Unicode', async () => {
    const api = mockApi({
      [`GET ${apiPaths.me}`]: () => json(200, testUser),
      [`GET ${listUrl('all')}`]: () => page([draft, active]),
      [`GET ${listUrl('draft')}`]: () => page([draft]),
    });
    renderApp(paths.dashboard);
    expect(await screen.findByRole('link', { name: 'Roastery Live' })).toBeInTheDocument();
    expect(screen.getByText('https://bäckerei-münchen.de')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Filter by status' }));
    await user.click(await screen.findByRole('option', { name: 'Draft' }));
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Roastery Live' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: 'Bakery Draft' })).toBeInTheDocument();
    expect(api.mock.calls.map(([url]) => String(url))).toContain(listUrl('draft'));
  });

  it('filters by client once the workspace has clients, and names each campaign’s client', async () => {
    const acme = 'c11e0000-0000-4000-8000-000000000001';
    const forAcme = { ...active, clientId: acme, clientName: 'Acme Roasters' };
    const api = mockApi({
      [`GET ${apiPaths.me}`]: () => json(200, testUser),
      [`GET ${listUrl('all')}`]: () => page([draft, forAcme]),
      [`GET ${withQuery(apiPaths.campaigns, { status: 'all', clientId: acme, page: 1, pageSize: 20, order: 'desc' })}`]:
        () => page([forAcme]),
      [`GET ${withQuery(apiPaths.clients, { pageSize: 100 })}`]: () =>
        json(200, {
          items: [
            {
              id: acme,
              name: 'Acme Roasters',
              logoUrl: null,
              domains: [],
              reportEmails: [],
              campaignCount: 1,
              createdAt: '2026-11-20T10:00:00.000Z',
              updatedAt: '2026-11-20T10:00:00.000Z',
            },
          ],
          total: 1,
          page: 1,
          pageSize: 100,
          nextCursor: null,
        }),
    });
    const { router } = renderApp(paths.dashboard);
    expect(await screen.findByText('· for Acme Roasters')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Filter by client' }));
    await user.click(await screen.findByRole('option', { name: 'Acme Roasters' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Bakery Draft' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Roastery Live' })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?client=${acme}`);
    expect(api.mock.calls.map(([url]) => String(url))).toContain(
      withQuery(apiPaths.campaigns, { status: 'all', clientId: acme, page: 1, pageSize: 20, order: 'desc' }),
    );
  });

  it('keeps its filter and page in the URL: a reload shows the same list, and the back button the one before', async () => {
    const api = mockApi({
      [`GET ${apiPaths.me}`]: () => json(200, testUser),
      [`GET ${listUrl('draft')}`]: () => page([draft]),
      [`GET ${listUrl('active')}`]: () => page([active]),
    });
    const { router } = renderApp(`${paths.dashboard}?status=draft&tab=kept`);
    expect(await screen.findByRole('link', { name: 'Bakery Draft' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Filter by status' })).toHaveTextContent('Draft');

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Filter by status' }));
    await user.click(await screen.findByRole('option', { name: 'Active' }));
    expect(await screen.findByRole('link', { name: 'Roastery Live' })).toBeInTheDocument();
    // The other keys of the query stay; the default page stays out of it.
    expect(router.state.location.search).toBe('?status=active&tab=kept');

    await router.navigate(-1);
    expect(await screen.findByRole('link', { name: 'Bakery Draft' })).toBeInTheDocument();
    expect(api.mock.calls.map(([url]) => String(url))).not.toContain(listUrl('all'));
  });

  it("shows each campaign's owner and, with My campaigns, asks for the viewer's campaigns only", async () => {
    const ada = { id: 'u1', name: 'Ada Lovelace' };
    const mine = campaign('c3', 'Ada Outreach', 'https://ada.example', 'active', ada, [
      { id: 'u2', name: 'Bea Bee' },
      { id: 'u3', name: 'Cy Ames' },
    ]);
    const api = mockApi({
      [`GET ${apiPaths.me}`]: () => json(200, testUser),
      [`GET ${listUrl('all')}`]: () => page([mine, draft]),
      [`GET ${listUrl('all', 'me')}`]: () => page([mine]),
    });
    const { router } = renderApp(paths.dashboard);
    expect(await screen.findByRole('link', { name: 'Ada Outreach' })).toBeInTheDocument();
    expect(screen.getByText('Owner: Ada Lovelace')).toBeInTheDocument();
    // Collaborators show next to the owner, only on a campaign that has some.
    expect(screen.getByText('· Collaborators: Bea Bee, Cy Ames')).toBeInTheDocument();
    expect(screen.getAllByText(/Collaborators:/)).toHaveLength(1);
    // A campaign whose owner left the install has none.
    expect(screen.getByText('Owner: —')).toBeInTheDocument();

    // The two filters tell themselves apart before either is opened.
    expect(screen.getByRole('combobox', { name: 'Filter by status' })).toHaveTextContent('All campaigns');
    expect(screen.getByRole('combobox', { name: 'Filter by owner' })).toHaveTextContent(
      "Everyone's campaigns",
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Filter by owner' }));
    await user.click(await screen.findByRole('option', { name: 'My campaigns' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Bakery Draft' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Ada Outreach' })).toBeInTheDocument();
    expect(api.mock.calls.map(([url]) => String(url))).toContain(listUrl('all', 'me'));
    expect(router.state.location.search).toBe('?owner=me');
    expect(screen.getByRole('combobox', { name: 'Filter by owner' })).toHaveTextContent('My campaigns');
  });

  it('offers a member Delete only on the campaigns they own; Full Access on every one', async () => {
    const member: Me = { ...testUser, role: 'member', workspace: { ...testUser.workspace, role: 'member' } };
    let viewer = member;
    const mine = campaign('c3', 'Ada Outreach', 'https://ada.example', 'active', {
      id: testUser.id,
      name: 'Ada Lovelace',
    });
    const teammates = campaign('c4', 'Tess Outreach', 'https://tess.example', 'active', {
      id: 'u2',
      name: 'Tess Mate',
    });
    mockApi({
      [`GET ${apiPaths.me}`]: () => json(200, viewer),
      [`GET ${listUrl('all')}`]: () => page([mine, teammates, draft]),
    });
    const first = renderApp(paths.dashboard);
    expect(await screen.findByRole('link', { name: 'Tess Outreach' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Ada Outreach' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Tess Outreach' })).not.toBeInTheDocument();
    // Nobody owns a campaign whose owner left: only Full Access deletes it.
    expect(screen.queryByRole('button', { name: 'Delete Bakery Draft' })).not.toBeInTheDocument();
    first.unmount();

    viewer = testUser;
    renderApp(paths.dashboard);
    expect(await screen.findByRole('button', { name: 'Delete Tess Outreach' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Bakery Draft' })).toBeInTheDocument();
  });

  it('shows Success Rate as success ÷ found, the name the detail page keeps for it, defined in a tooltip', async () => {
    // 1 success among 5 found of a target of 10: 20 %, never the target's 10 %.
    const counted = campaignFixture({
      id: 'c5',
      name: 'Counted',
      status: 'active',
      targetProspects: 10,
      prospects: 5,
      prospectsFound: 5,
      successCount: 1,
      responses: 1,
      emailsSent: 8,
    });
    mockApi({
      [`GET ${apiPaths.me}`]: () => json(200, testUser),
      [`GET ${listUrl('all')}`]: () => page([counted]),
    });
    renderApp(paths.dashboard);
    const row = (await screen.findByRole('link', { name: 'Counted' })).closest('tr')!;
    const cells = within(row).getAllByRole('cell');
    expect(cells.slice(2, 6).map((c) => c.textContent)).toEqual(['5', '8', '12.5%', '20.0%']);

    const help = screen.getByRole('button', { name: `How ${figures.successRate.label} is counted` });
    expect(help.closest('th')).toHaveTextContent(figures.successRate.label);
    await userEvent.hover(help);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(figures.successRate.explained);
    for (const figure of [figures.prospects, figures.responseRate])
      expect(screen.getByRole('button', { name: `How ${figure.label} is counted` })).toBeInTheDocument();
  });
});
