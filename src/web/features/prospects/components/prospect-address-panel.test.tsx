// @vitest-environment jsdom
import '#web/test/setup-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiPaths, withId } from '#shared/paths';
import type { AddressCandidate } from '#shared/schemas/email-verification';
import type { Prospect } from '#shared/schemas/prospects';
import { TooltipProvider } from '#web/components/ui/tooltip';
import { json, mockApi, sentTo } from '#web/test/mock-api';
import { ProspectAddressPanel } from './prospect-address-panel';

const id = 'c0ffee00-0000-4000-8000-0000000000a1';
const checkedAt = '2026-11-29T10:00:00.000Z';
const prospect: Prospect = {
  id,
  campaignId: 'c0ffee00-0000-4000-8000-00000000000c',
  website: 'delta.test',
  contactEmail: null,
  contactName: 'Jane Doe',
  notes: null,
  status: 'pending',
  daScore: null,
  relevanceScore: null,
  opportunityType: null,
  sourcePageUrl: null,
  sourceAnchorText: null,
  sourceRel: null,
  sourceFirstSeen: null,
  emailCheck: null,
  emailVerification: null,
  customFields: {},
  lastContacted: null,
  outcomeAt: null,
  createdAt: checkedAt,
};

function renderPanel(p: Prospect, candidates: AddressCandidate[] = []) {
  const api = mockApi({
    [`POST ${withId(apiPaths.prospectAddressCandidates, id)}`]: () => json(200, { candidates }),
    [`POST ${withId(apiPaths.prospectContactAddress, id)}`]: () => json(200, { ok: true }),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <ProspectAddressPanel prospect={p} />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return api;
}

describe('the prospect’s address in its drawer', () => {
  it('shows the verdict with its source and date beside the address', () => {
    renderPanel({
      ...prospect,
      contactEmail: 'ann@alpha.test',
      emailVerification: { verdict: 'risky', source: 'zerobounce', detail: 'Catch-all', checkedAt },
    });
    expect(
      screen.getByRole('img', { name: /^Risky \(catch-all\) — Catch-all \(ZeroBounce, / }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify Address' })).toBeInTheDocument();
  });

  it('lists candidates with confidence and asks before using an unverified one', async () => {
    const api = renderPanel(prospect, [
      {
        email: 'jane.doe@delta.test',
        pattern: 'first.last',
        learned: true,
        confidence: 99,
        verification: { verdict: 'deliverable', source: 'hunter', detail: 'The mailbox exists', checkedAt },
      },
      { email: 'jane@delta.test', pattern: 'first', learned: false, confidence: 4, verification: null },
    ]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Find Address' }));
    expect(await screen.findByText('99% · this domain’s pattern')).toBeInTheDocument();
    expect(screen.getByText('4% · first · not verified')).toBeInTheDocument();
    const useButtons = screen.getAllByRole('button', { name: 'Use' });
    await user.click(useButtons[1]!);
    expect(await screen.findByText('Use an unverified address?')).toBeInTheDocument();
    expect(sentTo(api, 'POST', withId(apiPaths.prospectContactAddress, id))).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Use Anyway' }));
    await waitFor(() =>
      expect(sentTo(api, 'POST', withId(apiPaths.prospectContactAddress, id))).toEqual([
        { email: 'jane@delta.test', allowUnverified: true },
      ]),
    );
  });
});
