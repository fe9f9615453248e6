import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { PgBoss } from 'pg-boss';
import { apiPaths } from '../../shared/paths';
import type { SignUpInput } from '../../shared/schemas/auth';
import { loadConfig, type Config } from '../config';
import type { DatabaseHandle } from '../db/client';

/** Settings for tests: quiet logs, a fixed secret, and any overrides the test needs. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    DATA_DIR: '/nonexistent-test-data-dir',
    // Test files sign many users up from one inject address; the sign-up limit has its own test.
    SIGN_UP_MAX_PER_IP: '1000',
    // The local SMTP and IMAP servers (testing/mail-servers.ts) listen on loopback; the guard has its own test.
    MAIL_ALLOW_PRIVATE: '127.0.0.1',
    // Every test mailbox is on 127.0.0.1; the login-check limits have their own test.
    MAILBOX_CHECK_MAX_PER_USER: '1000',
    MAILBOX_CHECK_MAX_PER_SERVER: '1000',
    // Test prospects use made-up domains without DNS; the address checks' own tests clear this and run a local DNS server.
    MAIL_DOMAINS_ASSUME_OK: '*',
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  handle: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

/** Stands in for the queue when a test did not ask for jobs: sending work is a test bug, said loudly. */
function queueNotStarted(): Promise<never> {
  return Promise.reject(new Error('This test app has no job queue: call createTestApp with { jobs: true }'));
}

/**
 * The real app on a clean test database, driven through `app.inject`. `jobs: true` also starts
 * pg-boss on that database with the app's workers (as `main.ts` does), for tests of endpoints that
 * send jobs; it is opt-in because starting pg-boss costs every test file a few hundred ms.
 * The app and its workers are imported here, not at the top: a test file that takes only
 * `testConfig` or `signUpUser` from this module does not load the whole server (about 300 modules).
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  options: { webRoot?: string; jobs?: boolean } = {},
): Promise<TestApp> {
  const config = testConfig(overrides);
  const [{ buildApp }, { createAuth }, { listenForEvents }, { createTestDatabase }] = await Promise.all([
    import('../app'),
    import('../auth/auth'),
    import('../events/listen'),
    import('./database'),
  ]);
  const handle = await createTestDatabase();
  let boss: PgBoss | null = null;
  let stopTimers: (() => void) | null = null;
  if (options.jobs) {
    const [{ createQueue }, { startWorkers }] = await Promise.all([
      import('../jobs/queue'),
      import('../jobs/worker'),
    ]);
    boss = createQueue(handle);
    await boss.start();
    stopTimers = await startWorkers(boss, { db: handle.db, config, appSecret: config.APP_SECRET! });
  }
  const queue = boss ?? { send: queueNotStarted, cancel: queueNotStarted };
  const auth = createAuth(handle.db, config, config.APP_SECRET!);
  const events = await listenForEvents(handle);
  const app = await buildApp({
    config,
    db: handle.db,
    auth,
    queue,
    events,
    appSecret: config.APP_SECRET!,
    webRoot: options.webRoot,
  });
  await app.ready();
  return {
    app,
    handle,
    config,
    async close() {
      await app.close();
      await events.close();
      stopTimers?.();
      await boss?.stop({ graceful: false, close: true });
      await handle.close();
    },
  };
}

/** `t` with `close` also running `after`, for test apps that bring a server of their own. */
export function closingAlso(t: TestApp, after: () => Promise<void>): TestApp {
  return {
    ...t,
    async close() {
      await t.close();
      await after();
    },
  };
}

/** The `name=value` session cookie a response set, ready for a Cookie header. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name.endsWith('session_token'));
  if (!cookie) throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

let counter = 0;

/** Signs a new user up and returns their session cookie and email. */
export async function signUpUser(
  app: FastifyInstance,
  input: Partial<SignUpInput> = {},
): Promise<{ cookie: string; email: string }> {
  const email = input.email ?? `user${++counter}-${Date.now()}@example.com`;
  const response = await app.inject({
    method: 'POST',
    url: apiPaths.signUp,
    payload: {
      password: 'lamplight-42',
      firstName: 'Ada',
      lastName: 'Lovelace',
      companyName: 'Acme',
      ...input,
      email,
    },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return { cookie: sessionCookie(response), email };
}

/** The app on a clean database with one user signed up: the session cookie and email to act as. */
export async function createSignedInApp(
  overrides: Record<string, string> = {},
  options: { webRoot?: string; jobs?: boolean } = {},
): Promise<{ t: TestApp; cookie: string; email: string }> {
  const t = await createTestApp(overrides, options);
  return { t, ...(await signUpUser(t.app)) };
}

/** The first http(s) link in an email's text, as the path and query `app.inject` takes; null without one. */
export function firstLinkPath(text: string | undefined): string | null {
  const link = text?.match(/https?:\/\/\S+/)?.[0];
  if (!link) return null;
  const url = new URL(link);
  return url.pathname + url.search;
}
