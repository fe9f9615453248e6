import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle } from '../../db/client';
import { testConfig } from '../../testing/app';
import { createTestDatabase } from '../../testing/database';
import { startSmtpServer, type LocalSmtpServer } from '../../testing/mail-servers';
import {
  completeGmailAuthorization,
  gmailAccessToken,
  GmailAuthorizationError,
  startGmailAuthorization,
} from './oauth-mailbox';
import { smtpOptions } from './connection';
import nodemailer from 'nodemailer';

/**
 * The Gmail flow against a local OAuth2 server (oauth2-mock-server speaks the real protocol:
 * authorization code with PKCE, token endpoint, refresh) and XOAUTH2 against a local SMTP server.
 */
const GMAIL_ADDRESS = 'grace.hopper@gmail.test';
const REDIRECT = 'http://localhost:3000/dashboard/emails';
let oauth: OAuth2Server;
let smtp: LocalSmtpServer;
let handle: DatabaseHandle;
const issued = new Set<string>();
let config: ReturnType<typeof testConfig>;

beforeAll(async () => {
  oauth = new OAuth2Server();
  await oauth.issuer.keys.generate('RS256');
  oauth.service.on('beforeTokenSigning', (token) => {
    token.payload.email = GMAIL_ADDRESS;
  });
  oauth.service.on('beforeResponse', (response: { body: { access_token?: string } }) => {
    if (response.body.access_token) issued.add(response.body.access_token);
  });
  await oauth.start(0, '127.0.0.1');
  smtp = await startSmtpServer([], {
    acceptAccessToken: (user, token) => user === GMAIL_ADDRESS && issued.has(token),
  });
  handle = await createTestDatabase();
  config = testConfig({
    GOOGLE_CLIENT_ID: 'linkpilot-test-client',
    GOOGLE_CLIENT_SECRET: 'linkpilot-test-secret',
    GOOGLE_AUTH_URL: `${oauth.issuer.url}/authorize`,
    GOOGLE_TOKEN_URL: `${oauth.issuer.url}/token`,
  });
});
afterAll(async () => {
  await oauth.stop();
  await smtp.close();
  await handle.close();
});

/** Follows the authorization URL as the browser would; the mock authorizes at once and redirects back. */
async function authorize(url: string) {
  const response = await fetch(url, { redirect: 'manual' });
  const back = new URL(response.headers.get('location')!);
  return {
    code: back.searchParams.get('code')!,
    state: back.searchParams.get('state')!,
    origin: `${back.origin}${back.pathname}`,
  };
}

describe('Gmail by OAuth2', () => {
  it('asks for offline Gmail access with PKCE and state, and comes back to the emails page', async () => {
    const url = new URL(await startGmailAuthorization(handle.db, config, 'user-1', REDIRECT));
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('scope')).toContain('https://mail.google.com/');
    const back = await authorize(url.toString());
    expect(back.origin).toBe(REDIRECT);
    expect(back.state).toBe(url.searchParams.get('state'));
  });

  it('trades the code for the address and a refresh token, once', async () => {
    const url = await startGmailAuthorization(handle.db, config, 'user-1', REDIRECT);
    const { code, state } = await authorize(url);
    const grant = await completeGmailAuthorization(handle.db, config, 'user-1', {
      code,
      state,
      redirectUri: REDIRECT,
    });
    expect(grant.email).toBe(GMAIL_ADDRESS);
    expect(grant.refreshToken).toBeTruthy();
    await expect(
      completeGmailAuthorization(handle.db, config, 'user-1', { code, state, redirectUri: REDIRECT }),
    ).rejects.toThrow(GmailAuthorizationError);
  });

  it('refuses a state started by another user or for another redirect URI', async () => {
    const first = await authorize(await startGmailAuthorization(handle.db, config, 'user-1', REDIRECT));
    await expect(
      completeGmailAuthorization(handle.db, config, 'user-2', {
        code: first.code,
        state: first.state,
        redirectUri: REDIRECT,
      }),
    ).rejects.toThrow('expired or was not started here');
    const second = await authorize(await startGmailAuthorization(handle.db, config, 'user-1', REDIRECT));
    await expect(
      completeGmailAuthorization(handle.db, config, 'user-1', {
        ...second,
        redirectUri: 'https://evil.example/cb',
      }),
    ).rejects.toThrow('expired or was not started here');
    // A state is single-use: after a refused attempt it is gone, even for its rightful user.
    await expect(
      completeGmailAuthorization(handle.db, config, 'user-1', {
        code: first.code,
        state: first.state,
        redirectUri: REDIRECT,
      }),
    ).rejects.toThrow('expired or was not started here');
  });

  it('sends through SMTP with XOAUTH2 using an access token renewed from the refresh token', async () => {
    const { code, state } = await authorize(
      await startGmailAuthorization(handle.db, config, 'user-1', REDIRECT),
    );
    const grant = await completeGmailAuthorization(handle.db, config, 'user-1', {
      code,
      state,
      redirectUri: REDIRECT,
    });
    const accessToken = await gmailAccessToken(config, grant.refreshToken);
    const transport = nodemailer.createTransport(
      smtpOptions({
        smtpHost: '127.0.0.1',
        smtpPort: smtp.port,
        smtpSecurity: 'none',
        imapHost: '127.0.0.1',
        imapPort: 1,
        imapSecurity: 'none',
        auth: { user: GMAIL_ADDRESS, accessToken },
      }),
    );
    await transport.sendMail({ from: GMAIL_ADDRESS, to: 'anna@blog.example', subject: 'Hello', text: 'Hi' });
    expect((await smtp.waitFor(1))[0]!.from).toBe(GMAIL_ADDRESS);
    const refused = nodemailer.createTransport(
      smtpOptions({
        smtpHost: '127.0.0.1',
        smtpPort: smtp.port,
        smtpSecurity: 'none',
        imapHost: '127.0.0.1',
        imapPort: 1,
        imapSecurity: 'none',
        auth: { user: GMAIL_ADDRESS, accessToken: 'not-issued' },
      }),
    );
    await expect(refused.verify()).rejects.toMatchObject({ responseCode: 535 });
  });

  it('says Gmail is not configured when the Google client is missing', async () => {
    await expect(startGmailAuthorization(handle.db, testConfig(), 'user-1', REDIRECT)).rejects.toThrow(
      'GOOGLE_CLIENT_ID',
    );
  });
});
