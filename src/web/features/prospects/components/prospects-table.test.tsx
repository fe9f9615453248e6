// @vitest-environment jsdom
import '#web/test/setup-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiPaths, withId, withQuery } from '#shared/paths';
import type { Prospect } from '#shared/schemas/prospects';
import { TooltipProvider } from '#web/components/ui/tooltip';
import { liveEventInvalidator } from '#web/lib/live-events';
import { json, mockApi } from '#web/test/mock-api';
import { ProspectsTable } from './prospects-table';

const campaignId = 'c0ffee00-0000-4000-8000-00000000000c';
const listUrl = withQuery(withId(apiPaths.campaignProspects, campaignId), {
  page: 1,
  pageSize: 25,
  sort: 'daScore',
  order: 'desc',
});
const prospect = (status: Prospect['status']): Prospect => ({
  id: 'p1',
  campaignId,
  website: 'espressodaily.test',
  contactEmail: 'emma@espressodaily.test',
  contactName: 'Emma Crema',
  notes: null,
  customFields: {},
  status,
  daScore: 40,
  relevanceScore: 35.5,
  opportunityType: null,
  sourcePageUrl: null,
  sourceAnchorText: null,
  sourceRel: null,
  sourceFirstSeen: null,
  emailCheck: null,
  emailVerification: null,
  lastContacted: '2026-11-21T10:00:00.000Z',
  outcomeAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
});

/**
 * Renders the table of one prospect (`over` changes its fields); the API answers 'sent' until
 * `replied()` is called, then 'responded'.
 */
function renderTable(over: Partial<Prospect> = {}) {
  let status: Prospect['status'] = 'sent';
  mockApi({
    [`GET ${listUrl}`]: () =>
      json(200, {
        items: [{ ...prospect(status), ...over }],
        total: 1,
        page: 1,
        pageSize: 25,
        nextCursor: null,
      }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <TooltipProvider>
          <ProspectsTable campaignId={campaignId} />
        </TooltipProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { replied: () => (status = 'responded'), queryClient };
}

describe('ProspectsTable', () => {
  it('shows a reply as soon as its live event arrives, without a reload', async () => {
    const api = renderTable();
    expect(await screen.findByText('sent', { exact: true })).toBeInTheDocument();
    api.replied();
    const live = liveEventInvalidator(api.queryClient);
    live.receive({ type: 'inbound.applied', campaignId });
    live.flush();
    expect(await screen.findByText('responded', { exact: true })).toBeInTheDocument();
  });

  it('warns beside an address its check refused, with the reason', async () => {
    renderTable({
      emailCheck: {
        deliverable: false,
        flags: ['null-mx'],
        reason: 'Its domain says it accepts no mail (null MX).',
        checkedAt: '2026-11-21T10:00:00.000Z',
      },
    });
    expect(
      await screen.findByRole('img', { name: 'Not enrolled: Its domain says it accepts no mail (null MX).' }),
    ).toBeInTheDocument();
  });

  it('shows an international website in Unicode, as stored in punycode', async () => {
    renderTable({ website: 'xn--mnchen-3ya.de' });
    expect(await screen.findByText('münchen.de')).toBeInTheDocument();
    expect(screen.queryByText('xn--mnchen-3ya.de')).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Actions for münchen.de' })).toBeInTheDocument();
  });

  it('asks the server for the best DA first, and shows LinkPilot Score as the sorted column', async () => {
    renderTable();
    expect(await screen.findByText('espressodaily.test')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /LinkPilot Score/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(screen.getByRole('columnheader', { name: 'Last Contacted' })).toHaveAttribute('aria-sort', 'none');
  });

  it('offers the metric filter and columns only once prospects have imported metrics', async () => {
    renderTable();
    expect(await screen.findByText('espressodaily.test')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Filter by metric' })).not.toBeInTheDocument();
    cleanup();
    renderTable({ metrics: { dr: 57 } });
    expect(await screen.findByRole('group', { name: 'Filter by metric' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /^DR/ })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '57' })).toBeInTheDocument();
  });

  it('keeps Last Contacted after an outcome and dates the outcome under its status', async () => {
    renderTable({ status: 'success', outcomeAt: '2026-11-28T09:00:00.000Z' });
    const row = (await screen.findByText('success', { exact: true })).closest('tr')!;
    const cells = within(row).getAllByRole('cell');
    expect(cells[4]).toHaveTextContent(/^successNovember 28, 2026$/);
    expect(cells[5]).toHaveTextContent('November 21, 2026');
  });
});
