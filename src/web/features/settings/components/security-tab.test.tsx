// @vitest-environment jsdom
import '#web/test/setup-dom';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { apiPaths, paths } from '#shared/paths';
import type { AccountSessionList } from '#shared/schemas/auth';
import { twoFactorPaths, type TwoFactorStatus } from '#shared/schemas/two-factor';
import { json, mockApi, sentTo, testUser } from '#web/test/mock-api';
import { renderApp } from '#web/test/render-app';

const m = messages.auth;
const sessions: AccountSessionList = {
  sessions: [
    {
      id: 's1',
      device: 'Chrome on Linux',
      deviceType: 'desktop',
      ipAddress: '203.0.113.7',
      createdAt: '2026-11-20T10:00:00.000Z',
      lastActiveAt: '2026-11-25T10:00:00.000Z',
      current: true,
    },
    {
      id: 's2',
      device: 'Safari on iOS',
      deviceType: 'mobile',
      ipAddress: null,
      createdAt: '2026-11-21T10:00:00.000Z',
      lastActiveAt: '2026-11-24T10:00:00.000Z',
      current: false,
    },
  ],
  total: 2,
};
const me = { [`GET ${apiPaths.me}`]: () => json(200, testUser) };

async function openSecurityTab() {
  const user = userEvent.setup();
  renderApp(paths.settings);
  await user.click(await screen.findByRole('tab', { name: 'Security' }));
  return user;
}

describe('Settings → Security', () => {
  it('checks the confirmation in the form, and puts the server’s refusal under the current password', async () => {
    const api = mockApi({
      ...me,
      [`GET ${apiPaths.accountSessions}`]: () => json(200, sessions),
      [`POST ${apiPaths.changePassword}`]: () =>
        json(400, {
          error: {
            code: 'VALIDATION_ERROR',
            message: m.currentPasswordWrong,
            issues: [{ path: 'currentPassword', message: m.currentPasswordWrong }],
          },
        }),
    });
    const user = await openSecurityTab();
    await user.type(screen.getByLabelText('Current password'), 'old-one-1');
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(m.newPasswordHint);
    await user.type(screen.getByLabelText('New password'), 'tidewat');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(m.passwordTooShort)).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'er-77');
    await user.type(screen.getByLabelText('Confirm new password'), 'tidewater-78');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(m.passwordsDiffer)).toBeInTheDocument();
    expect(sentTo(api, 'POST', apiPaths.changePassword)).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'tidewater-77');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(m.currentPasswordWrong)).toBeInTheDocument();
    expect(sentTo(api, 'POST', apiPaths.changePassword)).toEqual([
      {
        currentPassword: 'old-one-1',
        newPassword: 'tidewater-77',
        confirmPassword: 'tidewater-77',
        signOutOtherSessions: true,
      },
    ]);
  });

  it('lists the sessions with this one marked, and signs out the others after confirming', async () => {
    let current = sessions;
    const api = mockApi({
      ...me,
      [`GET ${apiPaths.accountSessions}`]: () => json(200, current),
      [`POST ${apiPaths.signOutOtherSessions}`]: () => {
        current = { sessions: [sessions.sessions[0]!], total: 1 };
        return json(200, { signedOut: 1 });
      },
    });
    const user = await openSecurityTab();
    expect(await screen.findByText('Safari on iOS')).toBeInTheDocument();
    expect(screen.getByText('Chrome on Linux').closest('li')).toHaveTextContent('This device');
    await user.click(screen.getByRole('button', { name: 'Sign Out Other Sessions' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Sign Out Others' }));
    expect(await screen.findByText(m.sessionsSignedOut(1))).toBeInTheDocument();
    expect(screen.queryByText('Safari on iOS')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Out Other Sessions' })).toBeDisabled();
    expect(sentTo(api, 'POST', apiPaths.signOutOtherSessions)).toHaveLength(1);
  });

  it('names each session’s device, browser, address and times, and signs out one after confirming', async () => {
    let current = sessions;
    const api = mockApi({
      ...me,
      [`GET ${apiPaths.accountSessions}`]: () => json(200, current),
      [`DELETE ${apiPaths.accountSession.replace(':id', 's2')}`]: () => {
        current = { sessions: [sessions.sessions[0]!], total: 1 };
        return json(200, { ok: true });
      },
    });
    const user = await openSecurityTab();
    const phone = (await screen.findByText('Safari on iOS')).closest('li')!;
    expect(phone).toHaveTextContent('Phone · address unknown');
    expect(screen.getByText('Chrome on Linux').closest('li')).toHaveTextContent('Computer · 203.0.113.7');
    expect(within(screen.getByText('Chrome on Linux').closest('li')!).queryByRole('button')).toBeNull();
    await user.click(within(phone).getByRole('button', { name: 'Sign out Safari on iOS' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText(m.sessionEnded)).toBeInTheDocument();
    expect(screen.queryByText('Safari on iOS')).not.toBeInTheDocument();
    expect(sentTo(api, 'DELETE', apiPaths.accountSession.replace(':id', 's2'))).toHaveLength(1);
  });

  it.each([
    [true, 'offers an account with a password the set-up and the password form'],
    [false, 'tells an account made by single sign-on (no password) that there is no code step nor password'],
  ])('password and two-factor sign-in: hasPassword %s %s', async (hasPassword) => {
    const status: TwoFactorStatus = {
      enabled: false,
      hasPassword,
      requiredByWorkspace: true,
      workspaceName: 'Acme',
    };
    mockApi({
      ...me,
      [`GET ${apiPaths.accountSessions}`]: () => json(200, sessions),
      [`GET ${twoFactorPaths.status}`]: () => json(200, status),
    });
    await openSecurityTab();
    const explained = /signs in through your workspace’s single sign-on and has no password/;
    if (hasPassword) {
      expect(await screen.findByRole('button', { name: 'Set Up Two-Factor' })).toBeInTheDocument();
      expect(screen.queryByText(explained)).not.toBeInTheDocument();
      expect(screen.getByLabelText('Current password')).toBeInTheDocument();
    } else {
      expect(await screen.findByText(explained)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Set Up Two-Factor' })).not.toBeInTheDocument();
      // No password to change either: the card says so instead of a form that cannot work.
      expect(screen.getByText(m.noPasswordToChange)).toBeInTheDocument();
      expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    }
  });
});
