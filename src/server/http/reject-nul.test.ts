import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, withId } from '../../shared/paths';
import type { Me } from '../../shared/schemas/auth';
import type { ProspectPage } from '../../shared/schemas/prospects';
import { queryRows } from '../db/client';
import { signUpAdmin } from '../testing/admin';
import { createTestApp, signUpUser, type TestApp } from '../testing/app';
import { createManualCampaign } from '../testing/campaigns';
import { MAX_JSON_DEPTH } from './json-depth';
import { findNulField, nulMessage } from './reject-nul';

/**
 * API input carrying a NUL character is refused with 400 before any handler (docs/security.md,
 * "Input with NUL characters"). The route table comes from the app's OpenAPI description, so a new
 * endpoint with a JSON body fails the first test until it has a valid payload below.
 */
let t: TestApp;
let cookie: string;
const ids = {
  campaign: '',
  prospect: '',
  sequence: '',
  emailAccount: '',
  otherUser: '',
  blogPost: '',
  workspace: '',
};

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await signUpAdmin(t.app, t.handle.db));
  const other = await signUpUser(t.app);
  ids.workspace = (await t.app.inject({ url: apiPaths.me, headers: { cookie } })).json<Me>().workspace.id;
  const campaign = await createManualCampaign(t.app, cookie);
  ids.campaign = campaign.id;
  const page = (
    await t.app.inject({ url: withId(apiPaths.campaignProspects, campaign.id), headers: { cookie } })
  ).json<ProspectPage>();
  ids.prospect = page.items[0]!.id;
  const sequence = await t.app.inject({
    method: 'POST',
    url: apiPaths.sequences,
    headers: { cookie },
    payload: { name: 'Seq', steps: [{ subject: 'Hi', content: 'Hello', delayHours: null }] },
  });
  ids.sequence = sequence.json().id;
  const [account] = await queryRows<{ id: string }>(
    t.handle.db,
    sql`insert into email_accounts (workspace_id, connected_by, email, provider)
        select c.workspace_id, c.owner_id, 'me@mail.test', 'smtp' from campaigns c where c.id = ${campaign.id} returning id`,
  );
  ids.emailAccount = account!.id;
  const [otherUser] = await queryRows<{ id: string }>(
    t.handle.db,
    sql`select id from users where email = ${other.email}`,
  );
  ids.otherUser = otherUser!.id;
  const post = await t.app.inject({
    method: 'POST',
    url: apiPaths.blogPosts,
    headers: { cookie },
    payload: { ...blogPost(), slug: 'nul-test-post' },
  });
  ids.blogPost = post.json().id;
});
afterAll(() => t.close());

const blogPost = () => ({
  title: 'Title',
  slug: 'a-post',
  excerpt: 'Excerpt',
  content: 'Content',
  categories: ['news'],
  imageUrl: null,
  published: false,
});

interface Operation {
  method: string;
  path: string;
  hasBody: boolean;
  params: string[];
  query: string[];
}

/** Every API operation of the app, from its OpenAPI description (paths as `/api/x/{id}`). */
async function operations(): Promise<Operation[]> {
  const doc = (await t.app.inject({ url: `${apiPaths.docs}/json` })).json<{
    paths: Record<
      string,
      Record<string, { requestBody?: unknown; parameters?: Array<{ in: string; name: string }> }>
    >;
  }>();
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      hasBody: op.requestBody !== undefined,
      params: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
    })),
  );
}

/** A body each JSON endpoint accepts (its schema passes), and the ids its path needs. */
const NO_ROW = '00000000-0000-4000-8000-000000000000';

const validBodies: Record<string, { id?: () => string; body: () => object }> = {
  'POST /api/auth/sign-up/email': {
    body: () => ({
      email: 'nul@example.com',
      password: 'lamplight-42',
      firstName: 'A',
      lastName: 'B',
      companyName: 'C',
    }),
  },
  'POST /api/auth/sign-in/email': { body: () => ({ email: 'nul@example.com', password: 'lamplight-42' }) },
  'POST /api/auth/sign-out': { body: () => ({}) },
  'POST /api/auth/sign-in-link': { body: () => ({ email: 'nul@example.com' }) },
  'POST /api/sso/start': { body: () => ({ email: 'nul@example.com' }) },
  'POST /api/reports/share-links': {
    body: () => ({ clientId: NO_ROW, from: '2026-01-01', to: '2026-01-31' }),
  },
  'POST /api/reports/schedules': { body: () => ({ clientId: NO_ROW, frequency: 'monthly' }) },
  'PUT /api/reports/branding': {
    body: () => ({ agencyName: 'Agency', accentColor: '#112233', footer: 'Footer', hideLinkPilot: false }),
  },
  'POST /api/claims/{id}/status': {
    body: () => ({ to: 'replaced', note: 'Moved', replacementPageUrl: 'https://blog.example.com/new' }),
  },
  'PUT /api/workspace/sso': {
    body: () => ({
      issuer: 'https://login.example.com',
      clientId: 'c',
      clientSecret: 's',
      domains: 'example.com',
    }),
  },
  'POST /api/sequences': {
    body: () => ({ name: 'Seq', steps: [{ subject: 'Hi', content: 'Hello', delayHours: null }] }),
  },
  'PUT /api/sequences/{id}': {
    id: () => ids.sequence,
    body: () => ({ name: 'Seq', steps: [{ subject: 'Hi', content: 'Hello', delayHours: null }] }),
  },
  'POST /api/blog/posts': { body: () => blogPost() },
  'PUT /api/blog/admin/posts/{id}': { id: () => ids.blogPost, body: () => blogPost() },
  'PUT /api/blog/admin/posts/{id}/published': { id: () => ids.blogPost, body: () => ({ published: true }) },
  'POST /api/contact': {
    body: () => ({ name: 'Ann', email: 'ann@example.com', subject: 'Hello', message: 'A message' }),
  },
  'POST /api/campaigns': {
    body: () => ({
      type: 'manual',
      name: 'Campaign',
      websiteUrl: 'https://mysite.com',
      competitors: ['rival.com'],
      prospects: [{ website: 'alpha.com', contactEmail: 'ann@alpha.com', contactName: 'Ann', notes: 'Met' }],
    }),
  },
  'PATCH /api/campaigns/{id}': { id: () => ids.campaign, body: () => ({ competitors: ['rival.com'] }) },
  'PUT /api/campaigns/{id}/collaborators': {
    id: () => ids.campaign,
    body: () => ({ userIds: [ids.otherUser] }),
  },
  'PUT /api/campaigns/{id}/outreach': {
    id: () => ids.campaign,
    body: () => ({
      emailAccountIds: [ids.emailAccount],
      sequenceId: ids.sequence,
      trackOpens: true,
      trackClicks: true,
    }),
  },
  'POST /api/sequences/preview': {
    body: () => ({ prospectId: ids.prospect, subject: 'Hi [First Name]', content: 'Hello' }),
  },
  'PATCH /api/prospects/{id}': { id: () => ids.prospect, body: () => ({ status: 'sent' }) },
  'PUT /api/domain-memory': { body: () => ({ domain: 'alpha.com', doNotContact: true }) },
  'POST /api/live-links': {
    body: () => ({
      campaignId: ids.campaign,
      url: 'https://alpha.com/x',
      anchorText: 'Anchor',
      pageUrl: 'https://alpha.com',
    }),
  },
  'POST /api/campaigns/{id}/prospects': {
    id: () => ids.campaign,
    body: () => ({ prospects: [{ website: 'alpha.com', notes: 'said "hi"' }] }),
  },
  'POST /api/campaigns/{id}/competitor-gap/prospects': {
    id: () => ids.campaign,
    body: () => ({ domains: ['alpha.com'] }),
  },
  'POST /api/notifications/read': { body: () => ({ ids: [] }) },
  'POST /api/email-accounts': {
    body: () => ({
      email: 'me@mail.test',
      smtpHost: 'smtp.mail.test',
      smtpPort: 465,
      smtpSecurity: 'tls',
      imapHost: 'imap.mail.test',
      imapPort: 993,
      imapSecurity: 'tls',
      username: 'me',
      password: 'secret',
    }),
  },
  'PATCH /api/email-accounts/{id}': {
    id: () => ids.emailAccount,
    body: () => ({ dailyLimit: 30, minSpacingMinutes: 5, maxSpacingMinutes: 10, password: 'secret' }),
  },
  'POST /api/email-accounts/gmail/authorize': { body: () => ({ redirect_uri: 'http://localhost/cb' }) },
  'POST /api/email-accounts/gmail/callback': {
    body: () => ({ code: 'code', state: 'state', redirect_uri: 'http://localhost/cb' }),
  },
  'POST /api/email-accounts/microsoft/authorize': { body: () => ({ redirect_uri: 'http://localhost/cb' }) },
  'POST /api/email-accounts/microsoft/callback': {
    body: () => ({ code: 'code', state: 'state', redirect_uri: 'http://localhost/cb' }),
  },
  'PUT /api/email-accounts/{id}/dkim-selectors': {
    id: () => ids.emailAccount,
    body: () => ({ selectors: 'google, selector1' }),
  },
  'PUT /api/me/workspace': { body: () => ({ workspaceId: ids.workspace }) },
  'POST /api/invitations': { body: () => ({ email: 'guest@example.com', role: 'member' }) },
  'POST /api/invitations/accept': { body: () => ({ token: 'not-a-real-token' }) },
  'PATCH /api/profile': { body: () => ({ firstName: 'Ada', lastName: 'Lovelace', companyName: 'Acme' }) },
  'POST /api/profile/password': {
    body: () => ({
      currentPassword: 'lamplight-42',
      newPassword: 'tidewater-77',
      confirmPassword: 'tidewater-77',
    }),
  },
  'PUT /api/profile/sending': {
    body: () => ({
      postalAddress: '1 Main Street',
      timeZone: 'Europe/Berlin',
      sendWindowDays: [1, 2],
      sendWindowStartHour: 9,
      sendWindowEndHour: 17,
    }),
  },
  'PATCH /api/users/{id}/role': { id: () => ids.otherUser, body: () => ({ role: 'member' }) },
  'PUT /api/campaigns/{id}/internal-links': {
    id: () => ids.campaign,
    body: () => ({ internalLinks: ['https://mysite.com/a'] }),
  },
  'POST /api/guest-posts/generate': {
    body: () => ({
      campaignId: ids.campaign,
      yourWebsite: 'https://mysite.com',
      targetWebsite: 'https://alpha.com',
      topic: 'Topic',
      wordCount: 1000,
      internalLinks: ['https://mysite.com/a'],
    }),
  },
  'PUT /api/campaigns/{id}/first-line-settings': {
    id: () => ids.campaign,
    body: () => ({ requireApproval: true }),
  },
  'PUT /api/prospects/{id}/first-line': {
    id: () => ids.prospect,
    body: () => ({ text: 'Loved your post', approved: true }),
  },
  // The NUL guard answers before any lookup: an id that names nothing is enough for the inbox's routes.
  'PUT /api/inbox/threads/{id}/read': { id: () => NO_ROW, body: () => ({ read: true }) },
  'PUT /api/inbox/threads/{id}/label': { id: () => NO_ROW, body: () => ({ labelId: NO_ROW }) },
  'PUT /api/inbox/threads/{id}/assignee': { id: () => NO_ROW, body: () => ({ assigneeId: NO_ROW }) },
  'PUT /api/inbox/threads/{id}/reminder': { id: () => NO_ROW, body: () => ({ days: 3 }) },
  'PUT /api/inbox/threads/{id}/draft': {
    id: () => NO_ROW,
    body: () => ({ subject: 'Re: hi', body: 'Thanks' }),
  },
  'POST /api/inbox/threads/{id}/answer': {
    id: () => NO_ROW,
    body: () => ({ subject: 'Re: hi', body: 'Thanks' }),
  },
  'POST /api/inbox/labels': { body: () => ({ name: 'Paid', outcome: null }) },
  'PATCH /api/inbox/labels/{id}': { id: () => NO_ROW, body: () => ({ name: 'Paid', outcome: 'failed' }) },
  'POST /api/prospects/{id}/notes': { id: () => ids.prospect, body: () => ({ body: 'Prefers Fridays' }) },
  'POST /api/api-keys': { body: () => ({ name: 'Reporting sheet', scopes: ['read'] }) },
  'POST /api/webhooks': {
    body: () => ({ url: 'https://hooks.example.com/x', description: 'CRM', events: ['reply.received'] }),
  },
  'PATCH /api/webhooks/{id}': {
    id: () => NO_ROW,
    body: () => ({ url: 'https://hooks.example.com/y', description: 'CRM', events: ['reply.received'] }),
  },
  'POST /api/auth/two-factor/verify': { body: () => ({ code: '123456' }) },
  'POST /api/auth/passkey/sign-in': {
    body: () => ({
      response: {
        ...webAuthnCredential(),
        response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA', userHandle: 'dQ' },
      },
    }),
  },
  'POST /api/profile/two-factor/setup': { body: () => ({ password: 'lamplight-42' }) },
  'POST /api/profile/two-factor/confirm': { body: () => ({ code: '123456' }) },
  'POST /api/profile/two-factor/backup-codes': { body: () => ({ password: 'lamplight-42' }) },
  'POST /api/profile/two-factor/disable': { body: () => ({ password: 'lamplight-42', code: '123456' }) },
  'POST /api/profile/passkeys': {
    body: () => ({
      response: { ...webAuthnCredential(), response: { clientDataJSON: 'e30' } },
      name: 'Laptop',
    }),
  },
  'PUT /api/workspace/two-factor-policy': { body: () => ({ requireTwoFactor: false }) },
  'POST /api/clients': {
    body: () => ({ name: 'Acme', domains: ['acme.com'], reportEmails: ['seo@acme.com'] }),
  },
  'PATCH /api/clients/{id}': { id: () => NO_ROW, body: () => ({ name: 'Acme Ltd' }) },
  'POST /api/placements': {
    body: () => ({
      pageUrl: 'https://blog.example.com/post',
      targetUrl: 'https://mysite.com',
      anchorText: 'bikes',
      priceMinor: 15000,
      currency: 'USD',
      invoiceNumber: 'INV-1',
    }),
  },
  'POST /api/placements/import': {
    body: () => ({ csv: 'page_url,target_url\nhttps://blog.example.com/a,https://mysite.com\n' }),
  },
  'PATCH /api/placements/{id}': { id: () => NO_ROW, body: () => ({ anchorText: 'bikes' }) },
  'POST /api/campaigns/{id}/backlink-imports/{importId}/start': {
    id: () => ids.campaign,
    body: () => ({ targetDomain: 'rival.com' }),
  },
  'POST /api/campaigns/{id}/enrollment': { body: () => ({ includeRisky: true }) },
  'POST /api/prospects/{id}/enrollment': { body: () => ({ includeRisky: true }) },
  'PUT /api/prospects/{id}/custom-fields': { body: () => ({ values: { site_topic: 'coffee' } }) },
  'POST /api/custom-fields': { body: () => ({ key: 'site_topic', label: 'Site topic', type: 'text' }) },
  'PATCH /api/custom-fields/{id}': { body: () => ({ label: 'Topic' }) },
  'PUT /api/prospect-import-mappings': {
    body: () => ({ headers: ['Website', 'Topic'], mapping: { Topic: 'site_topic' } }),
  },
  'PUT /api/workspace/email-verification': {
    body: () => ({ provider: 'hunter', apiKey: 'hunter-key', smtpCheck: false }),
  },
  'POST /api/prospects/{id}/contact-address': { body: () => ({ email: 'jane@blog.example' }) },
  'PUT /api/workspace/data-providers/{id}': {
    id: () => 'ahrefs',
    body: () => ({ provider: 'ahrefs', apiKey: 'ahrefs-key' }),
  },
  'POST /api/campaigns/{id}/data-providers/estimate': {
    body: () => ({ kind: 'backlinks', provider: 'ahrefs', target: 'rival.com' }),
  },
  'POST /api/campaigns/{id}/data-providers/metrics': { body: () => ({ provider: 'moz' }) },
  'POST /api/campaigns/{id}/data-providers/backlinks': {
    body: () => ({ provider: 'semrush', target: 'rival.com' }),
  },
};

/** A WebAuthn credential's outer fields (the browser's JSON), for the passkey bodies. */
function webAuthnCredential() {
  return { id: 'cred', rawId: 'cred', type: 'public-key', clientExtensionResults: {} };
}

/** The dotted paths of every string in `value`. */
function stringPaths(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return [path];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => stringPaths(child, path ? `${path}.${key}` : key));
}

/** `value` with `suffix` appended to the string at the dotted `path`. */
function appendAt(value: object, path: string, suffix: string): object {
  const copy = structuredClone(value) as Record<string, unknown>;
  const keys = path.split('.');
  const parent = keys
    .slice(0, -1)
    .reduce<Record<string, unknown>>((o, k) => o[k] as Record<string, unknown>, copy);
  parent[keys.at(-1)!] = `${parent[keys.at(-1)!] as string}${suffix}`;
  return copy;
}

/** Row counts of every table: a refused request must change none. */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(
    t.handle.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number }>(
      t.handle.db,
      sql`select count(*)::int as n from ${sql.identifier(name)}`,
    );
    counts[name] = row!.n;
  }
  return counts;
}

function expectRefused(response: { statusCode: number; json(): unknown }, field: string, what: string) {
  const message = nulMessage(field);
  expect({ what, status: response.statusCode, body: response.json() }).toEqual({
    what,
    status: 400,
    body: { error: { code: 'VALIDATION_ERROR', message, issues: [{ path: field, message }] } },
  });
}

describe('API input with NUL characters', () => {
  it('has a valid payload for every endpoint with a JSON body', async () => {
    const withBody = (await operations()).filter((o) => o.hasBody).map((o) => `${o.method} ${o.path}`);
    expect(withBody.filter((key) => !(key in validBodies))).toEqual([]);
    expect(Object.keys(validBodies).filter((key) => !withBody.includes(key))).toEqual([]);
  });

  it('refuses a NUL in any string or key of any JSON body with 400 naming the field, and stores nothing', async () => {
    const before = await rowCounts();
    let refused = 0;
    for (const [key, { id, body }] of Object.entries(validBodies)) {
      const [method, path] = key.split(' ') as [string, string];
      // Any other path parameter (a backlink import's id) names no row: the body is refused first.
      const url = (id ? path.replace('{id}', id()) : path).replace(/\{\w+\}/g, NO_ROW);
      const send = (payload: object) =>
        t.app.inject({ method: method as 'POST', url, headers: { cookie }, payload });
      for (const field of stringPaths(body())) {
        expectRefused(await send(appendAt(body(), field, '\u0000')), field, `${key} ${field}`);
        refused++;
      }
      expectRefused(await send({ ...body(), 'ex\u0000tra': 'x' }), 'extra', `${key} key`);
    }
    expect(refused).toBeGreaterThan(40);
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses a NUL in every route parameter and every query parameter', async () => {
    let checked = 0;
    for (const op of await operations()) {
      const method = op.method as 'GET';
      const filled = op.path.replace(/\{(\w+)\}/g, '00000000-0000-4000-8000-000000000000');
      for (const param of op.params) {
        const url = op.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
          name === param ? 'a%00b' : '00000000-0000-4000-8000-000000000000',
        );
        expectRefused(await t.app.inject({ method, url, headers: { cookie } }), param, `${op.method} ${url}`);
        checked++;
      }
      for (const name of op.query) {
        const url = `${filled}?${name}=a%00b`;
        expectRefused(await t.app.inject({ method, url, headers: { cookie } }), name, `${op.method} ${url}`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(60);
  });

  it('names the element of a repeated query parameter', async () => {
    const url = `${apiPaths.contacts}?status=sent&status=%00`;
    expectRefused(await t.app.inject({ url, headers: { cookie } }), 'status.1', url);
  });

  it('accepts other control characters and an escaped backslash before "u0000"', async () => {
    const firstName = 'A\u0001\\u0000';
    const response = await t.app.inject({
      method: 'PATCH',
      url: apiPaths.profile,
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ firstName, lastName: 'B', companyName: 'C' }),
    });
    expect(response.statusCode).toBe(200);
    const stored = await queryRows(t.handle.db, sql`select id from users where first_name = ${firstName}`);
    expect(stored).toHaveLength(1);
  });

  it('refuses a NUL deep inside a nested body', async () => {
    // The deepest body the parser lets through (json-depth.ts): the object, then the arrays.
    const depth = MAX_JSON_DEPTH - 1;
    const payload = `{"name":${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}}`;
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.sequences,
      headers: { cookie, 'content-type': 'application/json' },
      payload,
    });
    expectRefused(response, `name${'.0'.repeat(depth)}`, 'nested');
  });

  it('reads a JSON body sent with a charset parameter the same way', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: apiPaths.profile,
      headers: { cookie, 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify({ firstName: 'A', lastName: 'B\u0000', companyName: 'C' }),
    });
    expectRefused(response, 'lastName', 'charset');
  });

  it('still answers malformed JSON with INVALID_JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.sequences,
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{"name": "\\u0000',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('INVALID_JSON');
  });
});

describe('findNulField', () => {
  it('names the first string or key with a NUL, by dotted path, and null when there is none', () => {
    expect(findNulField({ a: [{ b: 'x' }, { c: 'y\u0000' }] })).toBe('a.1.c');
    expect(findNulField({ ['k\u0000ey']: 1 })).toBe('key');
    expect(findNulField('\u0000')).toBe('');
    expect(findNulField({ a: ['x', 1, null, true, { b: '\u0001' }] })).toBeNull();
    expect(findNulField(undefined)).toBeNull();
  });
});
