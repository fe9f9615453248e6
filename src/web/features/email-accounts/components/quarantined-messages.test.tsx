// @vitest-environment jsdom
import '#web/test/setup-dom';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiPaths, paths, withId } from '#shared/paths';
import type { QuarantinePage } from '#shared/schemas/mailboxes';
import { mailboxFixture } from '#web/test/fixtures';
import { json, mockApi, testUser } from '#web/test/mock-api';
import { renderApp } from '#web/test/render-app';

const mailbox = mailboxFixture({ lastSync: '2026-11-23T12:00:00.000Z' });
const page: QuarantinePage = {
  items: [
    {
      id: 'q-2',
      uid: 12,
      messageId: '<big@x.example>',
      fromEmail: 'news@x.example',
      subject: 'Our catalogue',
      size: 30_000_000,
      reason: 'Too large to read (28.6 MB)',
      createdAt: '2026-11-23T12:00:00.000Z',
    },
    {
      id: 'q-1',
      uid: 7,
      messageId: null,
      fromEmail: null,
      subject: null,
      size: 2_100_000,
      reason: 'Max header size for a MIME node exceeded',
      createdAt: '2026-11-23T11:00:00.000Z',
    },
  ],
  total: 2,
  page: 1,
  pageSize: 25,
  nextCursor: null,
};

describe('Set-aside messages on the Email Accounts page', () => {
  it('shows how many messages a mailbox set aside and lists them when expanded', async () => {
    mockApi({
      [`GET ${apiPaths.me}`]: () => json(200, testUser),
      [`GET ${apiPaths.emailAccounts}`]: () => json(200, [mailbox]),
      [`GET ${withId(apiPaths.emailAccountQuarantine, mailbox.id)}`]: () => json(200, page),
    });
    renderApp(paths.emails);
    const toggle = await screen.findByRole('button', { name: '2 messages set aside' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Too large to read (28.6 MB)')).not.toBeInTheDocument();

    await userEvent.setup().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('list', { name: 'Messages set aside' });
    expect(within(list).getByText('Too large to read (28.6 MB)')).toBeInTheDocument();
    expect(within(list).getByText(/news@x\.example · Our catalogue/)).toBeInTheDocument();
    expect(within(list).getByText('Max header size for a MIME node exceeded')).toBeInTheDocument();
    expect(within(list).getByText(/Unknown sender · \(no subject\)/)).toBeInTheDocument();
  });
});
