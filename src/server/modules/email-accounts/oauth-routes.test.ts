import { eq, sql } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, paths } from '../../../shared/paths';
import { mailboxMessages, type Mailbox } from '../../../shared/schemas/mailboxes';
import { queryRows } from '../../db/client';
import { emailAccounts } from '../../db/schema/mailboxes';
import { outreachKeys } from '../../keys';
import { decryptSecret } from '../../secrets';
import { createTestApp, signUpUser, type TestApp } from '../../testing/app';

/**
 * Microsoft mailboxes over the API (docs/decisions/016-microsoft-mailboxes.md) against a local OAuth2
 * server standing in for login.microsoftonline.com.
 */
const ADDRESS = 'katherine.johnson@outlook.test';
let oauth: OAuth2Server;
let t: TestApp;
/** Refresh tokens the local token endpoint handed out, in order. */
const refreshTokens: string[] = [];

beforeAll(async () => {
  oauth = new OAuth2Server();
  await oauth.issuer.keys.generate('RS256');
  oauth.service.on('beforeTokenSigning', (token) => {
    token.payload.email = ADDRESS;
  });
  oauth.service.on('beforeResponse', (response: { body: { refresh_token?: string } }) => {
    if (response.body.refresh_token) refreshTokens.push(response.body.refresh_token);
  });
  await oauth.start(0, '127.0.0.1');
  t = await createTestApp({
    MICROSOFT_CLIENT_ID: 'linkpilot-test-entra-client',
    MICROSOFT_CLIENT_SECRET: 'linkpilot-test-entra-secret',
    MICROSOFT_AUTH_URL: `${oauth.issuer.url}/authorize`,
    MICROSOFT_TOKEN_URL: `${oauth.issuer.url}/token`,
  });
});
afterAll(async () => {
  await t.close();
  await oauth.stop();
});

const redirectUri = () => new URL(paths.emails, t.config.APP_URL).toString();

/** POST …/microsoft/authorize as `cookie`, then follow the URL as the browser would. */
async function authorize(cookie: string) {
  const start = await t.app.inject({
    method: 'POST',
    url: apiPaths.microsoftAuthorize,
    headers: { cookie },
    payload: { redirect_uri: redirectUri() },
  });
  const url = new URL(start.json<{ url: string }>().url);
  const back = await fetch(url, { redirect: 'manual' });
  const params = new URL(back.headers.get('location')!).searchParams;
  return { url, code: params.get('code')!, state: params.get('state')! };
}

const callback = (cookie: string, back: { code: string; state: string }) =>
  t.app.inject({
    method: 'POST',
    url: apiPaths.microsoftCallback,
    headers: { cookie },
    payload: { code: back.code, state: back.state, redirect_uri: redirectUri() },
  });

const mailboxesOf = async (cookie: string) =>
  (await t.app.inject({ url: apiPaths.emailAccounts, headers: { cookie } })).json<Mailbox[]>();

describe('Microsoft mailboxes by OAuth2', () => {
  it('says which sign-ins the server is configured for', async () => {
    const { cookie } = await signUpUser(t.app);
    const answer = await t.app.inject({ url: apiPaths.oauthProviders, headers: { cookie } });
    expect(answer.json()).toEqual({ gmail: false, microsoft: true });
    expect((await t.app.inject({ url: apiPaths.oauthProviders })).statusCode).toBe(401);
    const gmail = await t.app.inject({
      method: 'POST',
      url: apiPaths.gmailAuthorize,
      headers: { cookie },
      payload: { redirect_uri: redirectUri() },
    });
    expect(gmail.json()).toEqual({ error: 'Gmail is not configured on this server.' });
  });

  it('connects through the authorize and callback routes, the refresh token encrypted', async () => {
    const { cookie } = await signUpUser(t.app);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: apiPaths.microsoftAuthorize,
      headers: { cookie },
      payload: { redirect_uri: 'https://evil.example/dashboard/emails' },
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error.message).toBe(mailboxMessages.redirectRefused);

    const back = await authorize(cookie);
    expect(back.url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(back.url.searchParams.get('scope')).toContain('https://outlook.office.com/SMTP.Send');
    expect((await callback(cookie, back)).json()).toEqual({ success: true });
    const [mailbox] = await mailboxesOf(cookie);
    expect(mailbox).toMatchObject({
      email: ADDRESS,
      provider: 'microsoft',
      status: 'connected',
      rampLimit: 10,
    });
    const [row] = await queryRows<{ secret_encrypted: string; smtp_host: string | null }>(
      t.handle.db,
      sql`select secret_encrypted, smtp_host from email_accounts where id = ${mailbox!.id}`,
    );
    expect(row!.secret_encrypted).not.toContain(refreshTokens.at(-1)!);
    expect(decryptSecret(outreachKeys(t.config.APP_SECRET!).credentials, row!.secret_encrypted)).toBe(
      refreshTokens.at(-1),
    );
    expect(row!.smtp_host).toBeNull();

    // The state is single-use: replaying the callback fails with the user's message and adds nothing.
    const replay = await callback(cookie, back);
    expect(replay.json()).toEqual({
      success: false,
      error: 'This Microsoft authorization expired or was not started here. Please try again.',
    });
    expect(await mailboxesOf(cookie)).toHaveLength(1);
  });

  it('refuses another user’s authorization and stores nothing for either', async () => {
    const owner = await signUpUser(t.app);
    const thief = await signUpUser(t.app);
    const back = await authorize(owner.cookie);
    const stolen = await callback(thief.cookie, back);
    expect(stolen.json()).toMatchObject({ success: false, error: expect.stringMatching(/not started here/) });
    expect(await mailboxesOf(thief.cookie)).toEqual([]);
    expect(await mailboxesOf(owner.cookie)).toEqual([]);
  });

  it('connecting again renews the token and clears an error, but leaves a paused mailbox paused', async () => {
    const { cookie } = await signUpUser(t.app);
    expect((await callback(cookie, await authorize(cookie))).json()).toEqual({ success: true });
    const [first] = await mailboxesOf(cookie);
    for (const status of ['error', 'paused'] as const) {
      await t.handle.db
        .update(emailAccounts)
        .set({
          status,
          statusReason: 'Microsoft refused to renew access: invalid_grant',
          statusSource: 'smtp',
        })
        .where(eq(emailAccounts.id, first!.id));
      expect((await callback(cookie, await authorize(cookie))).json()).toEqual({ success: true });
      const [again] = await mailboxesOf(cookie);
      expect(again).toMatchObject({
        id: first!.id,
        status: status === 'error' ? 'connected' : 'paused',
        statusReason: status === 'error' ? null : 'Microsoft refused to renew access: invalid_grant',
      });
    }
  });

  it('refuses a password change for a Microsoft mailbox', async () => {
    const { cookie } = await signUpUser(t.app);
    await callback(cookie, await authorize(cookie));
    const [mailbox] = await mailboxesOf(cookie);
    const answer = await t.app.inject({
      method: 'PATCH',
      url: apiPaths.emailAccount.replace(':id', mailbox!.id),
      headers: { cookie },
      payload: { dailyLimit: 30, minSpacingMinutes: 2, maxSpacingMinutes: 6, password: 'hunter2' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.message).toBe(mailboxMessages.microsoftPassword);
  });
});
