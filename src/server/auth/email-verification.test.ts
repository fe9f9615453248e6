import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { apiPaths, emailVerificationParam, paths } from '../../shared/paths';
import { createTestApp, firstLinkPath, signUpUser, type TestApp } from '../testing/app';
import { createMailingTestApp } from '../testing/mailing-app';
import type { LocalSmtpServer } from '../testing/mail-servers';
import { addAdminEmails } from './roles';

/**
 * Email verification against a real local SMTP server: the link emailed at sign-up, what it unlocks
 * (blog admin through ADMIN_EMAILS), forged links, and sending a new one.
 */
let t: TestApp;
let smtp: LocalSmtpServer;
beforeAll(async () => {
  ({ t, smtp } = await createMailingTestApp());
});
afterAll(() => t.close());
beforeEach(() => {
  smtp.messages.length = 0;
});

const me = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: apiPaths.me, headers: { cookie } })).json();
/** The verification link in the last message sent to `email`, as path and query. */
async function linkSentTo(email: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const link = firstLinkPath(smtp.messages.findLast((m) => m.to.includes(email))?.parsed.text);
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no verification link sent to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const open = (link: string) => t.app.inject({ method: 'GET', url: link });

describe('email verification', () => {
  it('emails a link at sign-up; opening it verifies the address and lands on the dashboard', async () => {
    const { cookie, email } = await signUpUser(t.app);
    expect(await me(cookie)).toMatchObject({ emailVerified: false, verificationDelivery: 'email' });
    const link = await linkSentTo(email);
    expect(link.startsWith(`${apiPaths.verifyEmail}?token=`)).toBe(true);

    const landing = await open(link);
    expect(landing.statusCode).toBe(302);
    expect(landing.headers.location).toBe(`${paths.dashboard}?${emailVerificationParam}=verified`);
    expect((await me(cookie)).emailVerified).toBe(true);
  });

  it('makes an ADMIN_EMAILS address blog admin only once it is verified', async () => {
    const email = `boss-${Date.now()}@example.com`;
    await addAdminEmails(t.handle.db, [email.toUpperCase()]);
    const { cookie } = await signUpUser(t.app, { email });
    const adminApi = () => t.app.inject({ method: 'GET', url: apiPaths.blogAdminPosts, headers: { cookie } });
    expect((await me(cookie)).isAdmin).toBe(false);
    expect((await adminApi()).statusCode).toBe(403);

    await open(await linkSentTo(email));
    expect((await me(cookie)).isAdmin).toBe(true);
    expect((await adminApi()).statusCode).toBe(200);
  });

  it('refuses a forged or altered link and verifies nothing', async () => {
    const { cookie, email } = await signUpUser(t.app);
    const token = new URL(await linkSentTo(email), 'http://app.test').searchParams.get('token')!;
    const altered = `${token.slice(0, -4)}${token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    for (const forged of [
      `${apiPaths.verifyEmail}?token=${altered}`,
      `${apiPaths.verifyEmail}?token=not-a-token`,
    ]) {
      const landing = await open(forged);
      expect(landing.headers.location).toBe(`${paths.dashboard}?${emailVerificationParam}=link-invalid`);
    }
    expect((await me(cookie)).emailVerified).toBe(false);
  });

  it('sends a new link on request, at most 3 an hour, and none once verified', async () => {
    const { cookie, email } = await signUpUser(t.app);
    const first = await linkSentTo(email);
    const resend = () =>
      t.app.inject({ method: 'POST', url: apiPaths.verificationEmail, headers: { cookie } });
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await resend());
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429]);
    expect(answers[0]!.json()).toEqual({ delivery: 'email' });
    expect(answers[3]!.json().error.message).toBe(messages.auth.tooManyVerificationMails);
    expect(smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(4);

    // Every link works until it expires; the first one verifies.
    await open(first);
    expect((await me(cookie)).emailVerified).toBe(true);
  });

  it('answers 409 to a verified user asking for a link', async () => {
    const { cookie, email } = await signUpUser(t.app);
    await open(await linkSentTo(email));
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.verificationEmail,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(messages.auth.alreadyVerified);
  });
});

describe('email verification without SMTP', () => {
  it('writes the link to the server log and says so, before a link is asked for too', async () => {
    const plain = await createTestApp();
    try {
      const { cookie } = await signUpUser(plain.app);
      const profile = await plain.app.inject({ method: 'GET', url: apiPaths.me, headers: { cookie } });
      expect(profile.json()).toMatchObject({ emailVerified: false, verificationDelivery: 'log' });
      const response = await plain.app.inject({
        method: 'POST',
        url: apiPaths.verificationEmail,
        headers: { cookie },
      });
      expect(response.json()).toEqual({ delivery: 'log' });
    } finally {
      await plain.close();
    }
  });
});
