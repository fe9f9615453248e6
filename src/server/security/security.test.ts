import { eq, sql } from 'drizzle-orm';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { apiPaths } from '../../shared/paths';
import { mailboxMessages } from '../../shared/schemas/mailboxes';
import { accounts, users } from '../db/schema/users';
import { unsubscribePage } from '../modules/tracking/page';
import { createTestApp, signUpUser, type TestApp } from '../testing/app';

/**
 * Controls of docs/security.md that no feature test covers: password hashing, sign-up limits,
 * cookie and transport flags on https, CSRF by body type, no CORS, and the SSRF guard on mail servers.
 */
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({
    APP_URL: 'https://app.example.com',
    SIGN_UP_MAX_PER_IP: '3',
    MAIL_ALLOW_PRIVATE: '',
  });
  ({ cookie } = await signUpUser(t.app));
});
afterAll(() => t.close());

const signUpPayload = (email: string) => ({
  email,
  password: 'lamplight-42',
  firstName: 'A',
  lastName: 'B',
  companyName: 'C',
});
const countUsers = async () =>
  (await t.handle.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;

describe('password storage', () => {
  it('stores a salted scrypt hash, never the password, and a different hash for the same password', async () => {
    const hashes = [];
    for (const email of ['hash-a@example.com', 'hash-b@example.com']) {
      await signUpUser(t.app, { email, password: 'correct horse battery' });
      const [row] = await t.handle.db
        .select({ password: accounts.password })
        .from(accounts)
        .innerJoin(users, eq(users.id, accounts.userId))
        .where(eq(users.email, email));
      hashes.push(row!.password!);
    }
    // better-auth's format: 16-byte hex salt ':' 64-byte hex scrypt key (N=16384, r=16, p=1).
    for (const hash of hashes) expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(hashes.join()).not.toContain('correct horse');
    expect(hashes[0]).not.toBe(hashes[1]);
  });
});

describe('sign-up rate limit', () => {
  const signUp = (email: string, ip: string) =>
    t.app.inject({ method: 'POST', url: apiPaths.signUp, payload: signUpPayload(email), remoteAddress: ip });

  it('creates at most SIGN_UP_MAX_PER_IP accounts per IP per hour, then 429; other IPs are unaffected', async () => {
    // An invalid form is refused by validation before it counts.
    const invalid = await t.app.inject({
      method: 'POST',
      url: apiPaths.signUp,
      payload: { ...signUpPayload('bad'), password: '1' },
      remoteAddress: '10.9.0.1',
    });
    expect(invalid.statusCode).toBe(400);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await signUp(`limit${i}@example.com`, '10.9.0.1')).statusCode);
    expect(statuses).toEqual([200, 200, 200]);
    const before = await countUsers();
    const refused = await signUp('limit-over@example.com', '10.9.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({ code: 'RATE_LIMITED', message: messages.auth.tooManySignUps });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await countUsers()).toBe(before);
    expect((await signUp('limit-other@example.com', '10.9.0.2')).statusCode).toBe(200);
  });

  it('counts every IPv6 address of one /64 as one client', async () => {
    const statuses = [];
    for (let i = 1; i <= 4; i++)
      statuses.push((await signUp(`v6-${i}@example.com`, `2001:db8:9:9::${i}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await signUp('v6-other@example.com', '2001:db8:9:a::1')).statusCode).toBe(200);
  });
});

describe('cookies and transport on https', () => {
  it('sets a __Secure- session cookie that is Secure, HttpOnly and SameSite=Lax, and sends HSTS', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.signUp,
      payload: signUpPayload('secure-cookie@example.com'),
      remoteAddress: '10.9.1.1',
    });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name.endsWith('session_token'))!;
    expect(cookie.name).toBe('__Secure-better-auth.session_token');
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});

describe('cross-site requests', () => {
  it('refuses the body types a cross-site form or no-cors fetch can send (415) and changes nothing', async () => {
    const before = await t.handle.db.select({ n: sql<number>`count(*)::int` }).from(sql`campaigns`);
    const bodies: [string, string][] = [
      ['text/plain', '{"type":"manual","name":"csrf","websiteUrl":"a.com","competitors":[],"prospects":[]}'],
      ['application/x-www-form-urlencoded', 'type=manual&name=csrf'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\ncsrf\r\n--x--\r\n',
      ],
    ];
    for (const [type, payload] of bodies) {
      const response = await t.app.inject({
        method: 'POST',
        url: apiPaths.campaigns,
        headers: { cookie, 'content-type': type, origin: 'https://evil.example' },
        payload,
      });
      expect(response.statusCode, type).toBe(415);
    }
    const after = await t.handle.db.select({ n: sql<number>`count(*)::int` }).from(sql`campaigns`);
    expect(after).toEqual(before);
  });

  it('grants no cross-origin reads: no CORS headers, and preflights are not answered', async () => {
    const read = await t.app.inject({
      method: 'GET',
      url: apiPaths.me,
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(read.statusCode).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    expect(read.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: apiPaths.campaigns,
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.statusCode).toBe(404);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});

/** Mail hosts on this machine or a private network, as an attacker spells them (trailing dots too). */
const privateMailHosts = [
  '127.0.0.1',
  'localhost',
  '127.1',
  '2130706433',
  '0x7f.1',
  '0',
  '10.1.2.3',
  '192.168.0.10',
  'localhost.',
  '127.0.0.1.',
  'mail.localhost.',
];

describe('SSRF through the mailbox connect form', () => {
  it.each(privateMailHosts)(
    'refuses the mail host %s without opening a connection, in any spelling',
    async (host) => {
      let connections = 0;
      const listener = createServer((socket) => {
        connections++;
        socket.destroy();
      });
      await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
      const port = (listener.address() as AddressInfo).port;
      try {
        for (const [smtpHost, imapHost, protocol] of [
          [host, 'imap.example.com', 'SMTP'],
          ['smtp.example.com', host, 'IMAP'],
        ] as const) {
          const response = await t.app.inject({
            method: 'POST',
            url: apiPaths.emailAccounts,
            headers: { cookie },
            payload: {
              email: 'probe@example.com',
              smtpHost,
              smtpPort: port,
              smtpSecurity: 'none',
              imapHost,
              imapPort: port,
              imapSecurity: 'none',
              username: 'probe',
              password: 'probe',
            },
          });
          expect(response.statusCode).toBe(400);
          expect(response.json().error).toEqual({
            code: 'VALIDATION_ERROR',
            message: mailboxMessages.privateHost(protocol, host),
          });
        }
        expect(connections).toBe(0);
        const stored = await t.handle.db.select({ n: sql<number>`count(*)::int` }).from(sql`email_accounts`);
        expect(stored[0]!.n).toBe(0);
      } finally {
        await new Promise((resolve) => listener.close(resolve));
      }
    },
  );
});

describe('pages answered without sign-in', () => {
  it('escapes every value of the unsubscribe page and loads no script', () => {
    const html = unsubscribePage('<b>Title</b>', `"x" <script>alert(1)</script> & 'y'`, '/u/a"><script>');
    expect(html).not.toMatch(/<script|<b>/);
    expect(html).toContain('&lt;b&gt;Title&lt;/b&gt;');
    expect(html).toContain('&quot;x&quot; &lt;script&gt;alert(1)&lt;/script&gt; &amp; &#39;y&#39;');
    expect(html).toContain('action="/u/a&quot;&gt;&lt;script&gt;"');
  });

  it('keeps tracking and unsubscribe answers out of caches and search engines', async () => {
    for (const url of ['/u/forged.token', '/t/c/forged.token', '/t/o/forged.token.gif']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['cache-control'], url).toBe('no-store, private');
      expect(response.headers['x-robots-tag'], url).toBe('noindex');
    }
  });
});
