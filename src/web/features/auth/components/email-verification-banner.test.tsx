// @vitest-environment jsdom
import '#web/test/setup-dom';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { apiPaths, emailVerificationParam, paths } from '#shared/paths';
import { json, mockApi, sentTo, testUser } from '#web/test/mock-api';
import { renderApp } from '#web/test/render-app';

const m = messages.auth;
const unverified = { ...testUser, emailVerified: false };

describe('the email verification banner', () => {
  it('asks an unverified user to verify and sends a new link, saying where it went', async () => {
    const api = mockApi({
      [`GET ${apiPaths.me}`]: () => json(200, unverified),
      [`POST ${apiPaths.verificationEmail}`]: () => json(200, { delivery: 'email' }),
    });
    renderApp(paths.settings);
    const banner = (await screen.findByText('Please verify your email address.')).closest('[role="status"]');
    expect(banner).toHaveTextContent(m.verificationEmailed(unverified.email));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send a New Link' }));
    expect(await screen.findByText(m.verificationSent(unverified.email))).toBeInTheDocument();
    expect(sentTo(api, 'POST', apiPaths.verificationEmail)).toHaveLength(1);
  });

  it('on an install without SMTP says from the start that the link is in the server log, never "we emailed"', async () => {
    mockApi({
      [`GET ${apiPaths.me}`]: () => json(200, { ...unverified, verificationDelivery: 'log' }),
      [`POST ${apiPaths.verificationEmail}`]: () => json(200, { delivery: 'log' }),
    });
    renderApp(paths.settings);
    const banner = (await screen.findByText('Please verify your email address.')).closest('[role="status"]');
    expect(banner).toHaveTextContent(m.verificationLogged);
    expect(banner).not.toHaveTextContent(/emailed/);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send a New Link' }));
    expect(await screen.findByText(m.newLinkLogged)).toBeInTheDocument();
  });

  it('says so when the link the user followed was not valid', async () => {
    mockApi({ [`GET ${apiPaths.me}`]: () => json(200, unverified) });
    renderApp(`${paths.settings}?${emailVerificationParam}=link-invalid`);
    expect(await screen.findByText(m.verificationLinkInvalid)).toBeInTheDocument();
  });

  it('is absent for a verified user, who is told when the link worked', async () => {
    mockApi({ [`GET ${apiPaths.me}`]: () => json(200, testUser) });
    renderApp(`${paths.settings}?${emailVerificationParam}=verified`);
    expect(await screen.findByText(m.emailVerified)).toBeInTheDocument();
    expect(screen.queryByText('Please verify your email address.')).not.toBeInTheDocument();
  });
});
