// @vitest-environment jsdom
import '#web/test/setup-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiPaths, withId } from '#shared/paths';
import { aiMessages } from '#shared/schemas/ai';
import { replySuggestionMessages } from '#shared/schemas/reply-suggestions';
import { apiError, json, mockApi } from '#web/test/mock-api';
import { ReplyAssist } from './reply-assist';

const id = 'c0ffee00-0000-4000-8000-000000000001';
const configured = () => json(200, { configured: true, model: 'm', requestsLeftToday: 5, dailyLimit: 50 });

function renderAssist(onUseDraft?: (draft: string) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ReplyAssist inboundMessageId={id} onUseDraft={onUseDraft} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('ReplyAssist', () => {
  it('suggests a category and an editable draft, handed over only when the user asks', async () => {
    mockApi({
      [`GET ${apiPaths.aiStatus}`]: configured,
      [`POST ${withId(apiPaths.replySuggestion, id)}`]: () =>
        json(200, { category: 'asks_for_payment', draft: 'Hi Ann, we do not pay for posts.' }),
    });
    const onUseDraft = vi.fn();
    const user = renderAssist(onUseDraft);
    await user.click(await screen.findByRole('button', { name: 'Suggest a reply' }));
    expect(await screen.findByText('Asks for payment')).toBeInTheDocument();
    const draft = screen.getByLabelText('Suggested answer');
    expect(draft).toHaveValue('Hi Ann, we do not pay for posts.');
    expect(onUseDraft).not.toHaveBeenCalled();
    await user.type(draft, ' Thanks!');
    await user.click(screen.getByRole('button', { name: 'Use this draft' }));
    expect(onUseDraft).toHaveBeenCalledWith('Hi Ann, we do not pay for posts. Thanks!');
  });

  it('shows the generic error when the suggestion fails', async () => {
    mockApi({
      [`GET ${apiPaths.aiStatus}`]: configured,
      [`POST ${withId(apiPaths.replySuggestion, id)}`]: () =>
        apiError(500, 'INTERNAL', replySuggestionMessages.failed),
    });
    const user = renderAssist();
    await user.click(await screen.findByRole('button', { name: 'Suggest a reply' }));
    expect(await screen.findByText(replySuggestionMessages.failed)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use this draft' })).not.toBeInTheDocument();
  });

  it('says to try again when the AI’s answer could not be used', async () => {
    mockApi({
      [`GET ${apiPaths.aiStatus}`]: configured,
      [`POST ${withId(apiPaths.replySuggestion, id)}`]: () =>
        apiError(502, 'AI_UNUSABLE_ANSWER', aiMessages.unusableAnswer),
    });
    const user = renderAssist();
    await user.click(await screen.findByRole('button', { name: 'Suggest a reply' }));
    expect(await screen.findByText(aiMessages.unusableAnswer)).toBeInTheDocument();
  });

  it('says AI is not configured instead of offering suggestions', async () => {
    mockApi({
      [`GET ${apiPaths.aiStatus}`]: () =>
        json(200, { configured: false, model: null, requestsLeftToday: 50, dailyLimit: 50 }),
    });
    renderAssist();
    expect(await screen.findByText(aiMessages.notConfigured)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Suggest a reply' })).not.toBeInTheDocument();
  });
});
