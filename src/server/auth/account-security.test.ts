import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { apiPaths } from '../../shared/paths';
import { describeDevice, deviceTypeOf } from './account-sessions';
import { createTestApp, sessionCookie, signUpUser, type TestApp } from '../testing/app';

/** Settings → Security over the API: password change, the session list, signing out other sessions. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGN_IN_MAX_PER_EMAIL: '4' });
});
afterAll(() => t.close());

const password = 'lamplight-42';
/** A valid change from the sign-up password to `newPassword`. */
const toNew = (newPassword = 'tidewater-77') => ({
  currentPassword: password,
  newPassword,
  confirmPassword: newPassword,
});
const signIn = async (email: string, pass = password) =>
  t.app.inject({ method: 'POST', url: apiPaths.signIn, payload: { email, password: pass } });
const secondSession = async (email: string) => sessionCookie(await signIn(email));
const me = (cookie: string) => t.app.inject({ method: 'GET', url: apiPaths.me, headers: { cookie } });
const changePassword = (cookie: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: apiPaths.changePassword, headers: { cookie }, payload: body });
const listSessions = (cookie: string) =>
  t.app.inject({ method: 'GET', url: apiPaths.accountSessions, headers: { cookie } });

describe('changing the password', () => {
  it('refuses a wrong current password on its field and changes nothing', async () => {
    const { cookie, email } = await signUpUser(t.app);
    const response = await changePassword(cookie, { ...toNew(), currentPassword: 'not-my-password' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toEqual([
      { path: 'currentPassword', message: messages.auth.currentPasswordWrong },
    ]);
    expect((await signIn(email)).statusCode).toBe(200);
  });

  it('refuses a common new password and a confirmation that differs, with the form’s messages', async () => {
    const { cookie } = await signUpUser(t.app);
    const common = await changePassword(cookie, toNew('iloveyou1'));
    expect(common.statusCode).toBe(400);
    expect(common.json().error.issues).toEqual([
      { path: 'newPassword', message: messages.auth.passwordTooCommon },
    ]);
    const differ = await changePassword(cookie, { ...toNew(), confirmPassword: 'tidewater-78' });
    expect(differ.statusCode).toBe(400);
    expect(differ.json().error.issues).toEqual([
      { path: 'confirmPassword', message: messages.auth.passwordsDiffer },
    ]);
  });

  it('changes it and ends the other sessions; this browser gets a new session cookie', async () => {
    const { cookie, email } = await signUpUser(t.app);
    const other = await secondSession(email);
    const response = await changePassword(cookie, toNew());
    expect(response.statusCode).toBe(200);
    expect((await me(sessionCookie(response))).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await signIn(email)).statusCode).toBe(401);
    expect((await signIn(email, 'tidewater-77')).statusCode).toBe(200);
  });

  it('keeps the other sessions when asked to', async () => {
    const { cookie, email } = await signUpUser(t.app);
    const other = await secondSession(email);
    const response = await changePassword(cookie, { ...toNew(), signOutOtherSessions: false });
    expect(response.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(200);
  });

  it('limits guesses of the current password per user, like sign-in per email', async () => {
    const { cookie } = await signUpUser(t.app);
    const guess = (n: number) => changePassword(cookie, { ...toNew(), currentPassword: `guess-${n}` });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await guess(i)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
  });
});

describe('sessions', () => {
  it('lists the user’s live sessions, this one marked, without tokens; another user’s are not there', async () => {
    const { cookie, email } = await signUpUser(t.app);
    await secondSession(email);
    await signUpUser(t.app);
    const response = await listSessions(cookie);
    expect(response.statusCode).toBe(200);
    const { sessions, total } = response.json();
    expect(total).toBe(2);
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(JSON.stringify(sessions)).not.toMatch(/token/i);
  });

  it('signs out every other session and keeps this one', async () => {
    const { cookie, email } = await signUpUser(t.app);
    const others = [await secondSession(email), await secondSession(email)];
    const stranger = await signUpUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.signOutOtherSessions,
      headers: { cookie },
    });
    expect(response.json()).toEqual({ signedOut: 2 });
    expect((await me(cookie)).statusCode).toBe(200);
    for (const other of others) expect((await me(other)).statusCode).toBe(401);
    expect((await me(stranger.cookie)).statusCode).toBe(200);
    expect((await listSessions(cookie)).json().total).toBe(1);
  });

  it('names the device, browser, address and times of each session', async () => {
    const { cookie, email } = await signUpUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: apiPaths.signIn,
      payload: { email, password },
      remoteAddress: '203.0.113.9',
      headers: { 'user-agent': IPHONE },
    });
    const phone = (await listSessions(cookie)).json().sessions.find((s: { current: boolean }) => !s.current);
    expect(phone).toMatchObject({ device: 'Safari on iOS', deviceType: 'mobile', ipAddress: '203.0.113.9' });
    expect(Date.parse(phone.lastActiveAt)).toBeGreaterThan(0);
  });

  it('ends any one other session, never another user’s, nor the one in use', async () => {
    const { cookie, email } = await signUpUser(t.app);
    const [first, second] = [await secondSession(email), await secondSession(email)];
    const listed = (await listSessions(cookie)).json().sessions as { id: string; current: boolean }[];
    const firstId = (await listSessions(first))
      .json()
      .sessions.find((s: { current: boolean }) => s.current).id;
    const end = (id: string, as = cookie) =>
      t.app.inject({
        method: 'DELETE',
        url: apiPaths.accountSession.replace(':id', id),
        headers: { cookie: as },
      });
    const stranger = await signUpUser(t.app);
    expect((await end(firstId, stranger.cookie)).statusCode).toBe(404);
    expect((await me(first)).statusCode).toBe(200);
    expect((await end(firstId)).json()).toEqual({ ok: true });
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
    expect((await end(firstId)).statusCode).toBe(404);
    const current = listed.find((s) => s.current)!;
    const refused = await end(current.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(messages.auth.endCurrentSession);
    expect((await end('not-a-uuid')).statusCode).toBe(400);
  });

  it('refuses visitors', async () => {
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: apiPaths.accountSession.replace(':id', crypto.randomUUID()),
        })
      ).statusCode,
    ).toBe(401);
    for (const url of [apiPaths.accountSessions]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'POST', url: apiPaths.signOutOtherSessions })).statusCode).toBe(401);
  });
});

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('describeDevice', () => {
  it('names the browser and the system, or what it can of them, and the kind of device', () => {
    expect(describeDevice(IPHONE)).toBe('Safari on iOS');
    expect(deviceTypeOf(IPHONE)).toBe('mobile');
    expect(
      deviceTypeOf(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
      ),
    ).toBe('desktop');
    expect(deviceTypeOf(null)).toBeNull();
    expect(describeDevice('curl/8.0')).toBeNull();
    expect(describeDevice(null)).toBeNull();
  });
});
