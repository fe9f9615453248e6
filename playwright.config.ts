import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromiumArgs, chromiumPath } from './e2e/chromium';

/**
 * End-to-end tests: Debian's Chromium (never a downloaded browser) drives the built app,
 * started as `node dist/server/main.js` on a fresh embedded database in a temporary folder.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
// The fixture web (e2e/fixture-web-server.ts) the app crawls through its proxy setting.
const fixtureWebPort = Number(process.env.FIXTURE_WEB_PORT ?? port + 1000);
const fixtureWebUrl = `http://127.0.0.1:${fixtureWebPort}`;
// The local OpenAI-compatible model (e2e/fake-openai-server.ts) the app writes guest posts with.
const fakeOpenAiPort = Number(process.env.FAKE_OPENAI_PORT ?? port + 1001);
// The local DNS server (e2e/dns-server.ts) the app's domain checks ask.
const dnsPort = Number(process.env.E2E_DNS_PORT ?? port + 1002);
const outboxSmtpPort = Number(process.env.OUTBOX_SMTP_PORT ?? port + 1003);
const outboxHttpPort = Number(process.env.OUTBOX_HTTP_PORT ?? port + 1004);
process.env.OUTBOX_URL = `http://127.0.0.1:${outboxHttpPort}`;
const outboxLogin = { user: 'linkpilot-app', pass: 'outbox-password' };
// Workers re-read this file: keep the folder the runner chose.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'linkpilot-e2e-'));

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  // Two browsers, the app, its PostgreSQL server and the fixture servers share CI's two cores: a
  // journey of a dozen steps can take longer than 30 s there without anything being wrong.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  reporter: process.env.CI ? 'list' : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [
    // Signs up the install's first user (role 'full') before any spec, so role tests know who owns the install.
    { name: 'setup', testMatch: /.*\.setup\.ts/ },
    { name: 'chromium', use: { browserName: 'chromium' }, dependencies: ['setup'] },
  ],
  webServer: [
    {
      command: 'npx tsx e2e/fixture-web-server.ts',
      port: fixtureWebPort,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      env: { FIXTURE_WEB_PORT: String(fixtureWebPort) },
    },
    {
      command: 'npx tsx e2e/fake-openai-server.ts',
      port: fakeOpenAiPort,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      env: { FAKE_OPENAI_PORT: String(fakeOpenAiPort) },
    },
    {
      command: 'npx tsx e2e/dns-server.ts',
      port: dnsPort,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      env: { E2E_DNS_PORT: String(dnsPort) },
    },
    {
      command: 'npx tsx e2e/outbox-server.ts',
      port: outboxHttpPort,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      env: {
        OUTBOX_SMTP_PORT: String(outboxSmtpPort),
        OUTBOX_HTTP_PORT: String(outboxHttpPort),
        OUTBOX_USER: outboxLogin.user,
        OUTBOX_PASSWORD: outboxLogin.pass,
      },
    },
    {
      command: 'node dist/server/main.js',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      // Stopped as an operator would, so it also stops its embedded PostgreSQL server (a SIGKILL would orphan it).
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      timeout: 120_000,
      stdout: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: baseURL,
        DATA_DIR: process.env.E2E_DATA_DIR,
        LOG_LEVEL: 'warn',
        // Every e2e sign-in comes from 127.0.0.1; the per-email limit stays at its default.
        SIGN_IN_MAX_PER_IP: '500',
        SIGN_UP_MAX_PER_IP: '500',
        // The local SMTP and IMAP servers of the mailbox specs listen on loopback.
        MAIL_ALLOW_PRIVATE: '127.0.0.1',
        MAILBOX_CHECK_MAX_PER_SERVER: '500',
        // e2e/variants-at-scale.spec.ts connects 20 mailboxes as one user (10 a day each sends its 200).
        MAILBOX_CHECK_MAX_PER_USER: '50',
        // The specs' prospects use reserved names without DNS (RFC 6761 .test, RFC 2606 example.*): taken to accept mail.
        MAIL_DOMAINS_ASSUME_OK: 'test,example,example.com,example.org',
        // Sender-domain checks ask only the local DNS server.
        DNS_SERVERS: `127.0.0.1:${dnsPort}`,
        // The blog specs sign up with these addresses (e2e/support.ts adminEmail, e2e/blog-admin.spec.ts editorEmail).
        ADMIN_EMAILS: 'blog-admin@e2e.example.com,blog-editor@e2e.example.com',
        // The app's own mail (verification links, alerts) goes to the outbox (e2e/outbox-server.ts).
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(outboxSmtpPort),
        SMTP_SECURITY: 'none',
        SMTP_USER: outboxLogin.user,
        SMTP_PASSWORD: outboxLogin.pass,
        // Crawling reaches only the fixture web: every host name resolves through its proxy.
        HTTP_PROXY: fixtureWebUrl,
        HTTPS_PROXY: fixtureWebUrl,
        // Webhook endpoints (e2e/public-api.spec.ts) are receivers on loopback, reached directly.
        CRAWL_ALLOW_PRIVATE: '127.0.0.1',
        NO_PROXY: '127.0.0.1',
        CRAWL_HOST_DELAY_MS: '0',
        CRAWL_RETRIES: '0',
        CRAWL_CACHE_HOURS: '0',
        CRAWL_TIMEOUT_MS: '5000',
        DISCOVERY_MAX_PAGES: '200',
        // Outreach sends within seconds of enrolling (e2e/outreach.spec.ts), not at the next minute.
        OUTREACH_TICK_SECONDS: '2',
        // One sequence hour lasts 0.4 s (the journey's 96-hour follow-up comes after ~38 s; spacing ~50–150 ms).
        OUTREACH_HOUR_MS: '400',
        // A mailbox a spec connects is watched with IMAP IDLE within 2 s, not at the next 30 s refresh.
        MAILBOX_IDLE_REFRESH_SECONDS: '2',
        // A webhook is delivered within a second of its event (e2e/public-api.spec.ts), not five.
        WEBHOOK_POLL_SECONDS: '1',
        AI_BASE_URL: `http://127.0.0.1:${fakeOpenAiPort}/v1`,
        AI_MODEL: 'fake-model',
      },
    },
  ],
});
