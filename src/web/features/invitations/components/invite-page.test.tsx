// @vitest-environment jsdom
import '#web/test/setup-dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { apiPaths, invitePath, paths } from '#shared/paths';
import { invitationMessages as m, type InvitationPreview } from '#shared/schemas/invitations';
import { activeWorkspaceId, WORKSPACE_HEADER } from '#web/lib/active-workspace';
import { apiError, json, mockApi, sentTo, signedOut, testUser } from '#web/test/mock-api';
import { renderApp } from '#web/test/render-app';

const token = 'tok-1';
const previewPath = apiPaths.invitationPreview.replace(':token', token);
const preview: InvitationPreview = {
  workspace: 'Acme Outreach',
  invitedBy: 'Grace Hopper',
  role: 'member',
  email: null,
};
const acme = { id: 'w2', name: 'Acme Outreach', role: 'member' as const };

/** The `next` query parameter and path of a link's href. */
function hrefParts(link: HTMLElement) {
  const url = new URL(link.getAttribute('href') ?? '', 'http://localhost');
  return { pathname: url.pathname, next: url.searchParams.get('next') };
}

beforeEach(() => sessionStorage.clear());

describe('invitation page', () => {
  it('shows a visitor what the invitation is for, with sign-in and sign-up links that come back', async () => {
    mockApi({
      [`GET ${apiPaths.me}`]: signedOut,
      [`GET ${previewPath}`]: () => json(200, { ...preview, email: 'mia@example.com' }),
    });
    renderApp(invitePath(token));
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Acme Outreach' })).toBeInTheDocument();
    expect(
      screen.getByText('Grace Hopper invited you to join Acme Outreach as Member for mia@example.com.'),
    ).toBeInTheDocument();
    expect(hrefParts(screen.getByRole('link', { name: 'Sign in' }))).toEqual({
      pathname: paths.login,
      next: invitePath(token),
    });
    expect(hrefParts(screen.getByRole('link', { name: 'Create account' }))).toEqual({
      pathname: paths.signup,
      next: invitePath(token),
    });
    expect(screen.queryByRole('button', { name: /^Join/ })).toBeNull();
  });

  it('lets a signed-in user join, then opens the dashboard in the joined workspace', async () => {
    let joined = false;
    const api = mockApi({
      [`GET ${apiPaths.me}`]: () =>
        json(
          200,
          joined
            ? { ...testUser, role: 'member', workspace: acme, workspaces: [testUser.workspace, acme] }
            : testUser,
        ),
      [`GET ${previewPath}`]: () => json(200, preview),
      [`POST ${apiPaths.invitationAccept}`]: () => {
        joined = true;
        return json(200, { id: acme.id, name: acme.name });
      },
    });
    const { router } = renderApp(invitePath(token));
    expect((await screen.findByText(testUser.email)).parentElement).toHaveTextContent(
      `Signed in as ${testUser.email}`,
    );
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Join Acme Outreach' }));
    expect(await screen.findByText(m.joined('Acme Outreach'))).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard));
    expect(sentTo(api, 'POST', apiPaths.invitationAccept)).toEqual([{ token }]);
    expect(activeWorkspaceId()).toBe(acme.id);
    // The session is asked again, for the joined workspace.
    await waitFor(() => {
      const meCalls = api.mock.calls.filter(([input]) => String(input) === apiPaths.me);
      const last = meCalls.at(-1)?.[1]?.headers as Record<string, string> | undefined;
      expect(last?.[WORKSPACE_HEADER]).toBe(acme.id);
    });
  });

  it('shows the server’s refusal of Join on the page and keeps the button', async () => {
    mockApi({
      [`GET ${apiPaths.me}`]: () => json(200, testUser),
      [`GET ${previewPath}`]: () => json(200, preview),
      [`POST ${apiPaths.invitationAccept}`]: () => apiError(409, 'CONFLICT', m.expired),
    });
    const { router } = renderApp(invitePath(token));
    await userEvent.click(await screen.findByRole('button', { name: 'Join Acme Outreach' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(m.expired);
    expect(screen.getByRole('button', { name: 'Join Acme Outreach' })).toBeEnabled();
    expect(router.state.location.pathname).toBe(invitePath(token));
  });

  it.each([
    [
      'email',
      messages.auth.verificationEmailed(testUser.email),
      messages.auth.verificationSent(testUser.email),
    ],
    ['log', messages.auth.verificationLogged, messages.auth.newLinkLogged],
  ] as const)(
    'asks an unverified user to verify first instead of offering Join, saying where the link is (%s)',
    async (delivery, where, sent) => {
      const api = mockApi({
        [`GET ${apiPaths.me}`]: () =>
          json(200, { ...testUser, emailVerified: false, verificationDelivery: delivery }),
        [`GET ${previewPath}`]: () => json(200, preview),
        [`POST ${apiPaths.verificationEmail}`]: () => json(200, { delivery }),
      });
      renderApp(invitePath(token));
      const notice = (await screen.findByText(m.verifyToJoin)).closest('[role="status"]');
      expect(notice).toHaveTextContent(where);
      expect(screen.queryByRole('button', { name: /^Join/ })).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
      expect(await screen.findByText(sent)).toBeInTheDocument();
      expect(sentTo(api, 'POST', apiPaths.verificationEmail)).toHaveLength(1);
      expect(sentTo(api, 'POST', apiPaths.invitationAccept)).toHaveLength(0);
    },
  );

  it('tells a user signed in with another address whom the invitation is for, without Join', async () => {
    mockApi({
      [`GET ${apiPaths.me}`]: () => json(200, testUser),
      [`GET ${previewPath}`]: () => json(200, { ...preview, email: 'mia@example.com' }),
    });
    renderApp(invitePath(token));
    expect(await screen.findByRole('alert')).toHaveTextContent(m.otherEmail('mia@example.com'));
    expect(screen.queryByRole('button', { name: /^Join/ })).toBeNull();
  });

  it.each([
    [404, 'NOT_FOUND', m.notFound],
    [409, 'CONFLICT', m.revokedLink],
  ] as const)('says why a link cannot be used (%i)', async (status, code, message) => {
    mockApi({
      [`GET ${apiPaths.me}`]: signedOut,
      [`GET ${previewPath}`]: () => apiError(status, code, message),
    });
    renderApp(invitePath(token));
    expect(await screen.findByRole('heading', { name: 'Invitation unavailable' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });
});
