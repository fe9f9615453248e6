import { hashPassword } from 'better-auth/crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { apiPaths } from '../../shared/paths';
import { accounts, sessions, users } from '../db/schema/users';
import { createTestApp, sessionCookie, signUpUser, type TestApp } from '../testing/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGN_IN_MAX_PER_EMAIL: '3', SIGN_IN_MAX_PER_IP: '12' });
});
afterAll(() => t.close());

const me = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: apiPaths.me, headers: cookie ? { cookie } : {} });
const signIn = (email: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: apiPaths.signIn, payload: { email, password }, remoteAddress: ip });

describe('sign-up', () => {
  it('creates the account with profile fields, signs in, and gives the user the full role in their own workspace', async () => {
    const { cookie, email } = await signUpUser(t.app, {
      firstName: ' Grace ',
      lastName: 'Hopper',
      companyName: 'Navy',
    });
    const response = await me(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      email,
      firstName: 'Grace',
      lastName: 'Hopper',
      fullName: 'Grace Hopper',
      companyName: 'Navy',
      role: 'full',
      isAdmin: false,
      workspace: { name: 'Navy', role: 'full' },
    });
    expect(response.json().workspaces).toEqual([response.json().workspace]);
  });

  it('gives every later user the full role too, in a workspace of their own', async () => {
    const first = (await me((await signUpUser(t.app, { companyName: 'Alpha' })).cookie)).json();
    const later = (await me((await signUpUser(t.app, { companyName: 'Beta' })).cookie)).json();
    expect(later).toMatchObject({ role: 'full', workspace: { name: 'Beta', role: 'full' } });
    expect(later.workspaces).toEqual([later.workspace]);
    expect(later.workspace.id).not.toBe(first.workspace.id);
    expect(later.workspace.id).not.toBe(later.id);
  });

  it('refuses a second account for the same email, in any case', async () => {
    await signUpUser(t.app, { email: 'twice@example.com' });
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.signUp,
      payload: {
        email: 'TWICE@example.com',
        password: 'lamplight-42',
        firstName: 'A',
        lastName: 'B',
        companyName: 'C',
      },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({ code: 'CONFLICT', message: messages.auth.emailTaken });
  });

  it('answers parallel sign-ups with one new address: one account, 409 for the others as for any duplicate', async () => {
    const email = `race-${Date.now()}@example.com`;
    const payload = { email, password: 'lamplight-42', firstName: 'A', lastName: 'B', companyName: 'C' };
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => t.app.inject({ method: 'POST', url: apiPaths.signUp, payload })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    for (const refused of responses.filter((r) => r.statusCode === 409))
      expect(refused.json().error).toEqual({ code: 'CONFLICT', message: messages.auth.emailTaken });
    expect(await t.handle.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('refuses a new password shorter than 8 characters (NIST SP 800-63B)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.signUp,
      payload: {
        email: 'seven@example.com',
        password: 'kq7zp2w',
        firstName: 'A',
        lastName: 'B',
        companyName: 'C',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toEqual([
      { path: 'password', message: messages.auth.passwordTooShort },
    ]);
    expect(messages.auth.passwordTooShort).toBe('Password must be at least 8 characters');
  });

  it('answers every invalid field with the form’s message and creates nothing', async () => {
    const before = await t.handle.db.select({ n: sql<number>`count(*)::int` }).from(users);
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.signUp,
      payload: { email: 'not-an-email', password: '12345', firstName: ' ', lastName: '', companyName: '' },
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.issues).toEqual(
      expect.arrayContaining([
        { path: 'email', message: messages.auth.invalidEmail },
        { path: 'password', message: messages.auth.passwordTooShort },
        { path: 'firstName', message: messages.auth.firstNameRequired },
        { path: 'lastName', message: messages.auth.lastNameRequired },
        { path: 'companyName', message: messages.auth.companyNameRequired },
      ]),
    );
    const after = await t.handle.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('refuses a common password on the password field, in any case, and creates nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.signUp,
      payload: {
        email: 'common@example.com',
        password: 'Password1',
        firstName: 'A',
        lastName: 'B',
        companyName: 'C',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'VALIDATION_ERROR',
      message: messages.auth.passwordTooCommon,
      issues: [{ path: 'password', message: messages.auth.passwordTooCommon }],
    });
    const [row] = await t.handle.db.select().from(users).where(eq(users.email, 'common@example.com'));
    expect(row).toBeUndefined();
  });
});

describe('sign-in', () => {
  it('signs in with the right password and sets a HttpOnly, SameSite=Lax session cookie', async () => {
    const { email } = await signUpUser(t.app);
    const response = await signIn(email, 'lamplight-42', '10.0.1.1');
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name.endsWith('session_token'))!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect((await me(sessionCookie(response))).json().email).toBe(email);
  });

  it('still signs in a user whose password predates the 8-character minimum', async () => {
    const { email } = await signUpUser(t.app);
    const [user] = await t.handle.db.select().from(users).where(eq(users.email, email));
    await t.handle.db
      .update(accounts)
      .set({ password: await hashPassword('kq7zp2') })
      .where(eq(accounts.userId, user!.id));
    expect((await signIn(email, 'kq7zp2', '10.0.1.2')).statusCode).toBe(200);
  });

  it('answers an unknown email and a wrong password identically (no account enumeration)', async () => {
    const { email } = await signUpUser(t.app);
    const wrong = await signIn(email, 'wrong-password', '10.0.2.1');
    const unknown = await signIn('nobody-here@example.com', 'wrong-password', '10.0.2.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: messages.auth.invalidCredentials,
    });
  });

  it('limits attempts per email from one client (an IPv4 address, an IPv6 /64)', async () => {
    const { email } = await signUpUser(t.app);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await signIn(email, 'wrong-password', '10.0.3.1')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const locked = await signIn(email, 'lamplight-42', '10.0.3.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toEqual({ code: 'RATE_LIMITED', message: messages.auth.tooManyAttempts });
    // Any address of one IPv6 /64 is one client.
    for (let i = 1; i <= 3; i++) await signIn(email, 'wrong-password', `2001:db8:5:6::${i}`);
    expect((await signIn(email, 'lamplight-42', '2001:db8:5:6::ff')).statusCode).toBe(429);
  });

  it("lets the owner in with the right password from their own address while an attacker's wrong ones are refused", async () => {
    const { email } = await signUpUser(t.app);
    for (let i = 0; i < 10; i++) await signIn(email, 'wrong-password', '10.0.3.66');
    expect((await signIn(email, 'wrong-password', '10.0.3.66')).statusCode).toBe(429);
    const owner = await signIn(email, 'lamplight-42', '10.0.3.77');
    expect(owner.statusCode).toBe(200);
    expect((await me(sessionCookie(owner))).json().email).toBe(email);
  });

  it('limits attempts per IP across emails', async () => {
    const statuses = [];
    for (let i = 0; i < 13; i++)
      statuses.push((await signIn(`probe${i}@example.com`, 'x', '10.0.4.1')).statusCode);
    expect(statuses.slice(0, 12).every((s) => s === 401)).toBe(true);
    expect(statuses[12]).toBe(429);
  });
});

describe('sessions', () => {
  it('treats a missing, forged or signed-out session as signed out', async () => {
    expect((await me()).statusCode).toBe(401);
    expect((await me('better-auth.session_token=forged.value')).statusCode).toBe(401);
    const { cookie } = await signUpUser(t.app);
    const out = await t.app.inject({
      method: 'POST',
      url: apiPaths.signOut,
      headers: { cookie },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    // The old cookie no longer works: the session ended on the server, not just in the browser.
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('treats an expired session as signed out', async () => {
    const { cookie, email } = await signUpUser(t.app);
    const [user] = await t.handle.db.select().from(users).where(eq(users.email, email));
    await t.handle.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user!.id));
    const response = await me(cookie);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHORIZED');
  });
});
