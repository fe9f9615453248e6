import { eq, sql } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { apiPaths, paths } from '../../shared/paths';
import { ssoMessages as m } from '../../shared/schemas/sso';
import { twoFactorPaths } from '../../shared/schemas/two-factor';
import { ssoProviders } from '../db/schema/sso';
import { users } from '../db/schema/users';
import { workspaces } from '../db/schema/workspaces';
import { createTestApp, sessionCookie, signUpUser, type TestApp } from '../testing/app';

let oauth: OAuth2Server;
let t: TestApp;
/** The address the local identity provider puts in the next ID token, and whether it is verified. */
let signingInAs = { email: '', verified: true };

beforeAll(async () => {
  oauth = new OAuth2Server();
  await oauth.issuer.keys.generate('RS256');
  oauth.service.on('beforeTokenSigning', (token) => {
    token.payload.email = signingInAs.email;
    token.payload.email_verified = signingInAs.verified;
    token.payload.given_name = 'Sam';
    token.payload.family_name = 'Sso';
  });
  await oauth.start(0, '127.0.0.1');
  // The local provider listens on loopback: the SSRF guard lets 127.0.0.1 through, as for the crawler's tests.
  t = await createTestApp({ CRAWL_ALLOW_PRIVATE: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await oauth.stop();
});

const me = (cookie: string) => t.app.inject({ method: 'GET', url: apiPaths.me, headers: { cookie } });
const putSso = (cookie: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: apiPaths.ssoSettings, headers: { cookie }, payload });
const settings = (overrides: Record<string, unknown> = {}) => ({
  issuer: oauth.issuer.url,
  clientId: 'linkpilot',
  clientSecret: 'provider-secret-1',
  domains: 'acme.test, eu.acme.test',
  defaultRole: 'member',
  ...overrides,
});

/** Signs a user up at `email` and marks the address verified (as its link would). */
async function verifiedUser(email: string) {
  const { cookie } = await signUpUser(t.app, { email });
  await t.handle.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
  return cookie;
}

/** "Sign in with SSO" for `email`, the provider's round trip, and the callback; the callback's answer. */
async function ssoSignIn(email: string, tamper?: (query: URLSearchParams) => void) {
  signingInAs = { ...signingInAs, email };
  const start = await t.app.inject({ method: 'POST', url: apiPaths.ssoStart, payload: { email } });
  expect(start.statusCode).toBe(200);
  const back = await fetch(start.json<{ url: string }>().url, { redirect: 'manual' });
  const location = new URL(back.headers.get('location')!);
  expect(location.pathname).toBe(apiPaths.ssoCallback);
  tamper?.(location.searchParams);
  const state = start.cookies.find((c) => c.name === 'lp_sso_state')!;
  return t.app.inject({
    method: 'GET',
    url: `${location.pathname}${location.search}`,
    headers: { cookie: `${state.name}=${state.value}` },
  });
}

let ownerCookie: string;
let workspaceId: string;

describe('single sign-on settings', () => {
  it('saves the provider for a Full Access member, shows it without the secret, and stores the secret encrypted', async () => {
    ownerCookie = await verifiedUser('owner@acme.test');
    workspaceId = (await me(ownerCookie)).json().workspace.id;
    const saved = await putSso(ownerCookie, settings());
    expect(saved.json().error).toBeUndefined();
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      issuer: oauth.issuer.url,
      clientId: 'linkpilot',
      domains: ['acme.test', 'eu.acme.test'],
      defaultRole: 'member',
    });
    expect(saved.body).not.toContain('provider-secret-1');
    const [row] = await t.handle.db
      .select()
      .from(ssoProviders)
      .where(eq(ssoProviders.workspaceId, workspaceId));
    expect(row!.clientSecretEncrypted).not.toContain('provider-secret-1');
    // Saved again without a secret: the stored one is kept.
    expect((await putSso(ownerCookie, settings({ clientSecret: '' }))).statusCode).toBe(200);
    const [again] = await t.handle.db
      .select()
      .from(ssoProviders)
      .where(eq(ssoProviders.workspaceId, workspaceId));
    expect(again!.clientSecretEncrypted).toBe(row!.clientSecretEncrypted);
  });

  it('refuses an issuer on a private address, at save', async () => {
    const refused = await putSso(ownerCookie, settings({ issuer: 'http://192.168.1.10/' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.issues).toEqual([{ path: 'issuer', message: m.issuerPrivate }]);
    const loopback = await putSso(ownerCookie, settings({ issuer: 'http://[::1]:9/' }));
    expect(loopback.json().error.issues).toEqual([{ path: 'issuer', message: m.issuerPrivate }]);
  });

  it("refuses domains that are not the saver's verified address's, and a domain another workspace has", async () => {
    const foreign = await putSso(ownerCookie, settings({ domains: 'acme.test, gmail.com' }));
    expect(foreign.json().error.issues).toEqual([{ path: 'domains', message: m.domainNotYours }]);
    const { cookie: unverified } = await signUpUser(t.app, { email: 'someone@beta.test' });
    const notVerified = await putSso(unverified, settings({ domains: 'beta.test' }));
    expect(notVerified.json().error.issues).toEqual([{ path: 'domains', message: m.domainNotYours }]);
    const rival = await verifiedUser('rival@acme.test');
    const taken = await putSso(rival, settings({ domains: 'acme.test' }));
    expect(taken.json().error.issues).toEqual([{ path: 'domains', message: m.domainTaken('acme.test') }]);
    // The other workspace sees no provider of its own.
    const theirs = await t.app.inject({
      method: 'GET',
      url: apiPaths.ssoSettings,
      headers: { cookie: rival },
    });
    expect(theirs.json()).toBeNull();
  });

  it('refuses a member without Full Access', async () => {
    const invited = await verifiedUser('member@acme.test');
    const memberId = (await me(invited)).json().id;
    await t.handle.db.execute(
      sql`insert into workspace_members (workspace_id, user_id, role) values (${workspaceId}, ${memberId}, 'member')`,
    );
    const headers = { cookie: invited, 'x-workspace-id': workspaceId };
    const put = await t.app.inject({
      method: 'PUT',
      url: apiPaths.ssoSettings,
      headers,
      payload: settings(),
    });
    expect(put.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: apiPaths.ssoSettings, headers })).statusCode).toBe(
      403,
    );
  });
});

describe('signing in with SSO', () => {
  it('signs a new person in through the provider into the workspace, with the default role', async () => {
    const back = await ssoSignIn('New.Person@eu.acme.test');
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(paths.dashboard);
    const profile = (await me(sessionCookie(back))).json();
    expect(profile).toMatchObject({
      email: 'new.person@eu.acme.test',
      firstName: 'Sam',
      lastName: 'Sso',
      workspace: { id: workspaceId, role: 'member' },
    });
    // Just-in-time: no personal workspace, only the SSO one.
    expect(profile.workspaces).toHaveLength(1);
    // The second time the same account is used.
    const again = await ssoSignIn('new.person@eu.acme.test');
    expect((await me(sessionCookie(again))).json().id).toBe(profile.id);
  });

  it('signs an existing member in, but never takes over an account outside the workspace', async () => {
    const member = await ssoSignIn('owner@acme.test');
    expect((await me(sessionCookie(member))).json()).toMatchObject({
      workspace: { id: workspaceId, role: 'full' },
    });
    const outsider = await ssoSignIn('rival@acme.test');
    expect(outsider.headers.location).toBe(`${paths.login}?sso=existing-account`);
    expect(outsider.cookies.some((c) => c.name.endsWith('session_token'))).toBe(false);
  });

  it('refuses an ID token for an address outside the domains, or unverified, and a changed state', async () => {
    const start = await t.app.inject({
      method: 'POST',
      url: apiPaths.ssoStart,
      payload: { email: 'x@acme.test' },
    });
    expect(start.statusCode).toBe(200);
    // The provider answers for another address than the one asked.
    signingInAs = { email: 'intruder@elsewhere.test', verified: true };
    const back = await fetch(start.json<{ url: string }>().url, { redirect: 'manual' });
    const location = new URL(back.headers.get('location')!);
    const state = start.cookies.find((c) => c.name === 'lp_sso_state')!;
    const foreign = await t.app.inject({
      method: 'GET',
      url: `${location.pathname}${location.search}`,
      headers: { cookie: `${state.name}=${state.value}` },
    });
    expect(foreign.headers.location).toBe(`${paths.login}?sso=failed`);
    signingInAs = { email: '', verified: false };
    const unverified = await ssoSignIn('unverified@acme.test');
    expect(unverified.headers.location).toBe(`${paths.login}?sso=failed`);
    signingInAs = { email: '', verified: true };
    const forged = await ssoSignIn('forged@acme.test', (q) => q.set('state', 'someone-elses'));
    expect(forged.headers.location).toBe(`${paths.login}?sso=failed`);
    const noCookie = await t.app.inject({ method: 'GET', url: `${apiPaths.ssoCallback}?code=x&state=y` });
    expect(noCookie.headers.location).toBe(`${paths.login}?sso=failed`);
  });

  it('a workspace that requires 2FA holds back its password members, not those single sign-on made (no password)', async () => {
    await t.handle.db
      .update(workspaces)
      .set({ requireTwoFactor: true })
      .where(eq(workspaces.id, workspaceId));
    try {
      const sso = sessionCookie(await ssoSignIn('policy.person@acme.test'));
      const asSso = { cookie: sso, 'x-workspace-id': workspaceId };
      expect((await t.app.inject({ url: apiPaths.campaigns, headers: asSso })).statusCode).toBe(200);
      const status = await t.app.inject({ url: twoFactorPaths.status, headers: asSso });
      expect(status.json()).toMatchObject({ enabled: false, hasPassword: false, requiredByWorkspace: true });
      // Nor is there a password to change: the form is told so, in words (not a 500).
      const change = await t.app.inject({
        method: 'POST',
        url: apiPaths.changePassword,
        headers: asSso,
        payload: {
          currentPassword: 'anything-at-all',
          newPassword: 'tidewater-77',
          confirmPassword: 'tidewater-77',
          signOutOtherSessions: false,
        },
      });
      expect([change.statusCode, change.json().error.issues]).toEqual([
        400,
        [{ path: 'currentPassword', message: messages.auth.noPasswordToChange }],
      ]);
      // The owner signs in with a password and has no 2FA: held back on the same route.
      const owner = await t.app.inject({
        url: apiPaths.campaigns,
        headers: { cookie: ownerCookie, 'x-workspace-id': workspaceId },
      });
      expect([owner.statusCode, owner.json().error.code]).toEqual([403, 'TWO_FACTOR_REQUIRED']);
      // Members without 2FA, as the policy counts them: another single sign-on member changes nothing.
      const missing = async () =>
        (await t.app.inject({ url: twoFactorPaths.policy, headers: asSso })).json().membersWithoutTwoFactor;
      const before = await missing();
      expect(before).toBeGreaterThan(0);
      await ssoSignIn('second.policy.person@acme.test');
      expect(await missing()).toBe(before);
    } finally {
      await t.handle.db
        .update(workspaces)
        .set({ requireTwoFactor: false })
        .where(eq(workspaces.id, workspaceId));
    }
  });

  it('says so when no workspace signs in that domain', async () => {
    const start = await t.app.inject({
      method: 'POST',
      url: apiPaths.ssoStart,
      payload: { email: 'a@nowhere.test' },
    });
    expect(start.statusCode).toBe(400);
    expect(start.json().error.issues).toEqual([{ path: 'email', message: m.noProvider }]);
  });

  it('stops at sign-in when the provider was removed, and checks the issuer again at use', async () => {
    await t.handle.db
      .update(ssoProviders)
      .set({ issuer: 'http://10.1.2.3/' })
      .where(eq(ssoProviders.workspaceId, workspaceId));
    const start = await t.app.inject({
      method: 'POST',
      url: apiPaths.ssoStart,
      payload: { email: 'a@acme.test' },
    });
    expect(start.json().error.issues).toEqual([{ path: 'email', message: m.providerUnreachable }]);
    expect(
      (await t.app.inject({ method: 'DELETE', url: apiPaths.ssoSettings, headers: { cookie: ownerCookie } }))
        .statusCode,
    ).toBe(200);
    const gone = await t.app.inject({
      method: 'POST',
      url: apiPaths.ssoStart,
      payload: { email: 'a@acme.test' },
    });
    expect(gone.json().error.issues).toEqual([{ path: 'email', message: m.noProvider }]);
  });
});
