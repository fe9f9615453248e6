import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../shared/paths';
import type { CreatedApiKey } from '../../shared/schemas/api-keys';
import { twoFactorMessages, twoFactorPaths, type TwoFactorSetup } from '../../shared/schemas/two-factor';
import { sessions } from '../db/schema/users';
import { workspaceMembers } from '../db/schema/workspaces';
import { createTestApp, sessionCookie, signUpUser, type TestApp } from '../testing/app';
import { totpCode } from '../testing/totp';
import { userAndWorkspace } from '../testing/users';
import { WORKSPACE_HEADER } from './workspaces';

/**
 * Two-factor sign-in over the API (docs/decisions/031-two-factor-and-passkeys.md): set-up with the
 * password, the code step of sign-in, backup codes that work once, turning it off with the password
 * and a code, and the workspace policy that holds back members without it (API keys excepted).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGN_IN_MAX_PER_EMAIL: '50' });
});
afterAll(() => t.close());

const password = 'lamplight-42';
const call = (cookie: string, options: InjectOptions, workspace?: string) =>
  t.app.inject({
    ...options,
    headers: { ...options.headers, cookie, ...(workspace ? { [WORKSPACE_HEADER]: workspace } : {}) },
  });
const signIn = (email: string) =>
  t.app.inject({ method: 'POST', url: apiPaths.signIn, payload: { email, password } });
/** The Cookie header of every cookie a response set (the two-factor challenge among them). */
const cookiesOf = (response: { cookies: { name: string; value: string }[] }) =>
  response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

/** Turns 2FA on for the session `cookie`; returns the set-up and the new session cookie. */
async function enableTwoFactor(cookie: string): Promise<{ setup: TwoFactorSetup; cookie: string }> {
  const started = await call(cookie, { method: 'POST', url: twoFactorPaths.setup, payload: { password } });
  expect(started.statusCode).toBe(200);
  const setup = started.json<TwoFactorSetup>();
  const confirmed = await call(cookie, {
    method: 'POST',
    url: twoFactorPaths.confirm,
    payload: { code: await totpCode(setup.manualKey) },
  });
  expect(confirmed.statusCode).toBe(200);
  return { setup, cookie: sessionCookie(confirmed) };
}

describe('two-factor sign-in', () => {
  it('sets up TOTP with a QR code, a manual key and ten backup codes; on only after a right code', async () => {
    const { cookie } = await signUpUser(t.app);
    const wrongPassword = await call(cookie, {
      method: 'POST',
      url: twoFactorPaths.setup,
      payload: { password: 'not-mine-1' },
    });
    expect(wrongPassword.statusCode).toBe(400);
    const started = await call(cookie, { method: 'POST', url: twoFactorPaths.setup, payload: { password } });
    const setup = started.json<TwoFactorSetup>();
    expect(setup.totpUri).toMatch(/^otpauth:\/\/totp\/LinkPilot:/);
    expect(setup.qrCodeSvg).toMatch(/^<svg/);
    expect(setup.manualKey).toMatch(/^[A-Z2-7]+$/);
    expect(setup.backupCodes).toHaveLength(10);
    const wrong = await call(cookie, {
      method: 'POST',
      url: twoFactorPaths.confirm,
      payload: { code: '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect((await call(cookie, { method: 'GET', url: twoFactorPaths.status })).json().enabled).toBe(false);
    const right = await call(cookie, {
      method: 'POST',
      url: twoFactorPaths.confirm,
      payload: { code: await totpCode(setup.manualKey) },
    });
    expect(right.statusCode).toBe(200);
    const status = await call(sessionCookie(right), { method: 'GET', url: twoFactorPaths.status });
    expect(status.json().enabled).toBe(true);
  });

  it('asks for the code after the password; a backup code works once', async () => {
    const { cookie, email } = await signUpUser(t.app);
    const { setup } = await enableTwoFactor(cookie);
    const first = await signIn(email);
    expect(first.json()).toEqual({ ok: true, twoFactorRequired: true });
    expect(first.cookies.some((c) => c.name.endsWith('session_token') && c.value !== '')).toBe(false);
    const challenge = cookiesOf(first);
    const wrong = await call(challenge, {
      method: 'POST',
      url: twoFactorPaths.signInCode,
      payload: { code: '123456' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(twoFactorMessages.codeInvalid);
    const right = await call(challenge, {
      method: 'POST',
      url: twoFactorPaths.signInCode,
      payload: { code: await totpCode(setup.manualKey) },
    });
    expect(right.statusCode).toBe(200);
    expect((await call(sessionCookie(right), { method: 'GET', url: apiPaths.me })).statusCode).toBe(200);

    const backup = setup.backupCodes[0]!;
    const useBackup = async () => {
      const started = await signIn(email);
      return call(cookiesOf(started), {
        method: 'POST',
        url: twoFactorPaths.signInCode,
        payload: { code: backup },
      });
    };
    expect((await useBackup()).statusCode).toBe(200);
    expect((await useBackup()).statusCode).toBe(400);
  });

  it('takes an authenticator code once: the same code again, from another client, opens no session', async () => {
    const { cookie, email } = await signUpUser(t.app);
    const { setup } = await enableTwoFactor(cookie);
    const code = await totpCode(setup.manualKey);
    const withCode = async () =>
      call(cookiesOf(await signIn(email)), {
        method: 'POST',
        url: twoFactorPaths.signInCode,
        payload: { code },
      });
    const first = await withCode();
    expect(first.statusCode).toBe(200);
    const { userId } = await userAndWorkspace(t.handle.db, email);
    const sessionsOf = async () =>
      (await t.handle.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
    const before = await sessionsOf();
    const again = await withCode();
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(twoFactorMessages.codeUsed);
    expect(again.cookies.some((c) => c.name.endsWith('session_token') && c.value !== '')).toBe(false);
    // The session better-auth opened for the replay was ended at once; the first one still works.
    expect(await sessionsOf()).toBe(before);
    expect((await call(sessionCookie(first), { method: 'GET', url: apiPaths.me })).statusCode).toBe(200);
  });

  it('without the challenge cookie, a right code starts no session', async () => {
    const { cookie } = await signUpUser(t.app);
    const { setup } = await enableTwoFactor(cookie);
    const response = await t.app.inject({
      method: 'POST',
      url: twoFactorPaths.signInCode,
      payload: { code: await totpCode(setup.manualKey) },
    });
    expect(response.statusCode).toBe(401);
  });

  it('turns off only with the password and a code', async () => {
    const { cookie: first } = await signUpUser(t.app);
    const { setup, cookie } = await enableTwoFactor(first);
    const disable = (body: Record<string, string>) =>
      call(cookie, { method: 'POST', url: twoFactorPaths.disable, payload: body });
    const code = await totpCode(setup.manualKey);
    expect((await disable({ password })).statusCode).toBe(400);
    expect((await disable({ password: 'not-mine-1', code })).statusCode).toBe(400);
    expect((await disable({ password, code: '000000' })).statusCode).toBe(400);
    const off = await disable({ password, code });
    expect(off.statusCode).toBe(200);
    const status = await call(sessionCookie(off), { method: 'GET', url: twoFactorPaths.status });
    expect(status.json().enabled).toBe(false);
  });

  it('regenerates backup codes with the password: the old ones stop working', async () => {
    const { cookie: first, email } = await signUpUser(t.app);
    const { setup, cookie } = await enableTwoFactor(first);
    const fresh = await call(cookie, {
      method: 'POST',
      url: twoFactorPaths.backupCodes,
      payload: { password },
    });
    expect(fresh.statusCode).toBe(200);
    const codes = fresh.json<{ backupCodes: string[] }>().backupCodes;
    expect(codes).toHaveLength(10);
    const tryCode = async (code: string) => {
      const started = await signIn(email);
      return call(cookiesOf(started), { method: 'POST', url: twoFactorPaths.signInCode, payload: { code } });
    };
    expect((await tryCode(setup.backupCodes[0]!)).statusCode).toBe(400);
    expect((await tryCode(codes[0]!)).statusCode).toBe(200);
  });
});

describe('the workspace policy', () => {
  /** An owner with 2FA on, and a Full Access teammate without it who made an API key first. */
  async function workspaceWithTeammate() {
    const owner = await signUpUser(t.app);
    const { cookie: ownerCookie } = await enableTwoFactor(owner.cookie);
    const { workspaceId } = await userAndWorkspace(t.handle.db, owner.email);
    const mate = await signUpUser(t.app);
    const { userId, workspaceId: mateWorkspaceId } = await userAndWorkspace(t.handle.db, mate.email);
    await t.handle.db.insert(workspaceMembers).values({ workspaceId, userId, role: 'full' });
    const created = await call(
      mate.cookie,
      { method: 'POST', url: apiPaths.apiKeys, payload: { name: 'Sync', scopes: ['read'] } },
      workspaceId,
    );
    expect(created.statusCode).toBe(201);
    return {
      ownerCookie,
      workspaceId,
      mate,
      mateUserId: userId,
      mateWorkspaceId,
      key: created.json<CreatedApiKey>().secret,
    };
  }
  const requireIt = (cookie: string, workspaceId: string, requireTwoFactor = true) =>
    call(cookie, { method: 'PUT', url: twoFactorPaths.policy, payload: { requireTwoFactor } }, workspaceId);

  it('cannot be switched on by a member who has no 2FA, nor by a Member', async () => {
    const { workspaceId, mate, mateUserId } = await workspaceWithTeammate();
    const refused = await requireIt(mate.cookie, workspaceId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(twoFactorMessages.setupFirst);
    await t.handle.db
      .update(workspaceMembers)
      .set({ role: 'member' })
      .where(eq(workspaceMembers.userId, mateUserId));
    expect((await requireIt(mate.cookie, workspaceId, false)).statusCode).toBe(403);
  });

  it('blocks a member without 2FA on every workspace route but set-up and account, until they set it up', async () => {
    const { ownerCookie, workspaceId, mate, mateWorkspaceId } = await workspaceWithTeammate();
    const on = await requireIt(ownerCookie, workspaceId);
    expect(on.json()).toEqual({ requireTwoFactor: true, membersWithoutTwoFactor: 1 });

    for (const url of [
      apiPaths.campaigns,
      apiPaths.contacts,
      apiPaths.apiKeys,
      apiPaths.users,
      twoFactorPaths.policy,
    ]) {
      const blocked = await call(mate.cookie, { method: 'GET', url }, workspaceId);
      expect(blocked.statusCode, url).toBe(403);
      expect(blocked.json().error.code).toBe('TWO_FACTOR_REQUIRED');
    }
    const blockedWrite = await call(
      mate.cookie,
      { method: 'POST', url: apiPaths.campaigns, payload: { name: 'x' } },
      workspaceId,
    );
    expect(blockedWrite.json().error.code).toBe('TWO_FACTOR_REQUIRED');
    const me = await call(mate.cookie, { method: 'GET', url: apiPaths.me }, workspaceId);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ twoFactorEnabled: false, twoFactorRequired: true });
    expect(
      (await call(mate.cookie, { method: 'GET', url: twoFactorPaths.passkeys }, workspaceId)).statusCode,
    ).toBe(200);
    // Their own workspace does not require it.
    const own = await call(mate.cookie, { method: 'GET', url: apiPaths.campaigns }, mateWorkspaceId);
    expect(own.statusCode).toBe(200);
    // The owner, who has 2FA, goes on.
    expect(
      (await call(ownerCookie, { method: 'GET', url: apiPaths.campaigns }, workspaceId)).statusCode,
    ).toBe(200);

    const { cookie: withTwoFactor } = await enableTwoFactor(mate.cookie);
    expect(
      (await call(withTwoFactor, { method: 'GET', url: apiPaths.campaigns }, workspaceId)).statusCode,
    ).toBe(200);
  });

  it('leaves API keys alone: the key of a member without 2FA still works', async () => {
    const { ownerCookie, workspaceId, mate, key } = await workspaceWithTeammate();
    await requireIt(ownerCookie, workspaceId);
    const withSession = await call(mate.cookie, { method: 'GET', url: apiPaths.campaigns }, workspaceId);
    expect(withSession.statusCode).toBe(403);
    const withKey = await t.app.inject({
      method: 'GET',
      url: apiPaths.campaigns,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(withKey.statusCode).toBe(200);
  });

  it('is read in the requester’s workspace only: another workspace’s member sees their own setting', async () => {
    const { ownerCookie, workspaceId } = await workspaceWithTeammate();
    await requireIt(ownerCookie, workspaceId);
    const stranger = await signUpUser(t.app);
    const foreign = await call(stranger.cookie, { method: 'GET', url: twoFactorPaths.policy }, workspaceId);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('NOT_A_MEMBER');
    const own = await call(stranger.cookie, { method: 'GET', url: twoFactorPaths.policy });
    expect(own.json()).toEqual({ requireTwoFactor: false, membersWithoutTwoFactor: 1 });
  });
});

describe('passkeys', () => {
  it('lists only the user’s own and refuses to delete another user’s (404)', async () => {
    const { cookie } = await signUpUser(t.app);
    const list = await call(cookie, { method: 'GET', url: twoFactorPaths.passkeys });
    expect(list.json()).toEqual({ passkeys: [] });
    const id = '00000000-0000-4000-8000-000000000000';
    const removed = await call(cookie, { method: 'DELETE', url: twoFactorPaths.passkey.replace(':id', id) });
    expect(removed.statusCode).toBe(404);
  });

  it('gives sign-in options with a challenge to a visitor', async () => {
    const response = await t.app.inject({ method: 'GET', url: twoFactorPaths.passkeySignInOptions });
    expect(response.statusCode).toBe(200);
    expect(response.json().challenge).toEqual(expect.any(String));
    expect(response.json().userVerification).toBe('preferred');
  });
});
