import nodemailer from 'nodemailer';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OAuthMailboxProvider } from '../../../shared/schemas/mailboxes';
import { type DatabaseHandle } from '../../db/client';
import { testConfig } from '../../testing/app';
import { createTestDatabase } from '../../testing/database';
import { startSmtpServer, type LocalSmtpServer } from '../../testing/mail-servers';
import { smtpOptions } from './connection';
import {
  completeOAuthAuthorization,
  OAuthMailboxError,
  renewOAuthAccess,
  startOAuthAuthorization,
} from './oauth-mailbox';

/**
 * Gmail and Microsoft mailboxes against a local OAuth2 server (oauth2-mock-server speaks the real
 * protocol: authorization code with PKCE, token endpoint, refresh, and it rotates refresh tokens as
 * Microsoft does) and XOAUTH2 against a local SMTP server.
 */
const REDIRECT = 'http://localhost:3000/dashboard/emails';
let oauth: OAuth2Server;
let smtp: LocalSmtpServer;
let handle: DatabaseHandle;
const issued = new Set<string>();
/** Claims the next tokens carry (the ID token names the address). */
let claims: Record<string, unknown> = {};
/** Changes the next token endpoint answers; reset after each test. */
let answer:
  ((response: { statusCode: number; body: Record<string, unknown> }, grant: string) => void) | null = null;
let config: ReturnType<typeof testConfig>;

beforeAll(async () => {
  oauth = new OAuth2Server();
  await oauth.issuer.keys.generate('RS256');
  oauth.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, claims));
  oauth.service.on(
    'beforeResponse',
    (
      response: { statusCode: number; body: Record<string, unknown> },
      req: { body: { grant_type: string } },
    ) => {
      if (typeof response.body.access_token === 'string') issued.add(response.body.access_token);
      answer?.(response, req.body.grant_type);
    },
  );
  await oauth.start(0, '127.0.0.1');
  smtp = await startSmtpServer([], {
    acceptAccessToken: (user, token) => user === String(claims.email) && issued.has(token),
  });
  handle = await createTestDatabase();
  config = testConfig({
    GOOGLE_CLIENT_ID: 'linkpilot-test-client',
    GOOGLE_CLIENT_SECRET: 'linkpilot-test-secret',
    GOOGLE_AUTH_URL: `${oauth.issuer.url}/authorize`,
    GOOGLE_TOKEN_URL: `${oauth.issuer.url}/token`,
    MICROSOFT_CLIENT_ID: 'linkpilot-test-entra-client',
    MICROSOFT_CLIENT_SECRET: 'linkpilot-test-entra-secret',
    MICROSOFT_AUTH_URL: `${oauth.issuer.url}/authorize`,
    MICROSOFT_TOKEN_URL: `${oauth.issuer.url}/token`,
  });
});
afterEach(() => {
  answer = null;
  vi.useRealTimers();
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

/** Authorizes `provider` as `userId` and completes it as `asUser` (default: the same user). */
async function connect(provider: OAuthMailboxProvider, userId = 'user-1', asUser = userId) {
  const { code, state } = await authorize(
    await startOAuthAuthorization(handle.db, config, provider, userId, REDIRECT),
  );
  return completeOAuthAuthorization(handle.db, config, provider, asUser, {
    code,
    state,
    redirectUri: REDIRECT,
  });
}

const addresses = { gmail: 'grace.hopper@gmail.test', microsoft: 'katherine.johnson@outlook.test' };
const products = { gmail: 'Gmail', microsoft: 'Microsoft' };

describe.each(['gmail', 'microsoft'] as const)('%s by OAuth2', (provider) => {
  it('asks with PKCE S256 and state, and comes back to the emails page', async () => {
    const url = new URL(await startOAuthAuthorization(handle.db, config, provider, 'user-1', REDIRECT));
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    const back = await authorize(url.toString());
    expect(back.origin).toBe(REDIRECT);
    expect(back.state).toBe(url.searchParams.get('state'));
  });

  it('trades the code for the address and a refresh token, once', async () => {
    claims = { email: addresses[provider] };
    const url = await startOAuthAuthorization(handle.db, config, provider, 'user-1', REDIRECT);
    const { code, state } = await authorize(url);
    const complete = () =>
      completeOAuthAuthorization(handle.db, config, provider, 'user-1', {
        code,
        state,
        redirectUri: REDIRECT,
      });
    const grant = await complete();
    expect(grant.email).toBe(addresses[provider]);
    expect(grant.refreshToken).toBeTruthy();
    await expect(complete()).rejects.toThrow(
      new OAuthMailboxError(
        `This ${products[provider]} authorization expired or was not started here. Please try again.`,
      ),
    );
  });

  it('refuses a state started by another user, for another redirect URI or by the other provider', async () => {
    const first = await authorize(
      await startOAuthAuthorization(handle.db, config, provider, 'user-1', REDIRECT),
    );
    const asUser2 = { code: first.code, state: first.state, redirectUri: REDIRECT };
    await expect(completeOAuthAuthorization(handle.db, config, provider, 'user-2', asUser2)).rejects.toThrow(
      'expired or was not started here',
    );
    // A state is single-use: after a refused attempt it is gone, even for its rightful user.
    await expect(completeOAuthAuthorization(handle.db, config, provider, 'user-1', asUser2)).rejects.toThrow(
      'expired or was not started here',
    );
    const second = await authorize(
      await startOAuthAuthorization(handle.db, config, provider, 'user-1', REDIRECT),
    );
    await expect(
      completeOAuthAuthorization(handle.db, config, provider, 'user-1', {
        ...second,
        redirectUri: 'https://evil.example/cb',
      }),
    ).rejects.toThrow('expired or was not started here');
    const third = await authorize(
      await startOAuthAuthorization(handle.db, config, provider, 'user-1', REDIRECT),
    );
    const other = provider === 'gmail' ? 'microsoft' : 'gmail';
    await expect(
      completeOAuthAuthorization(handle.db, config, other, 'user-1', { ...third, redirectUri: REDIRECT }),
    ).rejects.toThrow('expired or was not started here');
  });

  it('keeps a started authorization for 10 minutes', async () => {
    claims = { email: addresses[provider] };
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-02T10:00:00Z') });
    const inTime = await authorize(
      await startOAuthAuthorization(handle.db, config, provider, 'user-1', REDIRECT),
    );
    const late = await authorize(
      await startOAuthAuthorization(handle.db, config, provider, 'user-1', REDIRECT),
    );
    vi.setSystemTime(new Date('2026-03-02T10:09:59Z'));
    await expect(
      completeOAuthAuthorization(handle.db, config, provider, 'user-1', { ...inTime, redirectUri: REDIRECT }),
    ).resolves.toMatchObject({ email: addresses[provider] });
    vi.setSystemTime(new Date('2026-03-02T10:10:01Z'));
    await expect(
      completeOAuthAuthorization(handle.db, config, provider, 'user-1', { ...late, redirectUri: REDIRECT }),
    ).rejects.toThrow('expired or was not started here');
  });

  it('sends through SMTP with XOAUTH2 using an access token renewed from the refresh token', async () => {
    claims = { email: addresses[provider] };
    const grant = await connect(provider);
    const { accessToken } = await renewOAuthAccess(config, provider, grant.refreshToken);
    const transport = (token: string) =>
      nodemailer.createTransport(
        smtpOptions({
          smtpHost: '127.0.0.1',
          smtpPort: smtp.port,
          smtpSecurity: 'none',
          imapHost: '127.0.0.1',
          imapPort: 1,
          imapSecurity: 'none',
          auth: { user: grant.email, accessToken: token },
        }),
      );
    const before = smtp.messages.length;
    await transport(accessToken).sendMail({
      from: grant.email,
      to: 'anna@blog.example',
      subject: 'Hello',
      text: 'Hi',
    });
    expect((await smtp.waitFor(before + 1))[before]!.from).toBe(grant.email);
    await expect(transport('not-issued').verify()).rejects.toMatchObject({ responseCode: 535 });
  });

  it('says the refresh token was refused, naming the provider', async () => {
    claims = { email: addresses[provider] };
    const grant = await connect(provider);
    answer = (response) => {
      response.statusCode = 400;
      response.body = { error: 'invalid_grant', error_description: 'The refresh token has expired' };
    };
    await expect(renewOAuthAccess(config, provider, grant.refreshToken)).rejects.toThrow(
      new OAuthMailboxError(
        `${provider === 'gmail' ? 'Google' : 'Microsoft'} refused to renew access: The refresh token has expired`,
      ),
    );
  });

  it('says the provider is not configured when its OAuth client is missing', async () => {
    await expect(
      startOAuthAuthorization(handle.db, testConfig(), provider, 'user-1', REDIRECT),
    ).rejects.toThrow(provider === 'gmail' ? 'GOOGLE_CLIENT_ID' : 'MICROSOFT_CLIENT_ID');
  });
});

describe('Gmail specifics', () => {
  it('asks for offline Gmail access and consent, so Google returns a refresh token', async () => {
    const url = new URL(await startOAuthAuthorization(handle.db, config, 'gmail', 'user-1', REDIRECT));
    expect(url.toString()).toMatch(new RegExp(`^${config.GOOGLE_AUTH_URL}\\?`));
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('prompt')).toBe('consent');
    expect(url.searchParams.get('scope')!.split(' ')).toEqual([
      'https://mail.google.com/',
      'openid',
      'email',
    ]);
  });

  it('keeps the refresh token when Google does not send a new one', async () => {
    claims = { email: addresses.gmail };
    const grant = await connect('gmail');
    answer = (response, grant) => {
      if (grant === 'refresh_token') delete response.body.refresh_token;
    };
    await expect(renewOAuthAccess(config, 'gmail', grant.refreshToken)).resolves.toMatchObject({
      rotatedRefreshToken: null,
    });
  });
});

describe('Microsoft specifics', () => {
  it('asks for offline access and Outlook’s SMTP and IMAP scopes at the Microsoft endpoint', async () => {
    const url = new URL(await startOAuthAuthorization(handle.db, config, 'microsoft', 'user-1', REDIRECT));
    expect(url.toString()).toMatch(new RegExp(`^${config.MICROSOFT_AUTH_URL}\\?`));
    expect(url.searchParams.get('scope')!.split(' ')).toEqual([
      'offline_access',
      'openid',
      'email',
      'https://outlook.office.com/SMTP.Send',
      'https://outlook.office.com/IMAP.AccessAsUser.All',
    ]);
    expect(url.searchParams.get('access_type')).toBeNull();
  });

  it('reads the address from preferred_username when the account has no email claim', async () => {
    claims = { preferred_username: 'Ada@Contoso.test' };
    await expect(connect('microsoft')).resolves.toMatchObject({ email: 'ada@contoso.test' });
    claims = { preferred_username: 'not-an-address' };
    await expect(connect('microsoft')).rejects.toThrow(
      new OAuthMailboxError('Microsoft did not say which address was connected. Please try again.'),
    );
  });

  it('refuses a grant without a refresh token (offline access not given)', async () => {
    claims = { email: addresses.microsoft };
    answer = (response) => {
      delete response.body.refresh_token;
    };
    await expect(connect('microsoft')).rejects.toThrow('Microsoft did not grant offline access');
  });

  it('returns the rotated refresh token Microsoft answers with a renewal', async () => {
    claims = { email: addresses.microsoft };
    const grant = await connect('microsoft');
    let sent: string | undefined;
    answer = (response) => {
      sent = response.body.refresh_token as string;
    };
    const renewed = await renewOAuthAccess(config, 'microsoft', grant.refreshToken);
    expect(renewed.rotatedRefreshToken).toBe(sent);
    expect(renewed.rotatedRefreshToken).not.toBe(grant.refreshToken);
    expect(issued.has(renewed.accessToken)).toBe(true);
  });
});
