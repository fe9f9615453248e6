// @vitest-environment jsdom
import '#web/test/setup-dom';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPaths, paths, withId } from '#shared/paths';
import {
  inboxMessages as m,
  type InboxLabel,
  type InboxThread,
  type LabelThreadResult,
  type ThreadMessage,
} from '#shared/schemas/inbox';
import type { TeamUser } from '#shared/schemas/settings';
import { Providers } from '#web/app/providers';
import { apiError, json, mockApi, sentTo, testUser } from '#web/test/mock-api';
import { ThreadView } from './thread-view';

const threadId = '00000000-0000-4000-8000-0000000000a1';
const prospectId = '00000000-0000-4000-8000-0000000000b1';
const campaignId = '00000000-0000-4000-8000-0000000000c1';
const interested: InboxLabel = {
  id: '00000000-0000-4000-8000-0000000000d1',
  name: 'Interested',
  outcome: 'responded',
  category: 'interested',
  position: 0,
};
const linkPlaced: InboxLabel = {
  id: '00000000-0000-4000-8000-0000000000d2',
  name: 'Link placed',
  outcome: 'success',
  category: null,
  position: 1,
};
const mia: TeamUser = {
  id: '00000000-0000-4000-8000-0000000000e2',
  name: 'Mia Member',
  email: 'mia@example.com',
  role: 'member',
  joinedAt: '2026-11-20T10:00:00.000Z',
};

const step: ThreadMessage = {
  type: 'step',
  id: 'm-step',
  stepNumber: 1,
  subject: 'A resource for your readers',
  body: 'Hi Ann, would you link our guide?',
  toEmail: 'ann@bikes.example',
  at: '2026-11-20T10:00:00.000Z',
};
const reply: ThreadMessage = {
  type: 'inbound',
  id: 'm-reply',
  kind: 'reply',
  fromEmail: 'ann@bikes.example',
  subject: 'Re: A resource for your readers',
  text: 'Sounds good, what is the URL?',
  quotedText: '> Hi Ann, would you link our guide?',
  hasHtml: true,
  attachments: [
    { id: 'att-1', filename: 'rates.pdf', contentType: 'application/pdf', size: 245_760, downloadable: true },
    {
      id: 'att-2',
      filename: 'video.mov',
      contentType: 'video/quicktime',
      size: 52_428_800,
      downloadable: false,
    },
  ],
  at: '2026-11-21T09:00:00.000Z',
};
const answer: ThreadMessage = {
  type: 'answer',
  id: 'm-answer',
  author: 'Ada Lovelace',
  subject: 'Re: A resource for your readers',
  body: 'Here it is: https://mysite.test/guide',
  toEmail: 'ann@bikes.example',
  sentCopyError: 'the Sent folder is full',
  at: '2026-11-21T10:00:00.000Z',
};
const autoReply: ThreadMessage = {
  type: 'inbound',
  id: 'm-auto',
  kind: 'auto_reply',
  fromEmail: 'ann@bikes.example',
  subject: 'Out of office',
  text: 'I am away until Monday.',
  quotedText: '',
  hasHtml: false,
  attachments: [],
  at: '2026-11-21T11:00:00.000Z',
};

const thread = (
  over: Partial<InboxThread> = {},
  summary: Partial<InboxThread['thread']> = {},
): InboxThread => ({
  thread: {
    id: threadId,
    prospectId,
    website: 'bikes.example',
    contactName: 'Ann Rider',
    contactEmail: 'ann@bikes.example',
    campaignId,
    campaignName: 'Spring outreach',
    mailboxId: 'mb1',
    mailboxEmail: 'ada@sender.test',
    subject: 'Re: A resource for your readers',
    snippet: 'Sounds good',
    lastKind: 'auto_reply',
    lastMessageAt: autoReply.at,
    unread: true,
    needsAnswer: true,
    label: null,
    assignee: null,
    remindAt: null,
    ...summary,
  },
  prospect: {
    id: prospectId,
    website: 'bikes.example',
    contactName: 'Ann Rider',
    contactEmail: 'ann@bikes.example',
    daScore: 42,
    relevanceScore: 87,
    status: 'responded',
    campaignId,
    campaignName: 'Spring outreach',
    domainMemory: null,
    liveLinks: [{ id: 'll1', pageUrl: 'https://bikes.example/partners', status: 'active' }],
  },
  mailbox: { id: 'mb1', email: 'ada@sender.test', paused: false, error: null },
  // Out of order on purpose: the view shows them by time.
  messages: [answer, step, autoReply, reply],
  answerSubject: 'Re: Out of office',
  draft: null,
  notes: [],
  ...over,
});

const noContent = () => new Response(null, { status: 204 });

/** The conversation `data` rendered as the inbox page hosts it, with `handlers` on top of its API. */
function renderThread(data: InboxThread, handlers: Parameters<typeof mockApi>[0] = {}) {
  window.sessionStorage.setItem('workspace-id', 'w1');
  const api = mockApi({
    [`GET ${apiPaths.me}`]: () => json(200, testUser),
    [`GET ${apiPaths.users}`]: () => json(200, [mia]),
    [`GET ${apiPaths.inboxLabels}`]: () => json(200, [interested, linkPlaced]),
    [`GET ${withId(apiPaths.inboxThread, threadId)}`]: () => json(200, data),
    [`PUT ${withId(apiPaths.inboxThreadRead, threadId)}`]: noContent,
    ...handlers,
  });
  const onBack = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <Providers client={client}>
      <MemoryRouter>
        <ThreadView threadId={threadId} onBack={onBack} />
      </MemoryRouter>
    </Providers>,
  );
  return { api, onBack, user: userEvent.setup() };
}

afterEach(() => {
  window.sessionStorage.clear();
  // sonner keeps its toasts in a module-wide store, replayed to the next test's toaster otherwise.
  toast.dismiss();
});

describe('ThreadView', () => {
  it('shows the messages in time order, ours apart from theirs, with the quoted history collapsed', async () => {
    const { user } = renderThread(thread());
    const list = await screen.findByRole('list', { name: 'Messages' });
    const cards = within(list).getAllByRole('article');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Our message: Step 1',
      'Their message from ann@bikes.example',
      'Our message: Answer by Ada Lovelace',
      'Their message from ann@bikes.example',
    ]);
    expect(cards[0]).toHaveClass('ml-auto');
    expect(cards[1]).toHaveClass('mr-auto');
    expect(cards[1]).toHaveTextContent('Sounds good, what is the URL?');
    expect(cards[2]).toHaveTextContent('Not copied to the Sent folder: the Sent folder is full');
    expect(within(cards[3]!).getByText('Auto-reply')).toBeInTheDocument();
    expect(within(cards[1]!).queryByText('Auto-reply')).toBeNull();

    expect(screen.queryByText('> Hi Ann, would you link our guide?')).toBeNull();
    await user.click(within(cards[1]!).getByRole('button', { name: 'Show quoted text' }));
    expect(within(cards[1]!).getByText('> Hi Ann, would you link our guide?')).toBeInTheDocument();
    await user.click(within(cards[1]!).getByRole('button', { name: 'Hide quoted text' }));
    expect(screen.queryByText('> Hi Ann, would you link our guide?')).toBeNull();
  });

  it('shows the header: subject, prospect, campaign link and mailbox', async () => {
    renderThread(thread());
    const title = await screen.findByRole('heading', { name: 'Re: A resource for your readers' });
    const header = title.closest('header')!;
    expect(header).toHaveTextContent('bikes.example · Ann Rider · ann@bikes.example');
    expect(header).toHaveTextContent('via ada@sender.test');
    expect(within(header).getByRole('link', { name: 'Spring outreach' })).toHaveAttribute(
      'href',
      paths.campaign(campaignId),
    );
  });

  it('marks an unread conversation read once it is open', async () => {
    const { api } = renderThread(thread());
    await screen.findByRole('list', { name: 'Messages' });
    await waitFor(() =>
      expect(sentTo(api, 'PUT', withId(apiPaths.inboxThreadRead, threadId))).toEqual([{ read: true }]),
    );
  });

  it('does not mark a read conversation again, and Mark unread sends read false', async () => {
    const { api, user } = renderThread(thread({}, { unread: false }));
    await user.click(await screen.findByRole('button', { name: 'Conversation actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mark unread' }));
    expect(await screen.findByText('Marked unread')).toBeInTheDocument();
    // Marked unread, the conversation is not marked read again while it stays open.
    expect(sentTo(api, 'PUT', withId(apiPaths.inboxThreadRead, threadId))).toEqual([{ read: false }]);
  });

  it('labels the conversation and undoes it with the previous label and status', async () => {
    const previousLabelId = interested.id;
    const { api, user } = renderThread(
      thread({}, { label: { id: previousLabelId, name: 'Interested', outcome: 'responded' } }),
      {
        [`PUT ${withId(apiPaths.inboxThreadLabel, threadId)}`]: (body) => {
          const result: LabelThreadResult =
            (body as { restoreStatus?: string }).restoreStatus === undefined
              ? { previousLabelId, previousStatus: 'responded', status: 'success', proposeLiveLink: true }
              : {
                  previousLabelId: linkPlaced.id,
                  previousStatus: 'success',
                  status: 'responded',
                  proposeLiveLink: false,
                };
          return json(200, result);
        },
      },
    );
    await user.click(await screen.findByRole('combobox', { name: 'Label' }));
    await user.click(await screen.findByRole('option', { name: 'Link placed' }));
    expect(await screen.findByText('Labelled Link placed · status → Success')).toBeInTheDocument();
    // A placed link: adding it to Live Links is proposed.
    expect(screen.getByText(/Link placed on bikes\.example\?/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(sentTo(api, 'PUT', withId(apiPaths.inboxThreadLabel, threadId))).toEqual([
        { labelId: linkPlaced.id },
        { labelId: previousLabelId, restoreStatus: 'responded' },
      ]),
    );
    expect(await screen.findByText('Label change undone')).toBeInTheDocument();
    // Back to a label that places no link, the proposal goes.
    expect(screen.queryByText(/Link placed on bikes\.example\?/)).toBeNull();
  });

  it('opens the Add Live Link dialog from the proposal', async () => {
    const { user } = renderThread(thread(), {
      [`PUT ${withId(apiPaths.inboxThreadLabel, threadId)}`]: () =>
        json(200, {
          previousLabelId: null,
          previousStatus: 'responded',
          status: 'success',
          proposeLiveLink: true,
        }),
      [`GET ${apiPaths.campaignOptions}`]: () => json(200, [{ id: campaignId, name: 'Spring outreach' }]),
    });
    await user.click(await screen.findByRole('combobox', { name: 'Label' }));
    await user.click(await screen.findByRole('option', { name: 'Link placed' }));
    await user.click(await screen.findByRole('button', { name: 'Add live link' }));
    expect(await screen.findByRole('dialog', { name: 'Add Live Link' })).toBeInTheDocument();
  });

  it('assigns the conversation and sets a reminder', async () => {
    const remindAt = '2026-11-24T09:00:00.000Z';
    const { api, user } = renderThread(thread(), {
      [`PUT ${withId(apiPaths.inboxThreadAssignee, threadId)}`]: noContent,
      [`PUT ${withId(apiPaths.inboxThreadReminder, threadId)}`]: () => json(200, { remindAt }),
    });
    await user.click(await screen.findByRole('combobox', { name: 'Assignee' }));
    await user.click(await screen.findByRole('option', { name: 'Mia Member' }));
    expect(await screen.findByText('Assigned to Mia Member')).toBeInTheDocument();
    expect(sentTo(api, 'PUT', withId(apiPaths.inboxThreadAssignee, threadId))).toEqual([
      { assigneeId: mia.id },
    ]);

    await user.click(screen.getByRole('button', { name: 'Remind me' }));
    await user.click(await screen.findByRole('menuitem', { name: 'In 3 days' }));
    expect(await screen.findByText(m.reminderSet)).toBeInTheDocument();
    expect(sentTo(api, 'PUT', withId(apiPaths.inboxThreadReminder, threadId))).toEqual([{ days: 3 }]);
    expect(await screen.findByText(/^Reminder:/)).toBeInTheDocument();
  });

  it('shows the HTML version in a sandboxed frame, remote images only on request', async () => {
    const { user } = renderThread(thread());
    const list = await screen.findByRole('list', { name: 'Messages' });
    const theirs = within(list).getAllByRole('article')[1]!;
    await user.click(within(theirs).getByRole('button', { name: 'HTML' }));
    const frame = within(theirs).getByTitle('HTML version of the message');
    expect(frame).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox');
    const src = () => frame.getAttribute('src')!;
    expect(src()).toBe(`${withId(apiPaths.inboxMessageHtml, 'm-reply')}?workspace=w1`);
    expect(within(theirs).getByText('Remote images are blocked')).toBeInTheDocument();

    await user.click(within(theirs).getByRole('button', { name: 'Show images' }));
    expect(src()).toBe(`${withId(apiPaths.inboxMessageHtml, 'm-reply')}?workspace=w1&images=1`);
    expect(within(theirs).queryByText('Remote images are blocked')).toBeNull();

    await user.click(within(theirs).getByRole('button', { name: 'Text' }));
    expect(within(theirs).queryByTitle('HTML version of the message')).toBeNull();
    // A message without an HTML version offers no toggle.
    const auto = within(list).getAllByRole('article')[3]!;
    expect(within(auto).queryByRole('button', { name: 'HTML' })).toBeNull();
  });

  it('links the attachments it kept and names the ones it did not', async () => {
    renderThread(thread());
    const files = await screen.findByRole('list', { name: 'Attachments' });
    const kept = within(files).getByRole('link', { name: 'rates.pdf' });
    expect(kept).toHaveAttribute('href', `${withId(apiPaths.inboxAttachment, 'att-1')}?workspace=w1`);
    expect(kept).toHaveAttribute('download', 'rates.pdf');
    expect(files).toHaveTextContent('240 KB');
    expect(files).toHaveTextContent('video.mov50.0 MBToo large to keep');
    expect(within(files).queryByRole('link', { name: 'video.mov' })).toBeNull();
  });

  it('shows the prospect card beside the conversation', async () => {
    renderThread(
      thread({
        prospect: {
          ...thread().prospect,
          domainMemory: {
            domain: 'bikes.example',
            lastContactedAt: '2026-10-01T10:00:00.000Z',
            campaignId: '00000000-0000-4000-8000-0000000000c9',
            campaignName: 'Autumn push',
            outcome: 'failed',
            doNotContact: false,
          },
        },
      }),
    );
    const card = await screen.findByRole('region', { name: 'Prospect' });
    const site = within(card).getByRole('link', { name: 'bikes.example' });
    expect(site).toHaveAttribute('href', 'https://bikes.example/');
    expect(site).toHaveAttribute('target', '_blank');
    expect(site).toHaveAttribute('rel', 'noopener noreferrer');
    expect(card).toHaveTextContent('LinkPilot Score42');
    expect(card).toHaveTextContent('Relevance87%');
    expect(within(card).getByText('responded')).toBeInTheDocument();
    expect(card).toHaveTextContent('Contacted October 1, 2026 by Autumn push, failed');
    expect(within(card).getByRole('link', { name: 'Spring outreach' })).toHaveAttribute(
      'href',
      paths.campaign(campaignId),
    );
    expect(within(card).getByRole('link', { name: 'https://bikes.example/partners' })).toBeInTheDocument();
    expect(within(card).getByText('active')).toBeInTheDocument();
  });

  it('calls onBack from the Back button', async () => {
    const { onBack, user } = renderThread(thread());
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledOnce();
  });

  it('says the conversation failed to load and retries', async () => {
    let fail = true;
    const { user } = renderThread(thread(), {
      [`GET ${withId(apiPaths.inboxThread, threadId)}`]: () =>
        fail ? apiError(500, 'INTERNAL', 'Something went wrong') : json(200, thread()),
    });
    expect(await screen.findByText(m.threadLoadFailed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Messages' })).toBeInTheDocument();
  });
});

describe('NotesPanel in the conversation', () => {
  const note = (id: string, authorId: string, name: string, body: string, createdAt: string) => ({
    id,
    body,
    author: { id: authorId, name },
    createdAt,
  });

  it('lists the notes newest first, adds one and deletes one of one’s own', async () => {
    const mine = note('n1', testUser.id, 'Ada Lovelace', 'Asked for rates', '2026-11-20T10:00:00.000Z');
    const theirs = note('n2', mia.id, 'Mia Member', 'Knows the editor', '2026-11-21T10:00:00.000Z');
    const { api, user } = renderThread(thread({ notes: [mine, theirs] }), {
      [`GET ${apiPaths.me}`]: () => json(200, { ...testUser, role: 'member' }),
      [`POST ${withId(apiPaths.prospectNotes, prospectId)}`]: (body) =>
        json(
          201,
          note(
            'n3',
            testUser.id,
            'Ada Lovelace',
            (body as { body: string }).body,
            '2026-11-22T10:00:00.000Z',
          ),
        ),
      [`DELETE ${withId(apiPaths.prospectNote, 'n1')}`]: noContent,
    });
    const panel = await screen.findByRole('region', { name: 'Notes' });
    const items = () => within(panel).getAllByRole('listitem');
    expect(items().map((li) => li.textContent)).toEqual([
      expect.stringContaining('Knows the editor'),
      expect.stringContaining('Asked for rates'),
    ]);
    // A member deletes their own notes only.
    await waitFor(() =>
      expect(within(items()[1]!).getByRole('button', { name: 'Delete note' })).toBeInTheDocument(),
    );
    expect(within(items()[0]!).queryByRole('button', { name: 'Delete note' })).toBeNull();

    await user.click(within(panel).getByRole('button', { name: 'Add note' }));
    expect(await within(panel).findByText(m.noteEmpty)).toBeInTheDocument();
    expect(sentTo(api, 'POST', withId(apiPaths.prospectNotes, prospectId))).toEqual([]);

    await user.type(within(panel).getByLabelText('Add a note'), 'Prefers a call');
    await user.click(within(panel).getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText(m.noteSaved)).toBeInTheDocument();
    expect(sentTo(api, 'POST', withId(apiPaths.prospectNotes, prospectId))).toEqual([
      { body: 'Prefers a call' },
    ]);
    expect(items()[0]).toHaveTextContent('Prefers a call');
    expect(within(panel).getByLabelText('Add a note')).toHaveValue('');

    await user.click(within(items()[2]!).getByRole('button', { name: 'Delete note' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(panel).queryByText('Asked for rates')).toBeNull());
    expect(sentTo(api, 'DELETE', withId(apiPaths.prospectNote, 'n1'))).toHaveLength(1);
  });
});
