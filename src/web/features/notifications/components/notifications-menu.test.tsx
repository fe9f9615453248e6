// @vitest-environment jsdom
import '#web/test/setup-dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiPaths, paths, withQuery } from '#shared/paths';
import type { NotificationPage } from '#shared/schemas/notifications';
import { json, mockApi, sentTo, testUser } from '#web/test/mock-api';
import { renderApp } from '#web/test/render-app';

const page: NotificationPage = {
  items: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      kind: 'mailbox-paused',
      title: 'Mailbox paused: grace@sender.test',
      body: 'Paused: 7.5 % hard bounces over the last 40 sends (limit 5 %). It sends nothing until you resume it on Email Accounts.',
      liveLinkId: null,
      inboxThreadId: null,
      createdAt: new Date().toISOString(),
      readAt: null,
    },
  ],
  total: 1,
  unread: 1,
  page: 1,
  pageSize: 10,
  nextCursor: null,
};

describe('the notification bell', () => {
  it('opens Email Accounts from a mailbox-paused notification and marks it read', async () => {
    const api = mockApi({
      [`GET ${apiPaths.me}`]: () => json(200, testUser),
      [`GET ${withQuery(apiPaths.notifications, { page: 1, pageSize: 10 })}`]: () => json(200, page),
      [`POST ${apiPaths.notificationsRead}`]: () => json(200, { updated: 1 }),
      [`GET ${apiPaths.emailAccounts}`]: () => json(200, []),
    });
    const { router } = renderApp(paths.dashboard);
    const user = userEvent.setup();
    // The layout has a bell in the phone header and one in the sidebar: either opens the same menu.
    const [bell] = await screen.findAllByRole('button', { name: 'Notifications (1 unread)' });
    await user.click(bell!);
    await user.click(await screen.findByText(page.items[0]!.title));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.emails));
    expect(sentTo(api, 'POST', apiPaths.notificationsRead)).toEqual([{ ids: [page.items[0]!.id] }]);
  });

  it('opens the conversation of an inbox reminder', async () => {
    const threadId = '00000000-0000-4000-8000-0000000000a1';
    const reminder: NotificationPage = {
      ...page,
      items: [
        {
          ...page.items[0]!,
          id: '00000000-0000-4000-8000-000000000002',
          kind: 'inbox-reminder',
          title: 'Follow up with bikes.example',
          body: 'They have not answered since you set the reminder.',
          inboxThreadId: threadId,
        },
      ],
    };
    mockApi({
      [`GET ${apiPaths.me}`]: () => json(200, testUser),
      [`GET ${withQuery(apiPaths.notifications, { page: 1, pageSize: 10 })}`]: () => json(200, reminder),
      [`POST ${apiPaths.notificationsRead}`]: () => json(200, { updated: 1 }),
    });
    const { router } = renderApp(paths.dashboard);
    const user = userEvent.setup();
    const [bell] = await screen.findAllByRole('button', { name: 'Notifications (1 unread)' });
    await user.click(bell!);
    await user.click(await screen.findByText(reminder.items[0]!.title));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.inboxThread(threadId)));
  });
});
