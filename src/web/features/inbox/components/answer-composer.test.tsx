// @vitest-environment jsdom
import '#web/test/setup-dom';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { apiPaths, withId } from '#shared/paths';
import { aiMessages } from '#shared/schemas/ai';
import { inboxMessages as m, type InboxThread } from '#shared/schemas/inbox';
import { Providers } from '#web/app/providers';
import { apiError, json, mockApi, sentTo } from '#web/test/mock-api';
import { AnswerComposer, AUTOSAVE_DELAY_MS } from './answer-composer';

// sonner keeps its toasts in a module-wide store, replayed to the next test's toaster otherwise.
afterEach(() => {
  toast.dismiss();
});

const threadId = '00000000-0000-4000-8000-0000000000a1';
const replyId = '00000000-0000-4000-8000-0000000000f1';
const draftPath = withId(apiPaths.inboxThreadDraft, threadId);
const answerPath = withId(apiPaths.inboxThreadAnswer, threadId);

const data = (over: Partial<InboxThread> = {}): InboxThread => ({
  thread: {
    id: threadId,
    prospectId: 'p1',
    website: 'bikes.example',
    contactName: 'Ann Rider',
    contactEmail: 'ann@bikes.example',
    campaignId: 'c1',
    campaignName: 'Spring outreach',
    mailboxId: 'mb1',
    mailboxEmail: 'ada@sender.test',
    subject: 'Re: Guide',
    snippet: 'What is the URL?',
    lastKind: 'reply',
    lastMessageAt: '2026-11-21T09:00:00.000Z',
    unread: false,
    needsAnswer: true,
    label: null,
    assignee: null,
    remindAt: null,
  },
  prospect: {
    id: 'p1',
    website: 'bikes.example',
    contactName: 'Ann Rider',
    contactEmail: 'ann@bikes.example',
    daScore: null,
    relevanceScore: null,
    status: 'responded',
    campaignId: 'c1',
    campaignName: 'Spring outreach',
    domainMemory: null,
    liveLinks: [],
  },
  mailbox: { id: 'mb1', email: 'ada@sender.test', paused: false, error: null },
  messages: [
    {
      type: 'inbound',
      id: replyId,
      kind: 'reply',
      fromEmail: 'ann@bikes.example',
      subject: 'Re: Guide',
      text: 'What is the URL?',
      quotedText: '',
      hasHtml: false,
      attachments: [],
      at: '2026-11-21T09:00:00.000Z',
    },
  ],
  answerSubject: 'Re: Guide',
  draft: null,
  notes: [],
  ...over,
});

const savedDraft = (body: unknown) =>
  json(200, { ...(body as object), updatedAt: '2026-11-21T10:00:00.000Z', lastError: null });
const aiOff = () => json(200, { configured: false, model: null, requestsLeftToday: 50, dailyLimit: 50 });

function renderComposer(thread: InboxThread, handlers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    [`GET ${apiPaths.aiStatus}`]: aiOff,
    [`PUT ${draftPath}`]: savedDraft,
    ...handlers,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <Providers client={client}>
      <AnswerComposer data={thread} />
    </Providers>,
  );
  return { api, user: userEvent.setup() };
}

const body = () => screen.getByLabelText('Your answer');
const sendButton = () => screen.getByRole('button', { name: 'Send' });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('AnswerComposer', () => {
  it('opens with the draft and the reason its last send failed', () => {
    renderComposer(
      data({
        draft: {
          subject: 'Re: Guide (link)',
          body: 'Here is the link.',
          updatedAt: '2026-11-21T10:00:00.000Z',
          lastError: m.mailboxPaused,
        },
      }),
    );
    expect(screen.getByLabelText('Subject')).toHaveValue('Re: Guide (link)');
    expect(body()).toHaveValue('Here is the link.');
    expect(screen.getByText(m.mailboxPaused)).toBeInTheDocument();
  });

  it('saves the draft once typing pauses', async () => {
    const { api, user } = renderComposer(data());
    expect(screen.getByLabelText('Subject')).toHaveValue('Re: Guide');
    await user.type(body(), 'Hello Ann');
    // Debounced: nothing is sent while the member types.
    expect(sentTo(api, 'PUT', draftPath)).toEqual([]);
    expect(screen.getByText('Saving…')).toBeInTheDocument();
    expect(await screen.findByText('Draft saved')).toBeInTheDocument();
    expect(sentTo(api, 'PUT', draftPath)).toEqual([{ subject: 'Re: Guide', body: 'Hello Ann' }]);
  });

  it('sends the answer, clears the composer and saves no draft after it', async () => {
    const sent = data({ answerSubject: 'Re: Guide' });
    const { api, user } = renderComposer(data(), { [`POST ${answerPath}`]: () => json(201, sent) });
    expect(sendButton()).toBeDisabled();
    await user.type(body(), 'It is https://mysite.test/guide');
    await user.click(sendButton());
    expect(await screen.findByText(m.sent)).toBeInTheDocument();
    expect(sentTo(api, 'POST', answerPath)).toEqual([
      { subject: 'Re: Guide', body: 'It is https://mysite.test/guide' },
    ]);
    expect(body()).toHaveValue('');
    expect(sendButton()).toBeDisabled();
    // The autosave that was waiting when Send was clicked was dropped, not sent after the answer.
    await pause(AUTOSAVE_DELAY_MS + 200);
    expect(sentTo(api, 'PUT', draftPath)).toEqual([]);
  });

  it('keeps the text and shows the server’s message when the send is refused', async () => {
    const { api, user } = renderComposer(data(), {
      [`POST ${answerPath}`]: () => apiError(409, 'CONFLICT', m.mailboxPaused),
    });
    await user.type(body(), 'Thanks!');
    await user.click(sendButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(m.mailboxPaused);
    expect(body()).toHaveValue('Thanks!');
    expect(sentTo(api, 'POST', answerPath)).toHaveLength(1);
    expect(screen.queryByText(m.sent)).toBeNull();
  });

  it('sends once however often Send is clicked', async () => {
    let answer: (response: Response) => void = () => {};
    const { api, user } = renderComposer(data(), {
      [`POST ${answerPath}`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await user.type(body(), 'Thanks!');
    await user.dblClick(sendButton());
    await user.click(sendButton());
    await waitFor(() => expect(sendButton()).toBeDisabled());
    answer(json(201, data()));
    expect(await screen.findByText(m.sent)).toBeInTheDocument();
    expect(sentTo(api, 'POST', answerPath)).toHaveLength(1);
  });

  it('says the mailbox is gone instead of offering Send, and warns about a paused one', () => {
    renderComposer(data({ mailbox: null }));
    expect(screen.getByText(m.mailboxGone)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });

  it('warns above the composer when the mailbox is paused', () => {
    renderComposer(data({ mailbox: { id: 'mb1', email: 'ada@sender.test', paused: true, error: null } }));
    expect(screen.getByText(m.mailboxPaused)).toBeInTheDocument();
    expect(sendButton()).toBeInTheDocument();
  });

  it('fills the body with an AI suggestion for the latest reply', async () => {
    const { api, user } = renderComposer(data(), {
      [`GET ${apiPaths.aiStatus}`]: () =>
        json(200, { configured: true, model: 'm', requestsLeftToday: 5, dailyLimit: 50 }),
      [`POST ${withId(apiPaths.replySuggestion, replyId)}`]: () =>
        json(200, { category: 'question', draft: 'Hi Ann, here is the URL.' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Suggest an answer' }));
    await waitFor(() => expect(body()).toHaveValue('Hi Ann, here is the URL.'));
    // The suggestion is a draft like any other: it is saved, and the button goes once there is text.
    expect(screen.queryByRole('button', { name: 'Suggest an answer' })).toBeNull();
    await waitFor(() =>
      expect(sentTo(api, 'PUT', draftPath)).toEqual([
        { subject: 'Re: Guide', body: 'Hi Ann, here is the URL.' },
      ]),
    );
  });

  it('says next to the button when the AI’s answer could not be used, and refreshes the quota', async () => {
    const { api, user } = renderComposer(data(), {
      [`GET ${apiPaths.aiStatus}`]: () =>
        json(200, { configured: true, model: 'm', requestsLeftToday: 5, dailyLimit: 50 }),
      [`POST ${withId(apiPaths.replySuggestion, replyId)}`]: () =>
        apiError(502, 'AI_UNUSABLE_ANSWER', aiMessages.unusableAnswer),
    });
    const button = await screen.findByRole('button', { name: 'Suggest an answer' });
    await user.click(button);
    const message = await screen.findByRole('alert');
    expect(message).toHaveTextContent(aiMessages.unusableAnswer);
    expect(message.previousElementSibling).toContainElement(button);
    expect(body()).toHaveValue('');
    await waitFor(() => expect(sentTo(api, 'GET', apiPaths.aiStatus)).toHaveLength(2));
  });

  it('offers no suggestion when AI is not configured', async () => {
    const { api } = renderComposer(data());
    await waitFor(() => expect(sentTo(api, 'GET', apiPaths.aiStatus)).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Suggest an answer' })).toBeNull();
  });

  it('inserts a placeholder where the caret is', async () => {
    const { user } = renderComposer(data());
    await user.type(body(), 'Hi , thanks');
    (body() as HTMLTextAreaElement).setSelectionRange(3, 3);
    await user.click(screen.getByRole('button', { name: 'Insert placeholder' }));
    await user.click(await screen.findByRole('menuitem', { name: '[First Name]' }));
    expect(body()).toHaveValue('Hi [First Name], thanks');
  });
});
