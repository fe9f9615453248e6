import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPaths, paths } from '../../shared/paths';
import { createTestApp, sessionCookie, signUpUser, type TestApp } from '../testing/app';

/**
 * The emailed sign-in link (decision 032): the owner's way in when an attacker on the same address
 * (a shared NAT) has used up that address's sign-in attempts. Without SMTP_HOST the link is written
 * to the log, which the test reads.
 */
let t: TestApp;
const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
beforeAll(async () => {
  t = await createTestApp({ SIGN_IN_MAX_PER_EMAIL: '3', LOG_LEVEL: 'fatal' });
});
afterAll(async () => {
  await t.close();
  warn.mockRestore();
});

const ask = (email: string, ip = '10.9.0.1') =>
  t.app.inject({ method: 'POST', url: apiPaths.signInLink, payload: { email }, remoteAddress: ip });
/** The path and query of the last sign-in link logged for `email`, or undefined. */
const lastLink = (email: string) => {
  const line = warn.mock.calls
    .map((c) => String(c[0]))
    .filter((l) => l.includes('[sign-in-link]') && l.includes(email))
    .at(-1);
  const url = line?.match(/https?:\/\/\S+/)?.[0];
  return url ? url.slice(new URL(url).origin.length) : undefined;
};

describe('sign-in link', () => {
  it('signs the owner in once while an attacker on the same address has used up the password attempts', async () => {
    const { email } = await signUpUser(t.app);
    for (let i = 0; i < 3; i++)
      await t.app.inject({
        method: 'POST',
        url: apiPaths.signIn,
        payload: { email, password: 'wrong-password' },
        remoteAddress: '10.9.0.1',
      });
    const locked = await t.app.inject({
      method: 'POST',
      url: apiPaths.signIn,
      payload: { email, password: 'lamplight-42' },
      remoteAddress: '10.9.0.1',
    });
    expect(locked.statusCode).toBe(429);

    expect((await ask(email)).json()).toEqual({ ok: true });
    const link = lastLink(email)!;
    expect(link).toMatch(new RegExp(`^${apiPaths.signInLinkVerify}\\?token=`));
    const opened = await t.app.inject({ method: 'GET', url: link, remoteAddress: '10.9.0.1' });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(paths.dashboard);
    const me = await t.app.inject({
      method: 'GET',
      url: apiPaths.me,
      headers: { cookie: sessionCookie(opened) },
    });
    expect(me.json().email).toBe(email);
    // Once only.
    const again = await t.app.inject({ method: 'GET', url: link });
    expect(again.headers.location).toBe(`${paths.login}?link=invalid`);
  });

  it('answers an unknown address the same and sends it nothing', async () => {
    const unknown = await ask('nobody-here@example.com', '10.9.0.2');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ ok: true });
    expect(lastLink('nobody-here@example.com')).toBeUndefined();
  });

  it('sends one address at most 3 links an hour', async () => {
    const { email } = await signUpUser(t.app);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await ask(email, `10.9.1.${i}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
