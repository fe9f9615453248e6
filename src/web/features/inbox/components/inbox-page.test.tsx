// @vitest-environment jsdom
import '#web/test/setup-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiPaths, paths, withQuery } from '#shared/paths';
import type { InboxLabel, InboxPage, InboxThreadSummary } from '#shared/schemas/inbox';
import { FakeEventSource } from '#web/test/fake-event-source';
import { mailboxFixture, teamUserFixture } from '#web/test/fixtures';
import { apiError, json, mockApi, testUser } from '#web/test/mock-api';
import { renderApp } from '#web/test/render-app';
import { chooseOption } from '#web/test/select';

// The conversation pane is another component's concern: a stand-in shows which one is open and its Back.
vi.mock('./thread-view', () => ({
  ThreadView: ({ threadId, onBack }: { threadId: string; onBack: () => void }) => (
    <div data-testid="thread-view">
      Conversation {threadId}
      <button type="button" onClick={onBack}>
        Back
      </button>
    </div>
  ),
}));

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const labelId = id(101);
const campaignId = id(201);
const mailboxId = id(301);
const miaId = id(401);

const interested: InboxLabel = {
  id: labelId,
  name: 'Interested',
  outcome: 'responded',
  category: 'interested',
  position: 0,
};
const members = [
  teamUserFixture(),
  teamUserFixture({ id: miaId, name: 'Mia Member', email: 'mia@example.com', role: 'member' }),
];
const mailbox = mailboxFixture({ id: mailboxId });

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const thread = (n: number, over: Partial<InboxThreadSummary> = {}): InboxThreadSummary => ({
  id: id(n),
  prospectId: id(n + 1000),
  website: `site${n}.example`,
  contactName: null,
  contactEmail: `owner@site${n}.example`,
  campaignId,
  campaignName: 'Bikes',
  mailboxId,
  mailboxEmail: mailbox.email,
  subject: `Subject ${n}`,
  snippet: `Snippet ${n}`,
  lastKind: 'reply',
  lastMessageAt: minutesAgo(n),
  unread: false,
  needsAnswer: false,
  label: null,
  assignee: null,
  remindAt: null,
  ...over,
});
const page = (items: InboxThreadSummary[], nextCursor: string | null = null): InboxPage => ({
  items,
  nextCursor,
});

const unreadReply = thread(1, {
  contactName: 'Jane Rider',
  unread: true,
  needsAnswer: true,
  label: { id: labelId, name: 'Interested', outcome: 'responded' },
  assignee: { id: miaId, name: 'Mia Member' },
  remindAt: '2026-03-05T09:00:00.000Z',
  subject: 'Re: A guest post for Bikes',
  snippet: 'Sounds good, what topic did you have in mind?',
});
const autoReply = thread(2, { lastKind: 'auto_reply', subject: 'Out of office' });
const bounce = thread(3, { lastKind: 'bounce', subject: 'Undeliverable' });

const threads = (query: Record<string, string> = {}) => `GET ${withQuery(apiPaths.inboxThreads, query)}`;

/** The dashboard's API with the inbox on top: the session, an unread count, the filters' options. */
function mockInbox(handlers: Parameters<typeof mockApi>[0], unread = 0) {
  return mockApi({
    [`GET ${apiPaths.me}`]: () => json(200, testUser),
    [`GET ${apiPaths.inboxUnread}`]: () => json(200, { unread }),
    [`GET ${apiPaths.inboxLabels}`]: () => json(200, [interested]),
    [`GET ${apiPaths.campaignOptions}`]: () => json(200, [{ id: campaignId, name: 'Bikes' }]),
    [`GET ${apiPaths.emailAccounts}`]: () => json(200, [mailbox]),
    [`GET ${apiPaths.users}`]: () => json(200, members),
    ...handlers,
  });
}

const rows = async () =>
  within(await screen.findByRole('list', { name: 'Conversations' })).getAllByRole('link');
const requested = (api: ReturnType<typeof mockApi>) =>
  api.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith(apiPaths.inboxThreads));

describe('the inbox', () => {
  it('has a sidebar entry after Contacts with the live unread count', async () => {
    FakeEventSource.install();
    let unread = 3;
    mockApi({
      [`GET ${apiPaths.me}`]: () => json(200, testUser),
      [`GET ${apiPaths.inboxUnread}`]: () => json(200, { unread }),
      [threads()]: () => json(200, page([])),
    });
    renderApp(paths.inbox);
    const sidebar = await screen.findByTestId('sidebar');
    const links = within(sidebar).getAllByRole('link');
    const names = links.map((link) => link.textContent);
    expect(names.indexOf('Contacts') + 1).toBe(names.findIndex((n) => n?.startsWith('Inbox')));
    const inbox = await within(sidebar).findByRole('link', { name: 'Inbox, 3 unread' });
    expect(inbox).toHaveAttribute('href', paths.inbox);
    expect(inbox).toHaveAttribute('aria-current', 'page');
    expect(within(inbox).getByTestId('nav-count')).toHaveTextContent('3');

    // A reply arrives: the server's event refreshes the count.
    unread = 4;
    await vi.waitFor(() => FakeEventSource.latest());
    FakeEventSource.latest().emit({ type: 'inbound.applied', campaignId });
    expect(await within(sidebar).findByRole('link', { name: 'Inbox, 4 unread' })).toBeInTheDocument();

    // All read: no count at all.
    unread = 0;
    FakeEventSource.latest().emit({ type: 'inbox.changed' });
    expect(await within(sidebar).findByRole('link', { name: 'Inbox' })).toBeInTheDocument();
    expect(within(sidebar).queryByTestId('nav-count')).not.toBeInTheDocument();
  });

  it('lists the conversations with what each one is at', async () => {
    mockInbox({ [threads()]: () => json(200, page([unreadReply, autoReply, bounce])) });
    renderApp(paths.inbox);
    expect(await screen.findByRole('heading', { level: 1, name: 'Inbox' })).toBeInTheDocument();
    const [first, second, third] = await rows();

    expect(first).toHaveAccessibleName(/^Unread: site1\.example, Jane Rider 1 minute ago Re: A guest post/);
    expect(first).toHaveAccessibleName(/Interested Needs answer Reminder Mar 5 Assigned to Mia Member$/);
    expect(first).toHaveTextContent('Jane Rider');
    expect(first).toHaveTextContent('Re: A guest post for Bikes');
    expect(first).toHaveTextContent('Sounds good, what topic did you have in mind?');
    expect(first).toHaveTextContent('1 minute ago');
    expect(first).toHaveTextContent('Interested');
    expect(first).toHaveTextContent('Needs answer');
    expect(first).toHaveTextContent('Reminder Mar 5');
    expect(first).toHaveTextContent('Assigned to Mia Member');
    expect(within(first!).getByText('MM')).toBeInTheDocument();
    expect(within(first!).getByTestId('unread-dot')).toBeInTheDocument();
    expect(within(first!).getByText('site1.example')).toHaveClass('font-semibold');
    expect(within(second!).getByText('site2.example')).not.toHaveClass('font-semibold');
    expect(first).not.toHaveTextContent('Auto-reply');

    expect(second).not.toHaveAccessibleName(/^Unread/);
    expect(within(second!).queryByTestId('unread-dot')).not.toBeInTheDocument();
    expect(second).toHaveTextContent('Auto-reply');
    expect(third).toHaveTextContent('Bounce');
    expect(first).toHaveAttribute('href', paths.inboxThread(unreadReply.id));

    // Desktop: no conversation open yet.
    expect(screen.getByText('Select a conversation')).toBeInTheDocument();
    expect(screen.queryByTestId('thread-view')).not.toBeInTheDocument();
  });

  it('opens a conversation beside the list, keeping the filters, and goes back to the list', async () => {
    const api = mockInbox({ [threads({ view: 'unread' })]: () => json(200, page([unreadReply, autoReply])) });
    const user = userEvent.setup();
    const { router } = renderApp(`${paths.inbox}?view=unread`);
    const [first] = await rows();
    expect(first).not.toHaveAttribute('aria-current');

    await user.click(first!);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.inboxThread(unreadReply.id)));
    expect(router.state.location.search).toBe('?view=unread');
    expect(screen.getByTestId('thread-view')).toHaveTextContent(`Conversation ${unreadReply.id}`);
    expect((await rows())[0]).toHaveAttribute('aria-current', 'page');
    expect((await rows())[1]).not.toHaveAttribute('aria-current');
    expect(screen.queryByText('Select a conversation')).not.toBeInTheDocument();
    // On phones the list gives way to the conversation.
    expect(screen.getByRole('region', { name: 'Conversations list' })).toHaveClass('hidden', 'lg:flex');
    expect(screen.getByRole('region', { name: 'Conversation' })).not.toHaveClass('hidden');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.inbox));
    expect(router.state.location.search).toBe('?view=unread');
    expect(screen.getByRole('region', { name: 'Conversations list' })).not.toHaveClass('hidden');
    expect(screen.getByText('Select a conversation')).toBeInTheDocument();
    // The list stayed mounted while the conversation was open: it was asked for once.
    expect(requested(api)).toEqual([`${apiPaths.inboxThreads}?view=unread`]);
  });

  it('opens the conversation of a link straight away', async () => {
    mockInbox({ [threads()]: () => json(200, page([unreadReply, autoReply])) });
    renderApp(paths.inboxThread(autoReply.id));
    expect(await screen.findByTestId('thread-view')).toHaveTextContent(`Conversation ${autoReply.id}`);
    expect((await rows())[1]).toHaveAttribute('aria-current', 'page');
  });

  it('asks the server with the view, filters, search and auto-replies toggle, and keeps them in the URL', async () => {
    const everyFilter = {
      view: 'needs_answer',
      labelId,
      campaignId,
      mailboxId,
      assignee: miaId,
      search: 'guest post',
    };
    const api = mockInbox({
      [threads()]: () => json(200, page([unreadReply, autoReply])),
      [threads({ view: 'needs_answer' })]: () => json(200, page([unreadReply])),
      [threads({ view: 'needs_answer', labelId })]: () => json(200, page([unreadReply])),
      [threads({ view: 'needs_answer', labelId, campaignId })]: () => json(200, page([unreadReply])),
      [threads({ view: 'needs_answer', labelId, campaignId, mailboxId })]: () =>
        json(200, page([unreadReply])),
      [threads({ view: 'needs_answer', labelId, campaignId, mailboxId, assignee: 'me' })]: () =>
        json(200, page([unreadReply])),
      [threads({ view: 'needs_answer', labelId, campaignId, mailboxId, assignee: miaId })]: () =>
        json(200, page([unreadReply])),
      [threads(everyFilter)]: () => json(200, page([])),
      [threads({ ...everyFilter, automatic: 'true' })]: () => json(200, page([bounce])),
    });
    const user = userEvent.setup();
    const { router } = renderApp(paths.inbox);
    expect(await rows()).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Needs answer' }));
    expect(screen.getByRole('button', { name: 'Needs answer' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(async () => expect(await rows()).toHaveLength(1));

    // The dropdowns wait behind Filters.
    expect(screen.queryByRole('combobox', { name: 'Filter by label' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await chooseOption(user, 'Filter by label', 'Interested');
    await chooseOption(user, 'Filter by campaign', 'Bikes');
    await chooseOption(user, 'Filter by mailbox', mailbox.email);
    await chooseOption(user, 'Filter by assignee', 'Me');
    await chooseOption(user, 'Filter by assignee', 'Mia Member');
    expect(screen.getByRole('button', { name: 'Filters, 4 active' })).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search conversations' }), '  guest post');
    expect(await screen.findByText('No conversations match')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Show auto-replies and bounces' }));
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    expect((await rows())[0]).toHaveTextContent('Bounce');

    expect(requested(api)).toEqual([
      apiPaths.inboxThreads,
      `${apiPaths.inboxThreads}?view=needs_answer`,
      `${apiPaths.inboxThreads}?view=needs_answer&labelId=${labelId}`,
      `${apiPaths.inboxThreads}?view=needs_answer&labelId=${labelId}&campaignId=${campaignId}`,
      `${apiPaths.inboxThreads}?view=needs_answer&labelId=${labelId}&campaignId=${campaignId}&mailboxId=${mailboxId}`,
      `${apiPaths.inboxThreads}?view=needs_answer&labelId=${labelId}&campaignId=${campaignId}&mailboxId=${mailboxId}&assignee=me`,
      `${apiPaths.inboxThreads}?view=needs_answer&labelId=${labelId}&campaignId=${campaignId}&mailboxId=${mailboxId}&assignee=${miaId}`,
      // Asked once typing rested, trimmed.
      `${apiPaths.inboxThreads}?view=needs_answer&labelId=${labelId}&campaignId=${campaignId}&mailboxId=${mailboxId}&assignee=${miaId}&search=guest+post`,
      `${apiPaths.inboxThreads}?view=needs_answer&labelId=${labelId}&campaignId=${campaignId}&mailboxId=${mailboxId}&assignee=${miaId}&search=guest+post&automatic=true`,
    ]);
    const url = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(url)).toEqual({
      view: 'needs_answer',
      labelId,
      campaignId,
      mailboxId,
      assignee: miaId,
      search: '  guest post',
      automatic: 'true',
    });
  });

  it('reads the filters of its URL, with their dropdowns open, and clears them', async () => {
    const api = mockInbox({
      [threads({ assignee: 'none', automatic: 'true' })]: () => json(200, page([autoReply])),
      [threads({ automatic: 'true' })]: () => json(200, page([autoReply, bounce])),
    });
    const user = userEvent.setup();
    renderApp(`${paths.inbox}?assignee=none&automatic=true`);
    expect(await rows()).toHaveLength(1);
    expect(screen.getByRole('combobox', { name: 'Filter by assignee' })).toHaveTextContent('Unassigned');
    expect(screen.getByRole('checkbox', { name: 'Show auto-replies and bounces' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(async () => expect(await rows()).toHaveLength(2));
    expect(requested(api).at(-1)).toBe(`${apiPaths.inboxThreads}?automatic=true`);
  });

  it('loads older conversations with the cursor and adds them below', async () => {
    const api = mockInbox({
      [threads()]: () => json(200, page([unreadReply, autoReply], 'cursor-1')),
      [threads({ cursor: 'cursor-1' })]: () => json(200, page([bounce])),
    });
    const user = userEvent.setup();
    renderApp(paths.inbox);
    expect(await rows()).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(async () => expect(await rows()).toHaveLength(3));
    expect((await rows())[2]).toHaveTextContent('Undeliverable');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requested(api)).toEqual([apiPaths.inboxThreads, `${apiPaths.inboxThreads}?cursor=cursor-1`]);
  });

  it('tells a new workspace where conversations come from', async () => {
    mockInbox({ [threads()]: () => json(200, page([])) });
    renderApp(paths.inbox);
    expect(await screen.findByRole('heading', { name: 'No conversations yet' })).toBeInTheDocument();
    expect(screen.getByText(/reply to your campaign emails/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows a failed load with Try again, which loads it again', async () => {
    let fail = true;
    mockInbox({
      [threads()]: () => (fail ? apiError(403, 'FORBIDDEN', 'Nope') : json(200, page([autoReply]))),
    });
    const user = userEvent.setup();
    renderApp(paths.inbox);
    expect(await screen.findByText('Failed to load the inbox')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await rows()).toHaveLength(1);
    expect(screen.queryByText('Failed to load the inbox')).not.toBeInTheDocument();
  });

  it('keeps the list when the next page fails, and says so under it', async () => {
    mockInbox({
      [threads()]: () => json(200, page([autoReply], 'cursor-1')),
      [threads({ cursor: 'cursor-1' })]: () => apiError(403, 'FORBIDDEN', 'Nope'),
    });
    const user = userEvent.setup();
    renderApp(paths.inbox);
    expect(await rows()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load more conversations');
    expect(await rows()).toHaveLength(1);
  });

  it('refreshes the list when a conversation changes (inbox.changed)', async () => {
    FakeEventSource.install();
    let items = [autoReply];
    mockInbox({ [threads()]: () => json(200, page(items)) });
    renderApp(paths.inbox);
    expect(await rows()).toHaveLength(1);
    items = [unreadReply, autoReply];
    await vi.waitFor(() => FakeEventSource.latest());
    FakeEventSource.latest().emit({ type: 'inbox.changed' });
    await waitFor(async () => expect(await rows()).toHaveLength(2));
  });
});
