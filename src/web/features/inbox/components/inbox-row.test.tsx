// @vitest-environment jsdom
import '#web/test/setup-dom';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { InboxThreadSummary } from '#shared/schemas/inbox';
import { InboxRow } from './inbox-row';

const thread = (website: string): InboxThreadSummary => ({
  id: '00000000-0000-4000-8000-000000000001',
  prospectId: '00000000-0000-4000-8000-000000000002',
  website,
  contactName: 'Jane Rider',
  contactEmail: 'jane@example.org',
  campaignId: '00000000-0000-4000-8000-000000000003',
  campaignName: 'Bikes',
  mailboxId: '00000000-0000-4000-8000-000000000004',
  mailboxEmail: 'ada@mail.test',
  subject: 'Re: a guest post',
  snippet: 'Sure',
  lastKind: 'reply',
  lastMessageAt: new Date().toISOString(),
  unread: false,
  needsAnswer: false,
  label: null,
  assignee: null,
  remindAt: null,
});

const renderRow = (website: string) =>
  render(
    <MemoryRouter>
      <ul>
        <InboxRow thread={thread(website)} selected={false} to="/dashboard/inbox" />
      </ul>
    </MemoryRouter>,
  );

describe('InboxRow', () => {
  it('names the site by its host, without the scheme or path, and keeps the address as its title', () => {
    renderRow('http://www.cycling-weekly-reviews.example/blog/');
    const host = screen.getByText('www.cycling-weekly-reviews.example');
    expect(host).toHaveAttribute('title', 'http://www.cycling-weekly-reviews.example/blog/');
    expect(screen.getByRole('link')).not.toHaveTextContent('http');
  });

  it('shows an internationalised host in Unicode, and a bare domain as it is', () => {
    renderRow('https://xn--mnchen-3ya.example/');
    expect(screen.getByText('münchen.example')).toBeInTheDocument();
    renderRow('site1.example');
    expect(screen.getByText('site1.example')).toBeInTheDocument();
  });
});
