import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../shared/paths';
import { mailboxMessages } from '../../../shared/schemas/mailboxes';
import { createTestApp, signUpUser, type TestApp } from '../../testing/app';

/**
 * Mailbox login checks are limited per user and per mail server before any connection is opened
 * (mail/mailboxes/login-check-limit.ts): a server that counts the connections it gets shows it.
 */
let t: TestApp;
let server: Server;
let connections = 0;

const form = (host: string) => {
  const { port } = server.address() as { port: number };
  return {
    email: 'guess@mail.test',
    smtpHost: host,
    smtpPort: port,
    smtpSecurity: 'none',
    imapHost: host,
    imapPort: port,
    imapSecurity: 'none',
    username: 'guess@mail.test',
    password: 'guess',
  };
};
const connect = (cookie: string, host = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: apiPaths.emailAccounts, headers: { cookie }, payload: form(host) });

beforeAll(async () => {
  // Not a mail server: it hangs up at once, so every allowed check fails fast and is counted here.
  server = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t = await createTestApp({ MAILBOX_CHECK_MAX_PER_USER: '3', MAILBOX_CHECK_MAX_PER_SERVER: '5' });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});

describe('mailbox login-check limits', () => {
  it('refuses a user’s checks past MAILBOX_CHECK_MAX_PER_USER with 429 before connecting', async () => {
    const { cookie } = await signUpUser(t.app);
    const allowed = [];
    for (let i = 0; i < 3; i++) allowed.push((await connect(cookie)).statusCode);
    expect(allowed).toEqual([400, 400, 400]);
    const seen = connections;
    expect(seen).toBeGreaterThanOrEqual(3);

    const refused = await connect(cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({ code: 'RATE_LIMITED', message: mailboxMessages.tooManyChecks });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(connections).toBe(seen);
  });

  it('refuses checks against one server past MAILBOX_CHECK_MAX_PER_SERVER for all users together', async () => {
    const other = await signUpUser(t.app);
    // The first user's 4 attempts counted on 127.0.0.1 (the refused one too): one more reaches 5.
    expect((await connect(other.cookie)).statusCode).toBe(400);
    const seen = connections;
    const third = await signUpUser(t.app);
    expect((await connect(third.cookie)).statusCode).toBe(429);
    expect(connections).toBe(seen);
    // Another server name is another count.
    expect((await connect(third.cookie, 'localhost')).statusCode).toBe(400);
  });
});
