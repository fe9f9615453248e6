// @vitest-environment jsdom
import '../../../test/setup-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiPaths, paths, withId } from '../../../../shared/paths';
import { mailboxMessages as m, oauthMessages, type Mailbox } from '../../../../shared/schemas/mailboxes';
import { apiError, json, mockApi, sentTo, testUser } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

// Radix Select (the provider preset) uses pointer capture and scrolls its options into view: jsdom has neither.
Object.assign(Element.prototype, {
  hasPointerCapture: () => false,
  releasePointerCapture: () => {},
  scrollIntoView: () => {},
});

const mailbox: Mailbox = {
  id: 'mb-1',
  email: 'ada@mail.test',
  provider: 'smtp',
  status: 'error',
  statusReason: m.imapLoginRefused,
  lastSync: null,
  emailsSentToday: 12,
  dailyLimit: 30,
  minSpacingMinutes: 2,
  maxSpacingMinutes: 6,
  createdAt: '2025-01-01T00:00:00.000Z',
};
const ms = oauthMessages.microsoft;
const me = { [`GET ${apiPaths.me}`]: () => json(200, testUser) };

describe('Email Accounts page', () => {
  it('lists mailboxes with their status, reason and daily usage', async () => {
    mockApi({ ...me, [`GET ${apiPaths.emailAccounts}`]: () => json(200, [mailbox]) });
    renderApp(paths.emails);
    expect(await screen.findByText(mailbox.email)).toBeInTheDocument();
    expect(screen.getByText(m.connectionErrorLabel)).toBeInTheDocument();
    expect(screen.getByText(m.imapLoginRefused)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Sent today: 12 of 30' })).toBeInTheDocument();
  });

  it('edits the daily limit and spacing, refusing a longest pause shorter than the shortest', async () => {
    const url = withId(apiPaths.emailAccount, mailbox.id);
    const api = mockApi({
      ...me,
      [`GET ${apiPaths.emailAccounts}`]: () => json(200, [mailbox]),
      [`PATCH ${url}`]: () => json(200, { ...mailbox, dailyLimit: 20, maxSpacingMinutes: 10 }),
    });
    renderApp(paths.emails);
    const user = userEvent.setup();
    expect(await screen.findByText(/2–6 min between emails/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mailbox Settings' });
    expect(within(dialog).getByLabelText('Daily Limit')).toHaveValue(30);

    const longest = within(dialog).getByLabelText('Longest pause (minutes)');
    await user.clear(longest);
    await user.type(longest, '1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(m.spacingOrder)).toBeInTheDocument();
    expect(sentTo(api, 'PATCH', url)).toEqual([]);

    await user.clear(longest);
    await user.type(longest, '10');
    const daily = within(dialog).getByLabelText('Daily Limit');
    await user.clear(daily);
    await user.type(daily, '20');
    await user.type(within(dialog).getByLabelText('New Password (optional)'), 'new secret');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentTo(api, 'PATCH', url)).toEqual([
      { dailyLimit: 20, minSpacingMinutes: 2, maxSpacingMinutes: 10, password: 'new secret' },
    ]);
  });

  // A 4xx is not retried, so the error state shows at once.
  it('shows the spec’s message when the list fails to load', async () => {
    mockApi({ ...me, [`GET ${apiPaths.emailAccounts}`]: () => apiError(403, 'FORBIDDEN', 'no') });
    renderApp(paths.emails);
    expect(await screen.findByText(m.fetchFailed)).toBeInTheDocument();
  });

  it('validates the SMTP form before sending and shows the server’s reason', async () => {
    const api = mockApi({
      ...me,
      [`GET ${apiPaths.emailAccounts}`]: () => json(200, []),
      [`POST ${apiPaths.emailAccounts}`]: () => apiError(400, 'VALIDATION_ERROR', m.smtpLoginRefused),
    });
    renderApp(paths.emails);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Connect Your First Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect Email Account' });
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await within(dialog).findByText('Email is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Password is required')).toBeInTheDocument();
    expect(sentTo(api, 'POST', apiPaths.emailAccounts)).toEqual([]);

    await user.type(within(dialog).getByLabelText('Email'), 'ada@mail.test');
    await user.type(within(dialog).getByLabelText('User Name'), 'ada@mail.test');
    await user.type(within(dialog).getByLabelText('Password'), 'secret');
    await user.type(within(dialog).getByLabelText('SMTP Host'), 'smtp.mail.test');
    await user.type(within(dialog).getByLabelText('IMAP Host'), 'imap.mail.test');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await within(dialog).findByText(m.smtpLoginRefused)).toBeInTheDocument();
    await waitFor(() =>
      expect(sentTo(api, 'POST', apiPaths.emailAccounts)).toEqual([
        expect.objectContaining({ email: 'ada@mail.test', smtpPort: 587, imapPort: 993, dailyLimit: 30 }),
      ]),
    );
  });

  it('shows why Gmail cannot be connected', async () => {
    mockApi({
      ...me,
      [`GET ${apiPaths.emailAccounts}`]: () => json(200, []),
      [`POST ${apiPaths.gmailAuthorize}`]: () => json(200, {}),
    });
    renderApp(paths.emails);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Connect Your First Account' }));
    await user.click(await screen.findByRole('button', { name: 'Connect Gmail' }));
    expect(await screen.findByText(m.missingUrl)).toBeInTheDocument();
    expect(screen.getByText(m.gmailFailed)).toBeInTheDocument();
  });

  it('completes the Gmail return once and cleans the address', async () => {
    const api = mockApi({
      ...me,
      [`GET ${apiPaths.emailAccounts}`]: () => json(200, []),
      [`POST ${apiPaths.gmailCallback}`]: () => json(200, { success: false, error: 'expired' }),
    });
    const { router } = renderApp(`${paths.emails}?code=abc&state=xyz`);
    expect(await screen.findByText(m.gmailRetry)).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(sentTo(api, 'POST', apiPaths.gmailCallback)).toEqual([
      expect.objectContaining({ code: 'abc', state: 'xyz' }),
    ]);
  });

  it('offers the Microsoft sign-in only when the server is configured for it', async () => {
    const offered = { gmail: true, microsoft: false };
    const api = mockApi({
      ...me,
      [`GET ${apiPaths.emailAccounts}`]: () => json(200, []),
      [`GET ${apiPaths.oauthProviders}`]: () => json(200, offered),
      [`POST ${apiPaths.microsoftAuthorize}`]: () =>
        json(200, { error: 'Microsoft mailboxes are not configured on this server.' }),
    });
    const user = userEvent.setup();
    const first = renderApp(paths.emails);
    await user.click(await screen.findByRole('button', { name: 'Connect Your First Account' }));
    expect(await screen.findByRole('button', { name: 'Connect Gmail' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ms.connect })).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Provider' }));
    await user.click(await screen.findByRole('option', { name: 'Outlook / Microsoft 365' }));
    expect(await screen.findByText(m.microsoftPresetUnavailable)).toBeInTheDocument();
    first.unmount();

    offered.microsoft = true;
    renderApp(paths.emails);
    await user.click(await screen.findByRole('button', { name: 'Connect Your First Account' }));
    await user.click(await screen.findByRole('button', { name: ms.connect }));
    expect(
      await screen.findByText('Microsoft mailboxes are not configured on this server.'),
    ).toBeInTheDocument();
    expect(screen.getByText(ms.failed)).toBeInTheDocument();
    expect(sentTo(api, 'POST', apiPaths.microsoftAuthorize)).toEqual([
      { redirect_uri: `${window.location.origin}${paths.emails}` },
    ]);
    await user.click(screen.getByRole('combobox', { name: 'Provider' }));
    await user.click(await screen.findByRole('option', { name: 'Outlook / Microsoft 365' }));
    expect(await screen.findByText(m.microsoftPreset)).toBeInTheDocument();
  });

  it('completes the Microsoft return with the Microsoft callback', async () => {
    window.sessionStorage.setItem('linkpilot.oauth-provider', 'microsoft');
    const api = mockApi({
      ...me,
      [`GET ${apiPaths.emailAccounts}`]: () => json(200, []),
      [`POST ${apiPaths.microsoftCallback}`]: () => json(200, { success: true }),
    });
    const { router } = renderApp(`${paths.emails}?code=abc&state=xyz`);
    expect(await screen.findByText(m.microsoftConnected)).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(sentTo(api, 'POST', apiPaths.microsoftCallback)).toEqual([
      expect.objectContaining({ code: 'abc', state: 'xyz' }),
    ]);
    expect(sentTo(api, 'POST', apiPaths.gmailCallback)).toEqual([]);
    expect(window.sessionStorage.getItem('linkpilot.oauth-provider')).toBeNull();
  });
});
