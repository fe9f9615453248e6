// @vitest-environment jsdom
import '../../../test/setup-dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiPaths, paths } from '#shared/paths';
import { twoFactorMessages, twoFactorPaths } from '#shared/schemas/two-factor';
import { apiError, json, mockApi, sentTo, signedOut, testUser } from '#web/test/mock-api';
import { renderApp } from '#web/test/render-app';

/** The code step of signing in (docs/decisions/031-two-factor-and-passkeys.md). */
describe('the code step of signing in', () => {
  it('asks for a code after a right password, checks its form, shows a refusal, and starts over', async () => {
    const api = mockApi({
      [`GET ${apiPaths.me}`]: signedOut,
      [`POST ${apiPaths.signIn}`]: () => json(200, { ok: true, twoFactorRequired: true }),
      [`POST ${twoFactorPaths.signInCode}`]: () =>
        json(400, {
          error: {
            code: 'VALIDATION_ERROR',
            message: twoFactorMessages.codeInvalid,
            issues: [{ path: 'code', message: twoFactorMessages.codeInvalid }],
          },
        }),
    });
    renderApp(paths.login);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), testUser.email);
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    const code = await screen.findByLabelText('Authentication code');
    await user.type(code, '12ab');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(twoFactorMessages.codeRequired)).toBeInTheDocument();
    expect(sentTo(api, 'POST', twoFactorPaths.signInCode)).toEqual([]);

    await user.clear(code);
    await user.type(code, 'abcde-12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(twoFactorMessages.codeInvalid)).toBeInTheDocument();
    expect(sentTo(api, 'POST', twoFactorPaths.signInCode)).toEqual([{ code: 'abcde-12345' }]);

    await user.click(screen.getByRole('button', { name: 'Start over' }));
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
  });

  it('says when the challenge has expired', async () => {
    mockApi({
      [`GET ${apiPaths.me}`]: signedOut,
      [`POST ${apiPaths.signIn}`]: () => json(200, { ok: true, twoFactorRequired: true }),
      [`POST ${twoFactorPaths.signInCode}`]: () =>
        apiError(401, 'UNAUTHORIZED', twoFactorMessages.challengeExpired),
    });
    renderApp(paths.login);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), testUser.email);
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(twoFactorMessages.challengeExpired),
    );
  });
});
