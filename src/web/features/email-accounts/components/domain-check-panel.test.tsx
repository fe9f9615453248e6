// @vitest-environment jsdom
import '#web/test/setup-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { withId } from '#shared/paths';
import { domainCheckMessages as m, domainCheckPaths } from '#shared/schemas/domain-check';
import type { DomainCheck } from '#shared/schemas/mail-health';
import { json, mockApi, sentTo } from '#web/test/mock-api';
import { DomainCheckPanel } from './domain-check-panel';

const mailboxId = 'mb-1';
const checkUrl = withId(domainCheckPaths.check, mailboxId);
const selectorsUrl = withId(domainCheckPaths.selectors, mailboxId);

const stored: DomainCheck = {
  domain: 'mail.test',
  spf: { status: 'pass', records: ['v=spf1 include:_spf.google.com -all'], advice: null },
  dkim: { status: 'fail', records: [], selectors: [], advice: 'No DKIM key found. Publish the DKIM key.' },
  dmarc: { status: 'warn', records: ['v=DMARC1; p=none'], advice: 'The DMARC policy is p=none.' },
  checkedAt: '2026-03-02T10:00:00.000Z',
};

function renderPanel(check: DomainCheck | null, mayChange = true) {
  const api = mockApi({
    [`GET ${checkUrl}`]: () => json(200, { selectors: ['s1'], check }),
    [`POST ${checkUrl}`]: () =>
      json(200, {
        ...stored,
        dkim: { status: 'pass', records: ['v=DKIM1; p=abc'], selectors: ['s1'], advice: null },
      }),
    [`PUT ${selectorsUrl}`]: () => json(200, { selectors: ['google', 's2'], check }),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DomainCheckPanel mailboxId={mailboxId} mayChange={mayChange} />
    </QueryClientProvider>,
  );
  return api;
}

describe('Domain check panel', () => {
  it('shows each record with its badge, the record found and what to fix, and checks again', async () => {
    const api = renderPanel(stored);
    const user = userEvent.setup();
    expect(await screen.findByText('v=spf1 include:_spf.google.com -all')).toBeInTheDocument();
    expect(screen.getByText('Fail')).toBeInTheDocument();
    expect(screen.getByText('Warning')).toBeInTheDocument();
    expect(screen.getByText('No DKIM key found. Publish the DKIM key.')).toBeInTheDocument();
    expect(screen.getByLabelText('DKIM selectors')).toHaveValue('s1');

    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('v=DKIM1; p=abc')).toBeInTheDocument();
    expect(screen.queryByText('Fail')).not.toBeInTheDocument();
    expect(sentTo(api, 'POST', checkUrl)).toHaveLength(1);
  });

  it('says when the domain was never checked, and validates the selectors like the server', async () => {
    const api = renderPanel(null);
    const user = userEvent.setup();
    expect(await screen.findByRole('button', { name: 'Check now' })).toBeInTheDocument();
    const field = screen.getByLabelText('DKIM selectors');
    await user.clear(field);
    await user.type(field, 'bad@selector');
    await user.click(screen.getByRole('button', { name: 'Save selectors' }));
    expect(await screen.findByText(m.badSelector)).toBeInTheDocument();
    expect(sentTo(api, 'PUT', selectorsUrl)).toEqual([]);

    await user.clear(field);
    await user.type(field, 'google, s2');
    await user.click(screen.getByRole('button', { name: 'Save selectors' }));
    await within(document.body).findByDisplayValue('google, s2');
    expect(sentTo(api, 'PUT', selectorsUrl)).toEqual([{ selectors: 'google, s2' }]);
  });

  it('shows the check but no selectors to edit on a mailbox the member may not change', async () => {
    renderPanel(stored, false);
    expect(await screen.findByText('v=spf1 include:_spf.google.com -all')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check again' })).toBeInTheDocument();
    expect(screen.queryByLabelText('DKIM selectors')).not.toBeInTheDocument();
  });

  it('says when the check cannot be loaded', async () => {
    mockApi({});
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <DomainCheckPanel mailboxId={mailboxId} mayChange />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(m.loadFailed)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check now' })).not.toBeInTheDocument();
  });
});
