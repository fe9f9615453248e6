import { describe, expect, it } from 'vitest';
import { apiPaths } from '#shared/paths';
import { aiMessages } from '#shared/schemas/ai';
import { mockApi } from '#web/test/mock-api';
import { aiFailureMessage } from '#web/data/ai-failure';
import { streamGuestPost } from './stream-guest-post';

const request = {
  campaignId: 'c1',
  yourWebsite: 'https://mysite.com',
  targetWebsite: 'https://gardenblog.org',
  topic: '',
  wordCount: 800,
  internalLinks: [],
};

const sse = (...events: [string, unknown][]) =>
  new Response(events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join(''), {
    headers: { 'Content-Type': 'text/event-stream' },
  });

describe('streamGuestPost', () => {
  it('keeps the code of an error event, so the page can say the AI’s answer could not be used', async () => {
    mockApi({
      [`POST ${apiPaths.guestPostGenerate}`]: () =>
        sse(
          ['delta', { text: ' ' }],
          ['error', { code: 'AI_UNUSABLE_ANSWER', message: aiMessages.unusableAnswer }],
        ),
    });
    const texts: string[] = [];
    const failure = await streamGuestPost(request, (text) => texts.push(text)).catch((e: unknown) => e);
    expect(failure).toMatchObject({ code: 'AI_UNUSABLE_ANSWER', message: aiMessages.unusableAnswer });
    expect(aiFailureMessage(failure, 'fallback')).toBe(aiMessages.unusableAnswer);
    expect(texts).toEqual([' ']);
  });
});
