// @vitest-environment jsdom
import '#web/test/setup-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiPaths, paths, withQuery } from '#shared/paths';
import type { ActivityEntry, ActivityPage } from '#shared/schemas/activity';
import { FakeEventSource } from '#web/test/fake-event-source';
import { teamUserFixture } from '#web/test/fixtures';
import { apiError, json, mockApi, testUser } from '#web/test/mock-api';
import { renderApp } from '#web/test/render-app';
import { chooseOption } from '#web/test/select';

const miaId = '00000000-0000-4000-8000-0000000000b2';
const bikesId = 'c0ffee00-0000-4000-8000-00000000000b';
const members = [
  teamUserFixture(),
  teamUserFixture({ id: miaId, name: 'Mia Member', email: 'mia@example.com', role: 'member' }),
];

const entry = (id: string, over: Partial<ActivityEntry>): ActivityEntry => ({
  id,
  kind: 'campaign.created',
  actor: testUser.fullName,
  actorId: testUser.id,
  apiKey: null,
  campaignId: null,
  subject: '',
  details: {},
  createdAt: '2026-11-20T10:00:00.000Z',
  ...over,
});
const created = entry('a1', { kind: 'campaign.created', subject: 'Bikes', campaignId: bikesId });
const imported = entry('a2', {
  kind: 'prospects.imported',
  actor: 'Mia Member',
  actorId: miaId,
  apiKey: 'Reporting sheet',
  subject: 'Bikes',
  campaignId: bikesId,
  details: { count: 3 },
});
const paused = entry('a3', { kind: 'mailbox.paused', actor: null, actorId: null, subject: 'ada@mail.test' });
const page = (items: ActivityEntry[], nextCursor: string | null = null): ActivityPage => ({
  items,
  nextCursor,
});

const activity = (query: Record<string, string> = {}) => `GET ${withQuery(apiPaths.activity, query)}`;

/** The Settings page's API with `handlers` for the activity log (and anything else) on top. */
function mockSettings(handlers: Parameters<typeof mockApi>[0]) {
  return mockApi({
    [`GET ${apiPaths.me}`]: () => json(200, testUser),
    [`GET ${apiPaths.users}`]: () => json(200, members),
    [`GET ${apiPaths.campaignOptions}`]: () => json(200, [{ id: bikesId, name: 'Bikes' }]),
    ...handlers,
  });
}

async function openActivityTab() {
  const user = userEvent.setup();
  renderApp(paths.settings);
  await user.click(await screen.findByRole('tab', { name: 'Activity' }));
  return user;
}

const rows = async () =>
  within(await screen.findByRole('list', { name: 'Activity' })).getAllByRole('listitem');
const requested = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith(apiPaths.activity));

describe('Settings → Activity', () => {
  it('comes after Users among the tabs', async () => {
    mockSettings({ [activity()]: () => json(200, page([])) });
    renderApp(paths.settings);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Profile',
      'Security',
      'Billing',
      'Users',
      'Activity',
      'Custom fields',
      'API keys',
      'Webhooks',
      'Single sign-on',
      'Data providers',
      'Email verification',
      'System',
    ]);
  });

  it('lists who did what, newest first, and loads the next page with its cursor', async () => {
    const api = mockSettings({
      [activity()]: () => json(200, page([created, imported], 'cursor-1')),
      [activity({ cursor: 'cursor-1' })]: () => json(200, page([paused])),
    });
    const user = await openActivityTab();
    const first = await rows();
    expect(first).toHaveLength(2);
    expect(first[0]).toHaveTextContent(`${testUser.fullName} created the campaign Bikes`);
    expect(first[0]).toHaveTextContent('Campaign created');
    expect(first[0]).toHaveTextContent('Nov 20, 2026');
    expect(within(first[0]!).getByText(testUser.fullName).tagName).toBe('SPAN');
    expect(first[1]).toHaveTextContent('Mia Member added 3 prospects to Bikes via API key Reporting sheet');
    expect(first[1]).toHaveTextContent('Prospects added');
    expect(first[0]).not.toHaveTextContent('via API key');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(async () => expect(await rows()).toHaveLength(3));
    // The system (or a member who left) reads as LinkPilot.
    expect((await rows())[2]).toHaveTextContent('LinkPilot paused the mailbox ada@mail.test');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requested(api)).toEqual([apiPaths.activity, withQuery(apiPaths.activity, { cursor: 'cursor-1' })]);
  });

  it('asks again with each filter chosen, and says when nothing matches', async () => {
    const api = mockSettings({
      [activity()]: () => json(200, page([created, imported])),
      [activity({ kind: 'prospects.imported' })]: () => json(200, page([imported])),
      [activity({ member: miaId, kind: 'prospects.imported' })]: () => json(200, page([imported])),
      [activity({ member: miaId, kind: 'prospects.imported', campaignId: bikesId })]: () =>
        json(200, page([])),
    });
    const user = await openActivityTab();
    expect(await rows()).toHaveLength(2);

    await chooseOption(user, 'Filter by kind', 'Prospects added');
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    expect((await rows())[0]).toHaveTextContent('Mia Member added 3 prospects to Bikes');

    await chooseOption(user, 'Filter by member', 'Mia Member');
    await chooseOption(user, 'Filter by campaign', 'Bikes');
    expect(await screen.findByText('No activity matches these filters')).toBeInTheDocument();
    expect(requested(api)).toEqual([
      apiPaths.activity,
      withQuery(apiPaths.activity, { kind: 'prospects.imported' }),
      withQuery(apiPaths.activity, { member: miaId, kind: 'prospects.imported' }),
      withQuery(apiPaths.activity, { member: miaId, kind: 'prospects.imported', campaignId: bikesId }),
    ]);

    // Back to all kinds: the other filters stay.
    await chooseOption(user, 'Filter by kind', 'All kinds');
    await waitFor(() =>
      expect(requested(api).at(-1)).toBe(
        withQuery(apiPaths.activity, { member: miaId, campaignId: bikesId }),
      ),
    );
  });

  it('says when nothing has happened yet', async () => {
    mockSettings({ [activity()]: () => json(200, page([])) });
    await openActivityTab();
    expect(await screen.findByText('Nothing has happened yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows a failed load with Try again, which loads it again', async () => {
    let fail = true;
    mockSettings({
      [activity()]: () => (fail ? apiError(403, 'FORBIDDEN', 'Nope') : json(200, page([created]))),
    });
    const user = await openActivityTab();
    expect(await screen.findByText('Failed to load activity')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await rows()).toHaveLength(1);
    expect(screen.queryByText('Failed to load activity')).not.toBeInTheDocument();
  });

  it('keeps the list when the next page fails, and says so under it', async () => {
    mockSettings({
      [activity()]: () => json(200, page([created], 'cursor-1')),
      [activity({ cursor: 'cursor-1' })]: () => apiError(403, 'FORBIDDEN', 'Nope'),
    });
    const user = await openActivityTab();
    expect(await rows()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load more activity');
    expect(await rows()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeEnabled();
  });

  it('refreshes when someone in the workspace does something (activity.changed)', async () => {
    FakeEventSource.install();
    let items = [created];
    mockSettings({ [activity()]: () => json(200, page(items)) });
    await openActivityTab();
    expect(await rows()).toHaveLength(1);
    items = [imported, created];
    await vi.waitFor(() => FakeEventSource.latest());
    FakeEventSource.latest().emit({ type: 'activity.changed', campaignId: bikesId });
    await waitFor(async () => expect(await rows()).toHaveLength(2));
    expect((await rows())[0]).toHaveTextContent('Mia Member added 3 prospects to Bikes');
  });
});
