// @vitest-environment jsdom
import '#web/test/setup-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { apiPaths, paths, withId } from '#shared/paths';
import {
  invitationMessages as m,
  type CreateInvitationInput,
  type Invitation,
  type IssuedInvitation,
} from '#shared/schemas/invitations';
import { formatDate } from '#web/lib/format';
import { teamUserFixture } from '#web/test/fixtures';
import { apiError, json, mockApi, sentTo, testUser } from '#web/test/mock-api';
import { renderApp } from '#web/test/render-app';

const members = [teamUserFixture()];

const invitation = (id: string, input: CreateInvitationInput): Invitation => ({
  id,
  email: input.email,
  role: input.role,
  invitedBy: testUser.fullName,
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-11-27T10:00:00.000Z',
});

/** A fake of the invitations API: creates, re-sends (new link each time) and revokes in memory. */
function invitationsApi({ delivery = 'email' }: { delivery?: IssuedInvitation['delivery'] } = {}) {
  let pending: Invitation[] = [];
  let links = 0;
  const issue = (inv: Invitation): IssuedInvitation => ({
    invitation: inv,
    link: `https://app.example/invite/token-${++links}`,
    delivery: inv.email ? delivery : 'link',
  });
  return {
    [`GET ${apiPaths.me}`]: () => json(200, testUser),
    [`GET ${apiPaths.users}`]: () => json(200, members),
    [`GET ${apiPaths.invitations}`]: () => json(200, pending),
    [`POST ${apiPaths.invitations}`]: (body: unknown) => {
      const inv = invitation(`i${pending.length + 1}`, body as CreateInvitationInput);
      pending = [...pending, inv];
      return json(201, issue(inv));
    },
    [`POST ${withId(apiPaths.invitationResend, 'i1')}`]: () => json(200, issue(pending[0]!)),
    [`DELETE ${withId(apiPaths.invitation, 'i1')}`]: () => {
      pending = pending.filter((inv) => inv.id !== 'i1');
      return json(200, { ok: true });
    },
  };
}

async function openUsersTab() {
  const user = userEvent.setup();
  renderApp(paths.settings);
  await user.click(await screen.findByRole('tab', { name: 'Users' }));
  await screen.findByRole('heading', { name: 'Invite members' });
  return user;
}

describe('Settings → Users: invitations', () => {
  it('invites an address, shows the link to copy, lists it, re-sends with a new link and revokes', async () => {
    const api = mockApi(invitationsApi());
    const user = await openUsersTab();
    expect(await screen.findByText('No pending invitations')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email address'), 'mia@example.com');
    await user.click(screen.getByRole('button', { name: 'Invite' }));

    expect(await screen.findByText(m.invited('mia@example.com'))).toBeInTheDocument();
    expect(sentTo(api, 'POST', apiPaths.invitations)).toEqual([{ email: 'mia@example.com', role: 'member' }]);
    const link = screen.getByLabelText('Invitation link');
    expect(link).toHaveValue('https://app.example/invite/token-1');
    expect(link).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email address')).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe('https://app.example/invite/token-1');
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeInTheDocument();

    const pending = screen.getByRole('region', { name: 'Pending invitations' });
    const row = await within(pending).findByText('mia@example.com');
    expect(row.closest('li')).toHaveTextContent('Member');
    expect(row.closest('li')).toHaveTextContent(
      `Invited by ${testUser.fullName} · Expires ${formatDate('2026-11-27T10:00:00.000Z')}`,
    );

    await user.click(screen.getByRole('button', { name: 'Re-send the invitation for mia@example.com' }));
    expect(await screen.findByText(m.resent)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByLabelText('Invitation link')).toHaveValue('https://app.example/invite/token-2'),
    );
    expect(sentTo(api, 'POST', withId(apiPaths.invitationResend, 'i1'))).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Revoke the invitation for mia@example.com' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('The link sent to mia@example.com stops working at once.');
    expect(sentTo(api, 'DELETE', withId(apiPaths.invitation, 'i1'))).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText(m.revoked)).toBeInTheDocument();
    expect(await screen.findByText('No pending invitations')).toBeInTheDocument();
    expect(sentTo(api, 'DELETE', withId(apiPaths.invitation, 'i1'))).toHaveLength(1);
    // The revoked invitation's link is no longer offered.
    expect(screen.queryByLabelText('Invitation link')).toBeNull();
  });

  it('makes a link for anyone: the email is disabled and cleared, and null is sent', async () => {
    const api = mockApi(invitationsApi());
    const user = await openUsersTab();
    const email = screen.getByLabelText('Email address');
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText(messages.auth.invalidEmail)).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Anyone with the link' }));
    expect(email).toBeDisabled();
    expect(email).toHaveValue('');
    expect(screen.queryByText(messages.auth.invalidEmail)).toBeNull();

    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Full Access' }));
    await user.click(screen.getByRole('button', { name: 'Invite' }));

    expect(await screen.findByText(m.linkCreated)).toBeInTheDocument();
    expect(sentTo(api, 'POST', apiPaths.invitations)).toEqual([{ email: null, role: 'full' }]);
    expect(screen.getByLabelText('Invitation link')).toHaveValue('https://app.example/invite/token-1');
    const pending = screen.getByRole('region', { name: 'Pending invitations' });
    const row = (await within(pending).findByText('Anyone with the link')).closest('li');
    expect(row).toHaveTextContent('Full Access');
  });

  it('shows a refusal: a field issue under the email, a conflict as a toast', async () => {
    let answer = () =>
      json(400, {
        error: {
          code: 'VALIDATION_ERROR',
          message: 'Invalid request',
          issues: [{ path: 'email', message: 'Enter a different address' }],
        },
      });
    mockApi({ ...invitationsApi(), [`POST ${apiPaths.invitations}`]: () => answer() });
    const user = await openUsersTab();
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Enter a different address')).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');

    answer = () => apiError(409, 'CONFLICT', m.alreadyMember);
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText(m.alreadyMember)).toBeInTheDocument();
    expect(screen.queryByLabelText('Invitation link')).toBeNull();
  });

  it('shows the pending list’s load failure with Try again', async () => {
    let fail = true;
    mockApi({
      ...invitationsApi(),
      [`GET ${apiPaths.invitations}`]: () =>
        fail ? apiError(403, 'FORBIDDEN', 'Only Full Access members can do this') : json(200, []),
    });
    const user = await openUsersTab();
    expect(await screen.findByText(m.loadFailed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No pending invitations')).toBeInTheDocument();
  });

  it('is not shown to a member', async () => {
    const member = {
      ...testUser,
      role: 'member' as const,
      workspace: { ...testUser.workspace, role: 'member' as const },
    };
    const api = mockApi({ ...invitationsApi(), [`GET ${apiPaths.me}`]: () => json(200, member) });
    const user = userEvent.setup();
    renderApp(paths.settings);
    await user.click(await screen.findByRole('tab', { name: 'Users' }));
    await screen.findByText(testUser.email, { selector: 'td' });
    expect(screen.queryByRole('heading', { name: 'Invite members' })).toBeNull();
    expect(sentTo(api, 'GET', apiPaths.invitations)).toHaveLength(0);
  });
});
