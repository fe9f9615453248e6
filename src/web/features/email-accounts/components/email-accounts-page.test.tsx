// @vitest-environment jsdom
import '#web/test/setup-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiPaths, paths, withId } from '#shared/paths';
import type { Me } from '#shared/schemas/auth';
import {
  mailboxMessages as m,
  oauthMessages,
  type Mailbox,
  type MailboxHealthReport,
} from '#shared/schemas/mailboxes';
import { mailboxFixture } from '#web/test/fixtures';
import { apiError, json, mockApi, sentTo, testUser } from '#web/test/mock-api';
import { renderApp } from '#web/test/render-app';

// Radix Select (the provider preset) uses pointer capture and scrolls its options into view: jsdom has neither.
const mailbox = mailboxFixture({
  status: 'error',
  statusReason: m.imapLoginRefused,
  statusSource: 'imap',
  emailsSentToday: 12,
  connectedBy: { id: testUser.id, name: testUser.fullName },
});
const pauseReason = 'Paused: 7.5 % hard bounces over the last 40 sends (limit 5 %)';
const paused: Mailbox = {
  ...mailbox,
  status: 'paused',
  statusSource: 'health',
  statusReason: pauseReason,
  lastSync: new Date(Date.now() - 3 * 60_000).toISOString(),
  rampLimit: 15,
};
const health: MailboxHealthReport = {
  health: {
    sent: 40,
    hardBounces: 3,
    softBounces: 1,
    policyBlocks: 1,
    unsubscribes: 0,
    replies: 4,
    hardBouncePct: 7.5,
    softBouncePct: 2.5,
    policyBlockPct: 2.5,
    unsubscribePct: 0,
    replyPct: 10,
  },
  since: '2025-01-01T00:00:00.000Z',
  minimumSends: 20,
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
    expect(screen.getByText(/Never synced/)).toBeInTheDocument();
    expect(screen.queryByText(/Ramping up/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resume' })).not.toBeInTheDocument();
  });

  it('shows who connected each mailbox, and a member Settings and Disconnect only on their own', async () => {
    const member: Me = { ...testUser, role: 'member', workspace: { ...testUser.workspace, role: 'member' } };
    const teammates: Mailbox = {
      ...mailbox,
      id: 'mb-2',
      email: 'tess@mail.test',
      status: 'connected',
      statusReason: null,
      statusSource: null,
      connectedBy: { id: 'u2', name: 'Tess Mate' },
    };
    const orphan: Mailbox = { ...teammates, id: 'mb-3', email: 'gone@mail.test', connectedBy: null };
    mockApi({
      [`GET ${apiPaths.me}`]: () => json(200, member),
      [`GET ${apiPaths.emailAccounts}`]: () => json(200, [mailbox, teammates, orphan]),
    });
    renderApp(paths.emails);
    const row = async (email: string) => (await screen.findByText(email)).closest('li')!;
    const own = await row(mailbox.email);
    expect(within(own).getByText('Connected by Ada Lovelace')).toBeInTheDocument();
    expect(within(own).getByRole('button', { name: 'Settings' })).toBeInTheDocument();
    expect(within(own).getByRole('button', { name: 'Disconnect' })).toBeInTheDocument();
    for (const [other, by] of [
      [teammates, 'Connected by Tess Mate'],
      [orphan, 'Connected by a former member'],
    ] as const) {
      const li = await row(other.email);
      expect(within(li).getByText(by)).toBeInTheDocument();
      expect(within(li).queryByRole('button', { name: 'Settings' })).not.toBeInTheDocument();
      expect(within(li).queryByRole('button', { name: 'Disconnect' })).not.toBeInTheDocument();
      // Pausing stays open to every member.
      expect(within(li).getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    }
  });

  it('gives Full Access Settings and Disconnect on every mailbox', async () => {
    const teammates: Mailbox = { ...mailbox, id: 'mb-2', email: 'tess@mail.test', connectedBy: null };
    mockApi({ ...me, [`GET ${apiPaths.emailAccounts}`]: () => json(200, [teammates]) });
    renderApp(paths.emails);
    expect(await screen.findByText('Connected by a former member')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeInTheDocument();
  });

  it('shows a paused mailbox with its reason, its last sync and its ramp, and resumes it', async () => {
    let current = paused;
    const resume = withId(apiPaths.emailAccountResume, paused.id);
    const api = mockApi({
      ...me,
      [`GET ${apiPaths.emailAccounts}`]: () => json(200, [current]),
      [`POST ${resume}`]: () => {
        current = { ...paused, status: 'connected', statusSource: null, statusReason: null };
        return json(200, current);
      },
    });
    renderApp(paths.emails);
    expect(await screen.findByText(pauseReason)).toBeInTheDocument();
    expect(screen.getByText(m.pausedLabel)).toBeInTheDocument();
    expect(screen.getByText(/Last sync 3 minutes ago/)).toBeInTheDocument();
    expect(screen.getByText('Ramping up: 15 of 30 today')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Sent today: 12 of 15' })).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Resume' }));
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    expect(screen.queryByText(pauseReason)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(sentTo(api, 'POST', resume)).toHaveLength(1);
  });

  it('opens the health panel: each figure with its rate, a rate over its limit in red', async () => {
    const url = withId(apiPaths.emailAccountHealth, paused.id);
    mockApi({
      ...me,
      [`GET ${apiPaths.emailAccounts}`]: () => json(200, [paused]),
      [`GET ${url}`]: () => json(200, health),
    });
    renderApp(paths.emails);
    const user = userEvent.setup();
    const toggle = await screen.findByRole('button', { name: 'Health' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const panel = await screen.findByRole('region', { name: `Health of ${paused.email}` });
    expect(
      await within(panel).findByText('40 sent since Jan 1, 2025, 00:00', { exact: false }),
    ).toBeInTheDocument();
    const hard = within(panel).getByRole('row', { name: /Hard bounces/ });
    expect(hard).toHaveTextContent('Hard bounces (over the limit)37.5 %5 %');
    expect(hard).toHaveClass('text-red-700');
    const policy = within(panel).getByRole('row', { name: /Policy blocks/ });
    expect(policy).toHaveTextContent('Policy blocks12.5 %3 %');
    expect(policy).not.toHaveClass('text-red-700');
    expect(within(panel).getByRole('row', { name: /Replies/ })).toHaveTextContent('Replies410 %—');
  });

  it('says so when the health cannot be loaded, and when nothing was sent yet', async () => {
    const url = withId(apiPaths.emailAccountHealth, mailbox.id);
    let answer = () => apiError(403, 'FORBIDDEN', 'no');
    mockApi({
      ...me,
      [`GET ${apiPaths.emailAccounts}`]: () => json(200, [mailbox]),
      [`GET ${url}`]: () => answer(),
    });
    renderApp(paths.emails);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Health' }));
    expect(await screen.findByText(m.healthFailed)).toBeInTheDocument();
    answer = () => json(200, { ...health, health: { ...health.health, sent: 0 } });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No emails sent since .*: nothing to judge yet/)).toBeInTheDocument();
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
      {
        dailyLimit: 20,
        minSpacingMinutes: 2,
        maxSpacingMinutes: 10,
        maxHardBouncePct: 5,
        maxPolicyBlockPct: 3,
        maxUnsubscribePct: 2,
        password: 'new secret',
      },
    ]);
  });

  it('edits the health thresholds, refusing one above 100 %', async () => {
    const url = withId(apiPaths.emailAccount, mailbox.id);
    const api = mockApi({
      ...me,
      [`GET ${apiPaths.emailAccounts}`]: () => json(200, [mailbox]),
      [`PATCH ${url}`]: () => json(200, { ...mailbox, maxHardBouncePct: 2.5 }),
    });
    renderApp(paths.emails);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mailbox Settings' });
    const hard = within(dialog).getByLabelText('Hard bounces (%)');
    expect(hard).toHaveValue(5);
    await user.clear(hard);
    await user.type(hard, '150');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a percentage from 0 to 100')).toBeInTheDocument();
    expect(sentTo(api, 'PATCH', url)).toEqual([]);

    await user.clear(hard);
    await user.type(hard, '2.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentTo(api, 'PATCH', url)).toEqual([expect.objectContaining({ maxHardBouncePct: 2.5 })]);
  });

  // A 4xx is not retried, so the error state shows at once.
  it('shows the load-failure message when the list fails to load', async () => {
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
      [`GET ${apiPaths.oauthProviders}`]: () => json(200, { gmail: true, microsoft: false }),
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

  it('offers the Gmail and Microsoft sign-ins only when the server is configured for them', async () => {
    const offered = { gmail: false, microsoft: false };
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
    const dialog = await screen.findByRole('dialog', { name: 'Connect Email Account' });
    await waitFor(() => expect(sentTo(api, 'GET', apiPaths.oauthProviders).length).toBeGreaterThan(0));
    await user.click(screen.getByRole('combobox', { name: 'Provider' }));
    await user.click(await screen.findByRole('option', { name: 'Outlook / Microsoft 365' }));
    expect(await screen.findByText(m.microsoftPresetUnavailable)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('SMTP Host')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Connect Gmail' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: ms.connect })).not.toBeInTheDocument();
    expect(within(dialog).queryByText('or SMTP / IMAP')).not.toBeInTheDocument();
    first.unmount();

    offered.gmail = true;
    offered.microsoft = true;
    renderApp(paths.emails);
    await user.click(await screen.findByRole('button', { name: 'Connect Your First Account' }));
    expect(await screen.findByRole('button', { name: 'Connect Gmail' })).toBeInTheDocument();
    expect(screen.getByText('or SMTP / IMAP')).toBeInTheDocument();
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
