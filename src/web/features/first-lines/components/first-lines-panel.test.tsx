// @vitest-environment jsdom
import '#web/test/setup-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiPaths, withId, withQuery } from '#shared/paths';
import type { FirstLinePage, ProspectFirstLine } from '#shared/schemas/first-lines';
import { aiMessages } from '#shared/schemas/ai';
import { apiError, json, mockApi, sentTo } from '#web/test/mock-api';
import { FirstLinesPanel } from './first-lines-panel';

const campaignId = 'c0ffee00-0000-4000-8000-00000000000c';
const drafted: ProspectFirstLine = {
  prospectId: 'p1',
  website: 'alpha.com',
  contactName: 'Ann',
  sourcePageUrl: 'https://alpha.com/locks',
  line: { text: 'Your lock test saved my bike.', status: 'draft', updatedAt: '2026-01-01T00:00:00.000Z' },
};
const bare: ProspectFirstLine = {
  prospectId: 'p2',
  website: 'beta.org',
  contactName: null,
  sourcePageUrl: null,
  line: null,
};
const page: FirstLinePage = {
  items: [drafted, bare],
  total: 2,
  page: 1,
  pageSize: 10,
  nextCursor: null,
  requireApproval: true,
};
const listUrl = withQuery(withId(apiPaths.campaignFirstLines, campaignId), {
  page: 1,
  pageSize: 10,
  order: 'asc',
});

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FirstLinesPanel campaignId={campaignId} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('FirstLinesPanel', () => {
  it('edits and approves a draft, drafts the missing lines, and turns approval off', async () => {
    const fetchMock = mockApi({
      [`GET ${apiPaths.aiStatus}`]: () =>
        json(200, { configured: true, model: 'm', requestsLeftToday: 9, dailyLimit: 9 }),
      [`GET ${listUrl}`]: () => json(200, page),
      [`PUT ${withId(apiPaths.prospectFirstLine, 'p1')}`]: (body) =>
        json(200, { ...drafted, line: { ...drafted.line!, ...(body as object), status: 'approved' } }),
      [`POST ${withId(apiPaths.prospectFirstLineDraft, 'p2')}`]: () =>
        json(200, { ...bare, line: { text: 'New', status: 'draft', updatedAt: '2026-01-01T00:00:00.000Z' } }),
      [`PUT ${withId(apiPaths.campaignFirstLineSettings, campaignId)}`]: () =>
        json(200, { requireApproval: false }),
    });
    const user = renderPanel();
    const box = await screen.findByLabelText('First line for alpha.com');
    expect(screen.getByText('No line')).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, 'Your Berlin lock test saved my bike.');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(sentTo(fetchMock, 'PUT', withId(apiPaths.prospectFirstLine, 'p1'))).toEqual([
        { text: 'Your Berlin lock test saved my bike.', approved: true },
      ]),
    );

    await user.click(screen.getByRole('button', { name: 'Draft missing on this page' }));
    await waitFor(() =>
      expect(sentTo(fetchMock, 'POST', withId(apiPaths.prospectFirstLineDraft, 'p2'))).toHaveLength(1),
    );
    expect(sentTo(fetchMock, 'POST', withId(apiPaths.prospectFirstLineDraft, 'p1'))).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: 'Approve lines before they go out' }));
    await waitFor(() =>
      expect(sentTo(fetchMock, 'PUT', withId(apiPaths.campaignFirstLineSettings, campaignId))).toEqual([
        { requireApproval: false },
      ]),
    );
  });

  it('refuses to save an empty line', async () => {
    const fetchMock = mockApi({
      [`GET ${apiPaths.aiStatus}`]: () =>
        json(200, { configured: true, model: 'm', requestsLeftToday: 9, dailyLimit: 9 }),
      [`GET ${listUrl}`]: () => json(200, page),
    });
    const user = renderPanel();
    await user.clear(await screen.findByLabelText('First line for alpha.com'));
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('The first line cannot be empty')).toBeInTheDocument();
    expect(sentTo(fetchMock, 'PUT', withId(apiPaths.prospectFirstLine, 'p1'))).toHaveLength(0);
  });

  it('says in the row and beside Draft missing when the AI’s answer could not be used', async () => {
    mockApi({
      [`GET ${apiPaths.aiStatus}`]: () =>
        json(200, { configured: true, model: 'm', requestsLeftToday: 9, dailyLimit: 9 }),
      [`GET ${listUrl}`]: () => json(200, page),
      [`POST ${withId(apiPaths.prospectFirstLineDraft, 'p2')}`]: () =>
        apiError(502, 'AI_UNUSABLE_ANSWER', aiMessages.unusableAnswer),
    });
    const user = renderPanel();
    await user.click(await screen.findByRole('button', { name: /Draft first line/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(aiMessages.unusableAnswer);
    await user.click(screen.getByRole('button', { name: 'Draft missing on this page' }));
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    for (const alert of screen.getAllByRole('alert'))
      expect(alert).toHaveTextContent(aiMessages.unusableAnswer);
  });
});
