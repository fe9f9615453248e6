import { serializeSignedCookie } from 'better-call';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '../../shared/paths';
import { sessions, users } from '../db/schema/users';
import { createTestApp, signUpUser, type TestApp } from '../testing/app';
import { createAuth } from './auth';
import { cookieValue, createSessionReader, verifySignedToken } from './session';

/**
 * The session fast path (docs/decisions/003-auth-sessions-and-rate-limits.md, "Session fast path"):
 * our signature check and one joined query must accept exactly what better-auth accepts, refuse
 * revoked sessions at once, and leave the daily renewal to better-auth.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const me = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: apiPaths.me, headers: cookie ? { cookie } : {} });

/** The session token behind a `name=value` cookie (its part before the signature). */
const tokenOf = (cookie: string) => decodeURIComponent(cookie.split('=').slice(1).join('=')).split('.')[0]!;

async function userIdOf(email: string): Promise<string> {
  const [user] = await t.handle.db.select().from(users).where(eq(users.email, email));
  return user!.id;
}

describe('signed cookie values', () => {
  it('reads what better-call signs, and nothing signed with another secret or altered', async () => {
    const secret = 'a-secret-of-enough-length-0123456789abcdef';
    const header = await serializeSignedCookie('better-auth.session_token', 'tok/en+1', secret);
    const value = cookieValue(header.split(';')[0], 'better-auth.session_token')!;
    expect(verifySignedToken(value, secret)).toBe('tok/en+1');
    expect(verifySignedToken(value, `${secret}x`)).toBeNull();
    expect(verifySignedToken(value.replace('tok', 'tak'), secret)).toBeNull();
    expect(verifySignedToken('tok/en+1', secret)).toBeNull();
    expect(verifySignedToken('tok.short=', secret)).toBeNull();
  });

  it('takes the first cookie of the name, percent-decoded', () => {
    expect(cookieValue('a=1; b=x%2By; b=2', 'b')).toBe('x+y');
    expect(cookieValue('xb=1', 'b')).toBeNull();
    expect(cookieValue(undefined, 'b')).toBeNull();
  });
});

describe('session check', () => {
  it('lets a signed-in user in without better-auth or a new cookie', async () => {
    const { cookie, email } = await signUpUser(t.app);
    const response = await me(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe(email);
    expect(response.headers['set-cookie']).toBeUndefined();

    const auth = createAuth(t.handle.db, t.config, t.config.APP_SECRET!);
    const getSession = vi.spyOn(auth.api, 'getSession');
    const read = createSessionReader(auth, t.handle.db);
    const request = { headers: { cookie } } as unknown as FastifyRequest;
    const reply = { header: vi.fn() } as unknown as FastifyReply;
    const session = await read(request, reply);
    expect(session?.user.email).toBe(email);
    // The same statement read the workspace the request acts on: the new account's own.
    expect(session?.workspace).toMatchObject({ name: 'Acme', role: 'full' });
    expect(await read(request, reply, session!.workspace!.id)).toEqual(session);
    expect((await read(request, reply, crypto.randomUUID()))?.workspace).toBeNull();
    expect((await read(request, reply, 'not-a-uuid'))?.workspace).toBeNull();
    expect(getSession).not.toHaveBeenCalled();
  });

  it('refuses a forged, unsigned or wrongly signed token', async () => {
    const { cookie } = await signUpUser(t.app);
    const token = tokenOf(cookie);
    const name = cookie.split('=')[0]!;
    expect((await me(`${name}=${token}`)).statusCode).toBe(401);
    expect((await me(`${name}=${token}.${'A'.repeat(43)}=`)).statusCode).toBe(401);
    const other = await serializeSignedCookie(name, token, 'another-secret-another-secret-0123456789');
    expect((await me(other.split(';')[0])).statusCode).toBe(401);
    expect((await me('better-auth.session_token=forged.value')).statusCode).toBe(401);
  });

  it('refuses an expired session', async () => {
    const { cookie, email } = await signUpUser(t.app);
    await t.handle.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, await userIdOf(email)));
    const response = await me(cookie);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHORIZED');
  });

  it('refuses a signed-out or deleted session on the next request', async () => {
    const a = await signUpUser(t.app);
    expect((await me(a.cookie)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: apiPaths.signOut,
      headers: { cookie: a.cookie },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect((await me(a.cookie)).statusCode).toBe(401);

    const b = await signUpUser(t.app);
    expect((await me(b.cookie)).statusCode).toBe(200);
    await t.handle.db.delete(sessions).where(eq(sessions.token, tokenOf(b.cookie)));
    expect((await me(b.cookie)).statusCode).toBe(401);
  });

  it('renews a session due for renewal through better-auth and sends the new cookie', async () => {
    const { cookie } = await signUpUser(t.app);
    const token = tokenOf(cookie);
    // Signed in a little over a day ago: better-auth's updateAge (1 day) has passed.
    const old = new Date(Date.now() + 6 * DAY_MS - 60_000);
    await t.handle.db.update(sessions).set({ expiresAt: old }).where(eq(sessions.token, token));
    const response = await me(cookie);
    expect(response.statusCode).toBe(200);
    const renewed = response.cookies.find((c) => c.name === 'better-auth.session_token');
    expect(renewed?.maxAge).toBe(7 * 24 * 60 * 60);
    const [row] = await t.handle.db.select().from(sessions).where(eq(sessions.token, token));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 7 * DAY_MS - 60_000);
    // Renewed: the next request is back on the fast path, without a cookie.
    const next = await me(cookie);
    expect(next.statusCode).toBe(200);
    expect(next.headers['set-cookie']).toBeUndefined();
  });
});

describe('session check over https', () => {
  let secure: TestApp;
  beforeAll(async () => {
    secure = await createTestApp({ APP_URL: 'https://app.example.com' });
  });
  afterAll(() => secure.close());

  it('reads the __Secure- prefixed cookie better-auth sets, and only that one', async () => {
    const { cookie } = await signUpUser(secure.app);
    expect(cookie.startsWith('__Secure-better-auth.session_token=')).toBe(true);
    const get = (c: string) => secure.app.inject({ url: apiPaths.me, headers: { cookie: c } });
    expect((await get(cookie)).statusCode).toBe(200);
    expect((await get(cookie.replace('__Secure-', ''))).statusCode).toBe(401);
  });
});
