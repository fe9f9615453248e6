// @vitest-environment jsdom
import '../test/setup-dom';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { apiPaths, paths } from '#shared/paths';
import { SESSION_META_NAME, SIGNED_OUT } from '#shared/session-hint';
import { json, mockApi, sentTo, signedOut, testUser } from '../test/mock-api';
import { renderApp } from '../test/render-app';

afterEach(() => document.head.replaceChildren());

describe('the session check', () => {
  it('asks no one when the server’s shell says the visitor is signed out, and asks once they sign in', async () => {
    // What the server adds to the shell of a client-rendered page requested without a session.
    const mark = document.createElement('meta');
    mark.name = SESSION_META_NAME;
    mark.content = SIGNED_OUT;
    document.head.append(mark);
    let session = false;
    const api = mockApi({
      [`GET ${apiPaths.me}`]: () => (session ? json(200, testUser) : signedOut()),
      [`POST ${apiPaths.signIn}`]: () => {
        session = true;
        return json(200, { ok: true, twoFactorRequired: false });
      },
    });
    renderApp(paths.login);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), testUser.email);
    expect(sentTo(api, 'GET', apiPaths.me)).toHaveLength(0);

    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Campaigns' })).toBeInTheDocument();
    expect(sentTo(api, 'GET', apiPaths.me).length).toBeGreaterThan(0);
  });
});
