// @vitest-environment jsdom
import '#web/test/setup-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiPaths, paths, withId, withQuery } from '#shared/paths';
import { campaignFigures as figures } from '#shared/rates';
import type { Me } from '#shared/schemas/auth';
import type { CampaignDetail } from '#shared/schemas/campaigns';
import { outreachMessages } from '#shared/schemas/outreach';
import type { Prospect } from '#shared/schemas/prospects';
import { TooltipProvider } from '#web/components/ui/tooltip';
import { campaignDetailFixture } from '#web/test/fixtures';
import { json, mockApi, sentTo, testUser } from '#web/test/mock-api';
import { meQueryKey } from '#web/data/session-queries';
// The route module's composition: the page with the tabs other features own.
import { campaignPanels } from '#web/app/campaign-panels';
import { CampaignDetailPage } from './campaign-detail-page';

const id = 'c0ffee00-0000-4000-8000-00000000000c';
// Its prospect search is done (100 %) but nobody is enrolled: Campaign Progress must still say "Not started".
const campaign = campaignDetailFixture({
  id,
  targetProspects: 1,
  prospects: 1,
  prospectsFound: 1,
  progressPercentage: 100,
  prospectCounts: { pending: 1, sent: 0, responded: 0, success: 0, failed: 0 },
});
const prospect: Prospect = {
  id: 'p1',
  campaignId: id,
  website: 'espressodaily.test',
  contactEmail: 'emma@espressodaily.test',
  contactName: 'Emma Crema',
  notes: null,
  customFields: {},
  status: 'pending',
  daScore: null,
  relevanceScore: null,
  opportunityType: null,
  sourcePageUrl: null,
  sourceAnchorText: null,
  sourceRel: null,
  sourceFirstSeen: null,
  emailCheck: null,
  emailVerification: null,
  lastContacted: null,
  outcomeAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};

/**
 * The page at `search` (e.g. '?tab=outreach') as `me` sees `shown`; APIs it does not need here
 * answer 404. The session is in the cache already, as the dashboard guard leaves it.
 */
let api: ReturnType<typeof mockApi>;
function renderPage(
  search = '',
  {
    me = testUser,
    shown = campaign,
    handlers = {},
  }: { me?: Me; shown?: CampaignDetail; handlers?: Parameters<typeof mockApi>[0] } = {},
) {
  api = mockApi({
    ...handlers,
    [`GET ${withId(apiPaths.campaign, id)}`]: () => json(200, shown),
    [`GET ${withId(apiPaths.findProspects, id)}`]: () => json(200, null),
    [`GET ${withQuery(withId(apiPaths.campaignProspects, id), { page: 1, pageSize: 25, sort: 'daScore', order: 'desc' })}`]:
      () => json(200, { items: [prospect], total: 1, page: 1, pageSize: 25, nextCursor: null }),
    [`GET ${withId(apiPaths.campaignOutreach, id)}`]: () =>
      json(200, {
        emailAccountIds: [],
        sequenceId: null,
        trackOpens: false,
        trackClicks: false,
        progress: { enrolled: 0, queued: 0, sent: 0, flagged: 0, failed: 0 },
      }),
    [`GET ${withId(apiPaths.campaignEnrollment, id)}`]: () =>
      json(200, { eligible: 1, blocker: outreachMessages.noMailbox, warning: null }),
  });
  const router = createMemoryRouter(
    [{ path: '/dashboard/campaigns/:id', element: <CampaignDetailPage panels={campaignPanels} /> }],
    {
      initialEntries: [`${paths.campaign(id)}${search}`],
    },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryKey, me);
  render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <RouterProvider router={router} />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return router;
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('CampaignDetailPage', () => {
  it('opens on the prospects table, with Campaign Progress "Not started" before any enrollment', async () => {
    renderPage();
    expect(await screen.findByRole('button', { name: 'espressodaily.test' })).toBeInTheDocument();
    expect(tab('Prospects')).toHaveAttribute('aria-selected', 'true');
    const card = screen.getByText('Campaign Progress').parentElement!;
    expect(card).toHaveTextContent('Not started');
    expect(card).not.toHaveTextContent('Complete');
    // The other panels are mounted but hidden until their tab is chosen.
    expect(screen.queryByRole('region', { name: 'Outreach' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
  });

  it('switches tabs and keeps the chosen one in ?tab=, the first one leaving the URL clean', async () => {
    const router = renderPage();
    await screen.findByRole('button', { name: 'espressodaily.test' });
    await userEvent.click(tab('Outreach'));
    expect(router.state.location.search).toBe('?tab=outreach');
    expect(tab('Outreach')).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('region', { name: 'Outreach' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'espressodaily.test' })).not.toBeInTheDocument();

    await userEvent.click(tab('AI first lines'));
    expect(router.state.location.search).toBe('?tab=first-lines');
    expect(screen.getByRole('tabpanel', { name: 'AI first lines' })).toBeInTheDocument();

    await userEvent.click(tab('Prospects'));
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('button', { name: 'espressodaily.test' })).toBeInTheDocument();
  });

  it('opens the tab the URL names, as after a reload', async () => {
    renderPage('?tab=competitor-gap');
    expect(await screen.findByRole('tab', { name: 'Competitor gap' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tabpanel', { name: 'Competitor gap' })).toBeInTheDocument();
  });

  it('falls back to Prospects for an unknown ?tab=', async () => {
    renderPage('?tab=nope');
    expect(await screen.findByRole('tab', { name: 'Prospects' })).toHaveAttribute('aria-selected', 'true');
  });

  it('brings the Outreach tab forward when Send Emails leads to the outreach settings', async () => {
    const router = renderPage();
    await screen.findByRole('button', { name: 'espressodaily.test' });
    await userEvent.click(screen.getByRole('button', { name: 'Send Emails' }));
    const confirm = await screen.findByRole('dialog', { name: 'Send Emails' });
    await userEvent.click(await within(confirm).findByRole('button', { name: 'Open Outreach Settings' }));
    expect(await screen.findByRole('dialog', { name: 'Outreach Settings' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=outreach');
    // (The open dialog hides the page from the accessibility tree.)
    expect(screen.getByRole('tab', { name: 'Outreach', hidden: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('shows Delete Campaign to a member only on a campaign they own, and to Full Access on any', async () => {
    const member: Me = { ...testUser, role: 'member', workspace: { ...testUser.workspace, role: 'member' } };
    const teammates = { ...campaign, owner: { id: 'u2', name: 'Tess Mate' } };
    const deleteButton = { name: 'Delete Campaign' };

    renderPage('', { me: member, shown: teammates });
    expect(await screen.findByRole('heading', { name: campaign.name })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Emails' })).toBeInTheDocument();
    expect(screen.queryByRole('button', deleteButton)).not.toBeInTheDocument();
    cleanup();

    renderPage('', { me: member, shown: { ...campaign, owner: { id: member.id, name: 'Ada Lovelace' } } });
    expect(await screen.findByRole('button', deleteButton)).toBeInTheDocument();
    cleanup();

    renderPage('', { shown: teammates });
    expect(await screen.findByRole('button', deleteButton)).toBeInTheDocument();
  });

  it('names each figure once, beside its definition: found beside target, Target Reached apart from Success Rate', async () => {
    // 5 prospects found of a target of 10, 1 success, 1 reply to 8 emails.
    renderPage('', {
      shown: {
        ...campaign,
        targetProspects: 10,
        prospects: 5,
        prospectsFound: 5,
        successCount: 1,
        responses: 1,
        emailsSent: 8,
        prospectCounts: { pending: 0, sent: 3, responded: 1, success: 1, failed: 0 },
      },
    });
    const card = async (label: string) => (await screen.findByText(label, { selector: 'p' })).parentElement!;
    expect(await card(figures.prospects.label)).toHaveTextContent(/^Prospects5 found · target 10Pending 0/);
    expect(await card(figures.responseRate.label)).toHaveTextContent('12.5%1 replied · 8 sent');
    expect(await card(figures.targetReached.label)).toHaveTextContent(
      '10.0%1 success · target 10Success Rate 20.0% of 5 found',
    );
    // Success Rate is success ÷ found here as on the campaign list: no card calls 10 % that.
    expect(screen.queryByText('Success Rate', { selector: 'p' })).not.toBeInTheDocument();

    await userEvent.hover(screen.getByRole('button', { name: 'How Target Reached is counted' }));
    const tip = await screen.findByRole('tooltip');
    expect(tip).toHaveTextContent(figures.targetReached.explained);
    expect(tip).toHaveTextContent(figures.successRate.explained);
    for (const figure of [figures.prospects, figures.responseRate])
      expect(screen.getByRole('button', { name: `How ${figure.label} is counted` })).toBeInTheDocument();
  });

  it('offers to complete an active campaign whose enrolled sequences have all ended, after a confirmation', async () => {
    const done = {
      ...campaign,
      status: 'active' as const,
      campaignProgress: { enrolled: 2, ended: 2, percent: 100 },
      prospectCounts: { pending: 1, sent: 1, responded: 0, success: 1, failed: 0 },
    };
    renderPage('', {
      shown: done,
      handlers: {
        [`PATCH ${withId(apiPaths.campaign, id)}`]: () => json(200, { ...done, status: 'completed' }),
      },
    });
    const prompt = (
      await screen.findByText('Every enrolled prospect’s sequence has ended.')
    ).closest<HTMLElement>('[role="status"]')!;
    expect(prompt).toHaveTextContent('Every enrolled prospect’s sequence has ended.');
    expect(prompt).toHaveTextContent('1 prospect was never sent to: Send Emails reaches them.');
    await userEvent.click(within(prompt).getByRole('button', { name: 'Mark Completed' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Complete Campaign' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Mark Completed' }));
    await waitFor(() =>
      expect(sentTo(api, 'PATCH', withId(apiPaths.campaign, id))).toEqual([{ status: 'completed' }]),
    );
  });

  it('does not offer it before every enrolled sequence has ended, nor once completed', async () => {
    renderPage('', {
      shown: { ...campaign, status: 'active', campaignProgress: { enrolled: 3, ended: 2, percent: 66 } },
    });
    expect(await screen.findByText('66% Complete')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark Completed' })).not.toBeInTheDocument();
    cleanup();
    renderPage('', {
      shown: { ...campaign, status: 'completed', campaignProgress: { enrolled: 3, ended: 3, percent: 100 } },
    });
    expect(await screen.findByText('100% Complete')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark Completed' })).not.toBeInTheDocument();
  });
});
