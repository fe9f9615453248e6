import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, withId } from '../../../shared/paths';
import { workspaceMessages } from '../../../shared/roles';
import type { ActivityPage } from '../../../shared/schemas/activity';
import { apiKeyMessages, type ApiKey, type CreatedApiKey } from '../../../shared/schemas/api-keys';
import type { Me } from '../../../shared/schemas/auth';
import { WORKSPACE_HEADER } from '../../auth/workspaces';
import { queryRows } from '../../db/client';
import { workspaceMembers } from '../../db/schema/workspaces';
import { API_KEY_FAILURES_PER_MINUTE } from '../../http/api-key-limits';
import { createTestApp, signUpUser, type TestApp } from '../../testing/app';
import { createManualCampaign } from '../../testing/campaigns';

/**
 * API keys (docs/decisions/025-public-api-and-webhooks.md): managed by Full Access members with
 * the session only; a key acts as its creator in its workspace, within its scopes, refused at once
 * when revoked, expired or when its creator left; rate-limited per key and, for failed lookups,
 * per client address.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Person {
  cookie: string;
  userId: string;
  workspaceId: string;
}

async function person(): Promise<Person> {
  const { cookie } = await signUpUser(t.app, { firstName: 'Ada', lastName: 'Lovelace' });
  const me = (await t.app.inject({ url: apiPaths.me, headers: { cookie } })).json<Me>();
  return { cookie, userId: me.id, workspaceId: me.workspace.id };
}

async function createKey(
  who: Person,
  body: { name?: string; scopes?: string[]; expiresAt?: string } = {},
): Promise<CreatedApiKey> {
  const response = await t.app.inject({
    method: 'POST',
    url: apiPaths.apiKeys,
    headers: { cookie: who.cookie },
    payload: { name: 'Reporting', scopes: ['read', 'write'], ...body },
  });
  if (response.statusCode !== 201) throw new Error(`create key: ${response.statusCode} ${response.body}`);
  return response.json<CreatedApiKey>();
}

/** A request with `Authorization: Bearer secret`, from `ip` (failed lookups are counted per address). */
const withKey = (secret: string, options: InjectOptions & { ip?: string } = {}) => {
  const { ip = '127.0.0.1', headers, ...rest } = options;
  return t.app.inject({
    ...rest,
    remoteAddress: ip,
    headers: { ...headers, authorization: `Bearer ${secret}` },
  });
};

/** A manual campaign's create body (`createCampaignSchema`). */
const newCampaign = {
  type: 'manual',
  name: 'X',
  websiteUrl: 'https://mysite.com',
  competitors: [],
  prospects: [{ website: 'alpha.com' }],
};

const errorOf = (response: LightMyRequestResponse) =>
  response.json<{ error: { code: string; message: string } }>().error;

describe('API key management', () => {
  it('creates a key shown once, lists it without the secret, and records who did it', async () => {
    const ada = await person();
    const first = await createKey(ada, { name: 'Old', scopes: ['read'] });
    const key = await createKey(ada, { name: 'Zapier', scopes: ['write', 'read'] });
    expect(key.secret).toMatch(/^lp_[0-9A-Za-z]{32}$/);
    expect(key.prefix).toBe(key.secret.slice(0, 8));
    expect(key).toMatchObject({
      name: 'Zapier',
      scopes: ['read', 'write'],
      createdBy: 'Ada Lovelace',
      lastUsedAt: null,
      expiresAt: null,
      revokedAt: null,
    });
    expect(first.secret).not.toBe(key.secret);

    const list = await t.app.inject({ url: apiPaths.apiKeys, headers: { cookie: ada.cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.json<ApiKey[]>().map((k) => k.name)).toEqual(['Zapier', 'Old']);
    expect(list.body).not.toContain(key.secret);
    // Only the hash is stored.
    const [stored] = await queryRows<{ token_hash: string }>(
      t.handle.db,
      sql`select token_hash from api_keys where id = ${key.id}`,
    );
    expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(key.secret);

    const log = (
      await t.app.inject({ url: apiPaths.activity, headers: { cookie: ada.cookie } })
    ).json<ActivityPage>();
    expect(log.items.map((e) => [e.kind, e.subject, e.actor, e.apiKey])).toEqual([
      ['api_key.created', 'Zapier', 'Ada Lovelace', null],
      ['api_key.created', 'Old', 'Ada Lovelace', null],
    ]);
  });

  it('checks the body against the shared schema', async () => {
    const ada = await person();
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: apiPaths.apiKeys, headers: { cookie: ada.cookie }, payload });
    const cases = [
      { name: '', scopes: ['read'] },
      { name: 'x'.repeat(101), scopes: ['read'] },
      { name: 'a', scopes: [] },
      { name: 'a', scopes: ['admin'] },
      { name: 'a', scopes: ['read', 'read'] },
      { name: 'a', scopes: ['read'], expiresAt: new Date(Date.now() - 60_000).toISOString() },
      { name: 'a', scopes: ['read'], expiresAt: 'tomorrow' },
      { name: 'a', scopes: ['read'], extra: true },
    ];
    for (const payload of cases) expect((await post(payload)).statusCode, JSON.stringify(payload)).toBe(400);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const ok = await post({ name: '  Sheet  ', scopes: ['read'], expiresAt: future });
    expect(ok.statusCode).toBe(201);
    expect(ok.json<CreatedApiKey>()).toMatchObject({ name: 'Sheet', expiresAt: future });
  });

  it('lets every member read the list, and only Full Access create and revoke', async () => {
    const ada = await person();
    const key = await createKey(ada);
    const mia = await person();
    await t.handle.db
      .insert(workspaceMembers)
      .values({ workspaceId: ada.workspaceId, userId: mia.userId, role: 'member', lastUsedAt: new Date() });
    const headers = { cookie: mia.cookie, [WORKSPACE_HEADER]: ada.workspaceId };
    const list = await t.app.inject({ url: apiPaths.apiKeys, headers });
    expect(list.json<ApiKey[]>().map((k) => k.id)).toEqual([key.id]);
    const create = await t.app.inject({
      method: 'POST',
      url: apiPaths.apiKeys,
      headers,
      payload: { name: 'Mine', scopes: ['read'] },
    });
    expect(create.statusCode).toBe(403);
    expect(errorOf(create).message).toBe(workspaceMessages.fullAccessOnly);
    const revoke = await t.app.inject({ method: 'DELETE', url: withId(apiPaths.apiKey, key.id), headers });
    expect(revoke.statusCode).toBe(403);
  });

  it('revokes a key of the workspace once, and answers 404 for another workspace’s key', async () => {
    const ada = await person();
    const bob = await person();
    const key = await createKey(ada, { name: 'CRM' });
    const theirs = await t.app.inject({
      method: 'DELETE',
      url: withId(apiPaths.apiKey, key.id),
      headers: { cookie: bob.cookie },
    });
    expect(theirs.statusCode).toBe(404);

    const revoke = () =>
      t.app.inject({
        method: 'DELETE',
        url: withId(apiPaths.apiKey, key.id),
        headers: { cookie: ada.cookie },
      });
    const first = await revoke();
    expect(first.statusCode).toBe(200);
    expect(first.json<ApiKey>().revokedAt).not.toBeNull();
    expect((await revoke()).json<ApiKey>().revokedAt).toBe(first.json<ApiKey>().revokedAt);
    const log = (
      await t.app.inject({ url: apiPaths.activity, headers: { cookie: ada.cookie } })
    ).json<ActivityPage>();
    expect(log.items.map((e) => [e.kind, e.subject])).toEqual([
      ['api_key.revoked', 'CRM'],
      ['api_key.created', 'CRM'],
    ]);
  });
});

describe('requests with an API key', () => {
  it('lists and creates as its creator, in its own workspace, under /api and /api/v1', async () => {
    const ada = await person();
    const bob = await person();
    const key = await createKey(ada, { name: 'Sheet' });
    await createManualCampaign(t.app, ada.cookie, { name: 'Bikes' });

    const list = await withKey(key.secret, { url: '/api/v1/campaigns' });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ items: { name: string }[] }>().items.map((c) => c.name)).toEqual(['Bikes']);
    // A key names its workspace: a header naming another one changes nothing.
    const elsewhere = await withKey(key.secret, {
      url: apiPaths.campaigns,
      headers: { [WORKSPACE_HEADER]: bob.workspaceId },
    });
    expect(elsewhere.json<{ items: { name: string }[] }>().items.map((c) => c.name)).toEqual(['Bikes']);

    const created = await withKey(key.secret, {
      method: 'POST',
      url: '/api/v1/campaigns',
      payload: { ...newCampaign, name: 'Trains' },
    });
    expect(created.statusCode).toBe(201);
    const log = (
      await t.app.inject({ url: apiPaths.activity, headers: { cookie: ada.cookie } })
    ).json<ActivityPage>();
    expect(log.items[0]).toMatchObject({
      kind: 'campaign.created',
      subject: 'Trains',
      actor: 'Ada Lovelace',
      actorId: ada.userId,
      apiKey: 'Sheet',
    });

    const listed = (await t.app.inject({ url: apiPaths.apiKeys, headers: { cookie: ada.cookie } })).json<
      ApiKey[]
    >();
    expect(listed[0]!.lastUsedAt).not.toBeNull();
  });

  it('is refused with 401 at the next request once revoked, expired, or its creator left', async () => {
    const ada = await person();
    const revoked = await createKey(ada);
    expect((await withKey(revoked.secret, { url: apiPaths.campaigns, ip: '10.0.1.1' })).statusCode).toBe(200);
    await t.app.inject({
      method: 'DELETE',
      url: withId(apiPaths.apiKey, revoked.id),
      headers: { cookie: ada.cookie },
    });
    const afterRevoke = await withKey(revoked.secret, { url: apiPaths.campaigns, ip: '10.0.1.1' });
    expect(afterRevoke.statusCode).toBe(401);
    expect(errorOf(afterRevoke)).toEqual({ code: 'UNAUTHORIZED', message: apiKeyMessages.revokedKey });

    const expired = await createKey(ada);
    await t.handle.db.execute(
      sql`update api_keys set expires_at = now() - interval '1 second' where id = ${expired.id}`,
    );
    const afterExpiry = await withKey(expired.secret, { url: apiPaths.campaigns, ip: '10.0.1.1' });
    expect(afterExpiry.statusCode).toBe(401);
    expect(errorOf(afterExpiry).message).toBe(apiKeyMessages.expiredKey);

    const unknown = await withKey(`lp_${'x'.repeat(32)}`, { url: apiPaths.campaigns, ip: '10.0.1.1' });
    expect(errorOf(unknown)).toEqual({ code: 'UNAUTHORIZED', message: apiKeyMessages.invalid });
    expect((await withKey('not-a-key', { url: apiPaths.campaigns, ip: '10.0.1.1' })).statusCode).toBe(401);

    // A member who leaves takes their keys' power with them.
    const owner = await person();
    const mia = await person();
    await t.handle.db
      .insert(workspaceMembers)
      .values({ workspaceId: owner.workspaceId, userId: mia.userId, role: 'full', lastUsedAt: new Date() });
    // Without a header Mia acts in the workspace she used last: the owner's.
    const miasKey = await createKey(mia, { name: 'Mia' });
    expect((await withKey(miasKey.secret, { url: apiPaths.campaigns, ip: '10.0.1.1' })).statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: withId(apiPaths.user, mia.userId),
      headers: { cookie: owner.cookie },
    });
    expect(removed.statusCode).toBe(200);
    const afterLeaving = await withKey(miasKey.secret, { url: apiPaths.campaigns, ip: '10.0.1.1' });
    expect(afterLeaving.statusCode).toBe(401);
    expect(errorOf(afterLeaving).message).toBe(apiKeyMessages.creatorLeft);
  });

  it('keeps to its scopes: a read key cannot write, a write key cannot read', async () => {
    const ada = await person();
    const reader = await createKey(ada, { scopes: ['read'] });
    const writer = await createKey(ada, { scopes: ['write'] });
    expect((await withKey(reader.secret, { url: apiPaths.campaigns })).statusCode).toBe(200);
    const post = await withKey(reader.secret, {
      method: 'POST',
      url: apiPaths.campaigns,
      payload: newCampaign,
    });
    expect(post.statusCode).toBe(403);
    expect(errorOf(post)).toEqual({ code: 'FORBIDDEN', message: apiKeyMessages.readOnly });
    const read = await withKey(writer.secret, { url: apiPaths.campaigns });
    expect(read.statusCode).toBe(403);
    expect(errorOf(read).message).toBe(apiKeyMessages.writeOnly);
    expect(
      (await withKey(writer.secret, { method: 'POST', url: apiPaths.campaigns, payload: newCampaign }))
        .statusCode,
    ).toBe(201);
  });

  it('answers 404 for another workspace’s campaign', async () => {
    const ada = await person();
    const bob = await person();
    const campaign = await createManualCampaign(t.app, ada.cookie);
    const bobs = await createKey(bob);
    const read = await withKey(bobs.secret, { url: withId(apiPaths.campaign, campaign.id) });
    expect(read.statusCode).toBe(404);
    const patch = await withKey(bobs.secret, {
      method: 'PATCH',
      url: `/api/v1/campaigns/${campaign.id}`,
      payload: { status: 'active' },
    });
    expect(patch.statusCode).toBe(404);
  });
});

describe('the public API’s surface', () => {
  it('answers every route under /api/v1 too, and leaves other paths alone', async () => {
    expect((await t.app.inject({ url: '/api/v1/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/campaigns' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v10/health' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/v1x/health' })).statusCode).toBe(404);
  });

  it('declares both ways in and the stability promise in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: `${apiPaths.docs}/json` })).json<{
      info: { description: string };
      components: { securitySchemes: Record<string, Record<string, string>> };
      security: Record<string, string[]>[];
      paths: Record<string, unknown>;
    }>();
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'better-auth.session_token',
    });
    expect(doc.security).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);
    expect(doc.info.description).toContain('/api/v1');
    expect(doc.info.description).toContain('fields are only ever added');
    // Public routes need nothing; session-only routes take the cookie alone; the rest either.
    const security = (path: string, method: string) =>
      (doc.paths[path] as Record<string, { security?: unknown }>)[method]!.security;
    expect(security(apiPaths.health, 'get')).toEqual([]);
    expect(security(apiPaths.apiKeys, 'get')).toEqual([{ sessionCookie: [] }]);
    expect(security(apiPaths.campaigns, 'get')).toBeUndefined();
  });
});

describe('key rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ API_KEY_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => limited.close());

  it('counts each key’s requests a minute, says so in RateLimit-* headers, and answers 429 past the limit', async () => {
    const { cookie } = await signUpUser(limited.app);
    const make = async () =>
      (
        await limited.app.inject({
          method: 'POST',
          url: apiPaths.apiKeys,
          headers: { cookie },
          payload: { name: 'k', scopes: ['read'] },
        })
      ).json<CreatedApiKey>().secret;
    const [one, two] = [await make(), await make()];
    const call = (secret: string) =>
      limited.app.inject({ url: apiPaths.campaigns, headers: { authorization: `Bearer ${secret}` } });
    for (let i = 1; i <= 3; i++) {
      const ok = await call(one);
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['ratelimit-limit']).toBe('3');
      expect(ok.headers['ratelimit-remaining']).toBe(String(3 - i));
      expect(Number(ok.headers['ratelimit-reset'])).toBeGreaterThan(0);
      expect(Number(ok.headers['ratelimit-reset'])).toBeLessThanOrEqual(60);
    }
    const refused = await call(one);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toEqual({ code: 'RATE_LIMITED', message: apiKeyMessages.rateLimited });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    // Refusals (scope, session-only) carry the headers too.
    const other = await limited.app.inject({
      method: 'POST',
      url: apiPaths.campaigns,
      headers: { authorization: `Bearer ${two}` },
      payload: {},
    });
    expect(other.statusCode).toBe(403);
    expect(other.headers['ratelimit-remaining']).toBe('2');
    // Each key has its own allowance.
    expect((await call(two)).statusCode).toBe(200);
  });

  it('answers 429 to a client past 20 failed key lookups a minute, and only to that client', async () => {
    const guess = (ip: string, n: number) =>
      limited.app.inject({
        url: apiPaths.campaigns,
        remoteAddress: ip,
        headers: { authorization: `Bearer lp_${String(n).padStart(32, '0')}` },
      });
    for (let i = 0; i < API_KEY_FAILURES_PER_MINUTE; i++)
      expect((await guess('10.9.9.9', i)).statusCode).toBe(401);
    const blocked = await guess('10.9.9.9', 99);
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked)).toEqual({ code: 'RATE_LIMITED', message: apiKeyMessages.tooManyInvalid });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await guess('10.9.9.10', 1)).statusCode).toBe(401);
  });
});
