// @vitest-environment jsdom
import '#web/test/setup-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiPaths, paths, withId, withQuery } from '#shared/paths';
import type { ActivityEntry } from '#shared/schemas/activity';
import { campaignDetailFixture } from '#web/test/fixtures';
import { json, mockApi, testUser } from '#web/test/mock-api';
import { renderApp } from '#web/test/render-app';

const id = 'c0ffee00-0000-4000-8000-00000000000c';
const campaign = campaignDetailFixture({ id, status: 'active' });
const entry = (n: number, over: Partial<ActivityEntry> = {}): ActivityEntry => ({
  id: `a${n}`,
  kind: 'campaign.status_changed',
  actor: testUser.fullName,
  actorId: testUser.id,
  apiKey: null,
  campaignId: id,
  subject: campaign.name,
  details: { from: 'draft', to: 'active' },
  createdAt: '2026-11-21T10:00:00.000Z',
  ...over,
});

const ownActivity = (cursor?: string) => withQuery(apiPaths.activity, { campaignId: id, cursor });

/** The campaign page at /dashboard/campaigns/:id with `handlers` for its activity; the panels' APIs answer 404. */
function renderCampaign(handlers: Parameters<typeof mockApi>[0]) {
  const api = mockApi({
    [`GET ${apiPaths.me}`]: () => json(200, testUser),
    [`GET ${withId(apiPaths.campaign, id)}`]: () => json(200, campaign),
    [`GET ${withId(apiPaths.findProspects, id)}`]: () => json(200, null),
    ...handlers,
  });
  renderApp(paths.campaign(id));
  return api;
}

const activityCard = () => screen.findByRole('region', { name: 'Activity' });

describe('Campaign page → Activity', () => {
  it("shows the campaign's own activity at the bottom, with Load more", async () => {
    const api = renderCampaign({
      [`GET ${ownActivity()}`]: () =>
        json(200, {
          items: [entry(1), entry(2, { kind: 'prospects.imported', details: { count: 1 } })],
          nextCursor: 'next',
        }),
      [`GET ${ownActivity('next')}`]: () =>
        json(200, {
          items: [entry(3, { kind: 'campaign.created', actor: null, actorId: null })],
          nextCursor: null,
        }),
    });
    const card = await activityCard();
    // Under the tabs of the page's working area.
    expect(
      screen.getByRole('tablist', { name: 'Campaign sections' }).compareDocumentPosition(card) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    const list = await within(card).findByRole('list', { name: 'Activity' });
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(
      `${testUser.fullName} moved the campaign Spring outreach from draft to active`,
    );
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('added 1 prospect to Spring outreach');

    await userEvent.click(within(card).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(list).getAllByRole('listitem')[2]).toHaveTextContent(
      'LinkPilot created the campaign Spring outreach',
    );
    expect(within(card).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    const asked = api.mock.calls
      .map(([input]) => String(input))
      .filter((u) => u.startsWith(apiPaths.activity));
    expect(asked).toEqual([ownActivity(), ownActivity('next')]);
  });

  it('says so when nothing has happened to the campaign yet', async () => {
    renderCampaign({ [`GET ${ownActivity()}`]: () => json(200, { items: [], nextCursor: null }) });
    const card = await activityCard();
    expect(await within(card).findByText('Nothing has happened yet.')).toBeInTheDocument();
  });
});
