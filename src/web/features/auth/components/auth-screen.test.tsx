// @vitest-environment jsdom
import '#web/test/setup-dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { apiPaths, paths } from '#shared/paths';
import { apiError, json, mockApi, sentTo, signedOut, testUser } from '#web/test/mock-api';
import { renderApp } from '#web/test/render-app';

const m = messages.auth;

describe('auth screen', () => {
  it('shows every required-field message on an empty sign-up and sends nothing', async () => {
    const api = mockApi({ [`GET ${apiPaths.me}`]: signedOut });
    renderApp(paths.signup);
    await userEvent.click(await screen.findByRole('button', { name: 'Create Account' }));

    for (const text of [
      m.firstNameRequired,
      m.lastNameRequired,
      m.companyNameRequired,
      m.emailRequired,
      m.passwordRequired,
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(sentTo(api, 'POST', apiPaths.signUp)).toEqual([]);
  });

  it('rejects a malformed email and a short password, and clears a message once the field is fixed', async () => {
    const api = mockApi({ [`GET ${apiPaths.me}`]: signedOut });
    renderApp(paths.signup);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Company name'), 'Engines');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(m.newPasswordHint);
    await user.type(screen.getByLabelText('Password'), '1234567');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText(m.invalidEmail)).toBeInTheDocument();
    expect(screen.getByText(m.passwordTooShort)).toBeInTheDocument();
    expect(sentTo(api, 'POST', apiPaths.signUp)).toEqual([]);

    await user.type(screen.getByLabelText('Password'), '8');
    await waitFor(() => expect(screen.queryByText(m.passwordTooShort)).not.toBeInTheDocument());
    expect(screen.getByText(m.invalidEmail)).toBeInTheDocument();
  });

  it('shows the invalid-credentials message in an alert when the server refuses the login', async () => {
    const api = mockApi({
      [`GET ${apiPaths.me}`]: signedOut,
      [`POST ${apiPaths.signIn}`]: () => apiError(401, 'INVALID_CREDENTIALS', 'invalid_credentials'),
    });
    renderApp(paths.login);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(m.invalidCredentials);
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
    expect(sentTo(api, 'POST', apiPaths.signIn)).toEqual([
      { email: 'ada@example.com', password: 'wrong-password' },
    ]);
  });

  it('shows the server message of a refused sign-up and a generic one for a server failure', async () => {
    let status = 409;
    mockApi({
      [`GET ${apiPaths.me}`]: signedOut,
      [`POST ${apiPaths.signUp}`]: () =>
        status === 409 ? apiError(409, 'CONFLICT', m.emailTaken) : apiError(500, 'INTERNAL', 'db down'),
    });
    renderApp(paths.signup);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Company name'), 'Engines');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(m.emailTaken);

    status = 500;
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(m.unexpected));
  });

  it('puts server field issues under their field', async () => {
    mockApi({
      [`GET ${apiPaths.me}`]: signedOut,
      [`POST ${apiPaths.signIn}`]: () =>
        json(400, {
          error: {
            code: 'VALIDATION_ERROR',
            message: messages.generic.invalidRequest,
            issues: [{ path: 'email', message: 'Domain not allowed' }],
          },
        }),
    });
    renderApp(paths.login);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Domain not allowed')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens the dashboard after a successful login', async () => {
    let session = false;
    mockApi({
      [`GET ${apiPaths.me}`]: () => (session ? json(200, testUser) : signedOut()),
      [`POST ${apiPaths.signIn}`]: () => {
        session = true;
        return json(200, { ok: true, twoFactorRequired: false });
      },
    });
    const { router } = renderApp(paths.login);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), testUser.email);
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { name: 'Campaigns' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.dashboard);
  });

  it('sends a signed-in visitor of /login to the dashboard', async () => {
    mockApi({ [`GET ${apiPaths.me}`]: () => json(200, testUser) });
    const { router } = renderApp(paths.login);
    expect(await screen.findByRole('heading', { name: 'Campaigns' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.dashboard);
  });

  it('switches between login and signup', async () => {
    mockApi({ [`GET ${apiPaths.me}`]: signedOut });
    renderApp(paths.login);
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Sign up' }));
    expect(await screen.findByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });
});
