import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '../../../shared/paths';
import type { Me } from '../../../shared/schemas/auth';
import { inboxQuerySchema } from '../../../shared/schemas/inbox';
import { createLiveLinkSchema, type LiveLinkPage } from '../../../shared/schemas/live-links';
import { addProspectsSchema } from '../../../shared/schemas/prospect-import';
import { queryRows } from '../../db/client';
import { createTestApp, signUpUser, type TestApp } from '../../testing/app';
import { createManualCampaign } from '../../testing/campaigns';
import { startFixtureWeb, type FixtureWeb } from '../../testing/fixture-web';
import { createApiKey } from './service';

/**
 * The README's "Public API" examples (docs/decisions/025-public-api-and-webhooks.md): every curl
 * command of the section is in scripts/api-examples.sh word for word, its bodies pass the routes'
 * own schemas, and the script runs against the real app with a key and leaves the rows it promises.
 */
const root = (file: string) => fileURLToPath(new URL(`../../../../${file}`, import.meta.url));
const readme = readFileSync(root('README.md'), 'utf8');
const scriptPath = root('scripts/api-examples.sh');
const script = readFileSync(scriptPath, 'utf8');

/** The README's "Public API" section, up to the next section. */
function publicApiSection(): string {
  const start = readme.indexOf('\n## Public API\n');
  expect(start).toBeGreaterThan(-1);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end === -1 ? undefined : end);
}

/** Each curl command of the section's bash blocks, its continuation lines (`\` at the end) included. */
function curlCommands(): string[] {
  const blocks = [...publicApiSection().matchAll(/```bash\n([\s\S]*?)```/g)].map((m) => m[1]!);
  const commands: string[] = [];
  for (const block of blocks) {
    const lines = block.split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (!lines[i]!.startsWith('curl ')) continue;
      const command = [lines[i]!];
      while (command.at(-1)!.endsWith('\\')) command.push(lines[++i]!);
      commands.push(command.join('\n'));
    }
  }
  return commands;
}

/** The JSON body of a command's `-d`, as the shell would send it (`$CAMPAIGN_ID` set to `campaignId`). */
function bodyOf(command: string, campaignId: string): unknown {
  const single = command.match(/-d '([^']*)'/);
  if (single) return JSON.parse(single[1]!);
  const double = command.match(/-d "((?:[^"\\]|\\.)*)"/);
  if (!double) throw new Error(`no body in ${command}`);
  return JSON.parse(double[1]!.replace(/\\"/g, '"').replaceAll('$CAMPAIGN_ID', campaignId));
}

describe('README → Public API', () => {
  it('has each of its curl commands, word for word, in scripts/api-examples.sh', () => {
    const commands = curlCommands();
    expect(commands).toHaveLength(5);
    for (const command of commands) {
      expect(command).toContain('--fail-with-body');
      expect(command).toContain('"$LINKPILOT_URL/api/v1/');
      expect(command).toContain('-H "Authorization: Bearer $LINKPILOT_API_KEY"');
      expect(script, command).toContain(command);
    }
    expect(script).toMatch(/^#!\/usr\/bin\/env bash\n/);
    expect(script).toContain('set -euo pipefail');
  });

  it('sends bodies and queries the routes’ own schemas accept', () => {
    const campaignId = crypto.randomUUID();
    const [, prospects, liveLink, threads] = curlCommands();
    expect(prospects).toContain('/campaigns/$CAMPAIGN_ID/prospects');
    expect(addProspectsSchema.safeParse(bodyOf(prospects!, campaignId)).success).toBe(true);
    expect(liveLink).toContain('/api/v1/live-links"');
    expect(createLiveLinkSchema.safeParse(bodyOf(liveLink!, campaignId)).success).toBe(true);
    const query = new URL(threads!.match(/"\$LINKPILOT_URL(\/[^"]+)"/)![1]!, 'http://x').searchParams;
    expect(inboxQuerySchema.safeParse(Object.fromEntries(query)).success).toBe(true);
  });
});

/** The page of the README's live link example that carries the link, and the page it links to. */
const LINKING_PAGE = { host: 'example.org', path: '/best-tools' };
const LINKED_PAGE = 'https://www.example.com/';

/**
 * A throw-away certificate for `host` (openssl, valid one day), made in a temporary folder: the
 * fixture web answers https with it.
 */
function throwAwayCertificate(host: string): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'linkpilot-api-examples-'));
  const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    // prettier-ignore
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', `/CN=${host}`, '-addext', `subjectAltName=DNS:${host}`, '-keyout', key, '-out', cert],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
}

describe('scripts/api-examples.sh', () => {
  let t: TestApp;
  let web: FixtureWeb;
  let baseUrl: string;
  beforeAll(async () => {
    // The live link's page, at its https address through the fixture web, carries the link.
    const certificate = throwAwayCertificate(LINKING_PAGE.host);
    web = await startFixtureWeb(
      {
        [LINKING_PAGE.host]: {
          [LINKING_PAGE.path]: `<!doctype html><html><head><title>Best tools</title></head><body><p>Try <a href="${LINKED_PAGE}">Example</a>.</p></body></html>`,
        },
      },
      { tls: certificate },
    );
    // The crawler trusts only the system's authorities (NODE_EXTRA_CA_CERTS is read when Node
    // starts): connections to the fixture's host also trust its certificate, no other ones.
    const connect = tls.connect.bind(tls);
    vi.spyOn(tls, 'connect').mockImplementation(((options: tls.ConnectionOptions, ...rest: never[]) =>
      options?.servername === LINKING_PAGE.host
        ? connect({ ...options, ca: [...tls.rootCertificates, certificate.cert] }, ...rest)
        : connect(options, ...rest)) as typeof tls.connect);
    // Adding a live link queues its first check: this app runs the job queue.
    t = await createTestApp(
      { HTTP_PROXY: web.proxyUrl, CRAWL_HOST_DELAY_MS: '0', CRAWL_RETRIES: '0' },
      { jobs: true },
    );
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
    await web.close();
    vi.restoreAllMocks();
  });

  /** The only live link of the user's workspace once its first check ran (it is queued when added). */
  async function firstCheckOfOnlyLink(cookie: string) {
    for (;;) {
      const response = await t.app.inject({ url: apiPaths.liveLinks, headers: { cookie } });
      const [link, ...others] = response.json<LiveLinkPage>().items;
      expect(others).toEqual([]);
      if (link?.lastCheckedAt) return link;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('runs against the app with a key and leaves the prospect and the live link it adds', async () => {
    const { cookie } = await signUpUser(t.app, { firstName: 'Ada', lastName: 'Lovelace' });
    const me = (await t.app.inject({ url: apiPaths.me, headers: { cookie } })).json<Me>();
    const campaign = await createManualCampaign(t.app, cookie, { name: 'Bikes' });
    // A reply waiting for an answer, as the mailbox sync would have filed it (docs/decisions/024-inbox.md).
    await t.handle.db.execute(sql`
      with account as (
        insert into email_accounts (workspace_id, connected_by, email, provider)
        values (${me.workspace.id}, ${me.id}, 'ada@mail.test', 'smtp') returning id
      ), prospect as (
        select id, workspace_id from prospects where campaign_id = ${campaign.id} order by website limit 1
      ), message as (
        insert into inbound_messages (workspace_id, email_account_id, imap_uid_validity, imap_uid, prospect_id, kind, from_email, subject, text, html, received_at)
        select prospect.workspace_id, account.id, 1, 1, prospect.id, 'reply', 'ann@alpha.com', 'Re: hi', 'Sure, send it over', null, now()
        from prospect, account returning id
      )
      insert into inbox_threads (workspace_id, prospect_id, email_account_id, last_message_at, last_inbound_at, last_reply_at, needs_answer)
      select prospect.workspace_id, prospect.id, account.id, now(), now(), now(), true
      from prospect, account, message`);
    const key = await createApiKey(
      t.handle.db,
      { userId: me.id, workspaceId: me.workspace.id, role: 'full' },
      { name: 'Examples', scopes: ['read', 'write'] },
    );

    const { stdout } = await promisify(execFile)('bash', [scriptPath], {
      env: { PATH: process.env.PATH, LINKPILOT_URL: baseUrl, LINKPILOT_API_KEY: key.secret },
      timeout: 60_000,
    });

    expect(stdout).toContain('== Conversation');
    expect(stdout).toContain('Sure, send it over');
    expect(stdout).not.toContain(key.secret);
    const prospects = await queryRows<{ website: string; contact_email: string }>(
      t.handle.db,
      sql`select website, contact_email from prospects where campaign_id = ${campaign.id} and website like '%example.org%'`,
    );
    expect(prospects).toEqual([expect.objectContaining({ contact_email: 'editor@example.org' })]);
    // The link's first check reads the page that carries it and finds the link there: live.
    const checked = await firstCheckOfOnlyLink(cookie);
    expect(checked).toMatchObject({
      pageUrl: `https://${LINKING_PAGE.host}${LINKING_PAGE.path}`,
      url: LINKED_PAGE,
      status: 'active',
      reasons: [],
      foundAnchorText: 'Example',
    });
    expect(web.requests).toContainEqual(expect.objectContaining(LINKING_PAGE));
    const logged = await queryRows<{ kind: string }>(
      t.handle.db,
      sql`select kind from activity where api_key_id = ${key.id} order by created_at`,
    );
    expect(logged.map((r) => r.kind)).toEqual(['prospects.imported']);

    // Run again, the same Idempotency-Keys replay the first answers: nothing is added twice.
    await promisify(execFile)('bash', [scriptPath], {
      env: { PATH: process.env.PATH, LINKPILOT_URL: baseUrl, LINKPILOT_API_KEY: key.secret },
      timeout: 60_000,
    });
    const [counts] = await queryRows<{ prospects: number; links: number }>(
      t.handle.db,
      sql`select (select count(*)::int from prospects where campaign_id = ${campaign.id}) as prospects,
                 (select count(*)::int from live_links where campaign_id = ${campaign.id}) as links`,
    );
    expect(counts).toEqual({ prospects: 4, links: 1 });
  });
});
