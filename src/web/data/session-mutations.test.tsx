// @vitest-environment jsdom
import '../test/setup-dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiPaths, invitePath, paths, withQuery } from '#shared/paths';
import type { InvitationPreview } from '#shared/schemas/invitations';
import { json, mockApi, signedOut, testUser } from '../test/mock-api';
import { renderApp } from '../test/render-app';
import { safeNextPath } from './session-mutations';

const invite = invitePath('tok-1');
const preview: InvitationPreview = {
  workspace: 'Acme',
  invitedBy: 'Grace Hopper',
  role: 'full',
  email: null,
};

/** A fake API whose session starts at sign-in or sign-up, with one invitation link. */
function sessionApi() {
  let session = false;
  const start = () => {
    session = true;
    return json(200, { ok: true, twoFactorRequired: false });
  };
  return mockApi({
    [`GET ${apiPaths.me}`]: () => (session ? json(200, testUser) : signedOut()),
    [`POST ${apiPaths.signIn}`]: start,
    [`POST ${apiPaths.signUp}`]: start,
    [`GET ${apiPaths.invitationPreview.replace(':token', 'tok-1')}`]: () => json(200, preview),
  });
}

async function logIn(path: string) {
  const view = renderApp(path);
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), testUser.email);
  await user.type(screen.getByLabelText('Password'), 'secret-password');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return { ...view, user };
}

describe('safeNextPath', () => {
  it('accepts only an invitation page of this site', () => {
    expect(safeNextPath(invite)).toBe(invite);
    expect(safeNextPath('/invite/abc_DEF-123')).toBe('/invite/abc_DEF-123');
    for (const unsafe of [
      null,
      undefined,
      '',
      'https://evil.example',
      'https://evil.example/invite/abc',
      '//evil.example',
      '//evil.example/invite/abc',
      '/\\evil.example',
      '/invite/',
      '/invite/abc/../../dashboard',
      '/invite/abc?x=1',
      '/dashboard/settings',
      'javascript:alert(1)',
      ' /invite/abc',
    ])
      expect(safeNextPath(unsafe)).toBeNull();
  });
});

describe('?next= on the auth screens', () => {
  it('opens the invitation after logging in from its link', async () => {
    sessionApi();
    const { router } = await logIn(withQuery(paths.login, { next: invite }));
    expect(await screen.findByRole('heading', { name: 'Join Acme' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(invite);
  });

  it('opens the invitation after signing up, keeping next on the switch to Sign up', async () => {
    sessionApi();
    const { router } = renderApp(withQuery(paths.login, { next: invite }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Sign up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.signup));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(invite);
    await user.type(await screen.findByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Company name'), 'Engines');
    await user.type(screen.getByLabelText('Email'), testUser.email);
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('heading', { name: 'Join Acme' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(invite);
  });

  it.each(['https://evil.example', '//evil.example', '/dashboard/settings'])(
    'refuses next=%s and opens the dashboard',
    async (next) => {
      sessionApi();
      const { router } = await logIn(withQuery(paths.login, { next }));
      expect(await screen.findByRole('heading', { name: 'Campaigns' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(paths.dashboard);
    },
  );

  it('sends a signed-in visitor of /login?next= to the invitation, and refuses an external next', async () => {
    mockApi({
      [`GET ${apiPaths.me}`]: () => json(200, testUser),
      [`GET ${apiPaths.invitationPreview.replace(':token', 'tok-1')}`]: () => json(200, preview),
    });
    const first = renderApp(withQuery(paths.login, { next: invite }));
    expect(await screen.findByRole('heading', { name: 'Join Acme' })).toBeInTheDocument();
    expect(first.router.state.location.pathname).toBe(invite);
    first.unmount();

    const second = renderApp(withQuery(paths.login, { next: '//evil.example' }));
    expect(await screen.findByRole('heading', { name: 'Campaigns' })).toBeInTheDocument();
    expect(second.router.state.location.pathname).toBe(paths.dashboard);
  });
});
