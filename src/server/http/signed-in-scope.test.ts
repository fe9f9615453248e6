import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, withId } from '../../shared/paths';
import { PROSPECT_IMPORT_BATCH } from '../../shared/schemas/prospect-import';
import { workspaceMessages } from '../../shared/roles';
import type { Me } from '../../shared/schemas/auth';
import { BODY_LIMIT_BYTES } from '../app';
import { WORKSPACE_HEADER } from '../auth/workspaces';
import { workspaceMembers } from '../db/schema/workspaces';
import { createSignedInApp, signUpUser, type TestApp } from '../testing/app';
import { createManualCampaign } from '../testing/campaigns';
import { MAX_JSON_DEPTH, nestsDeeperThan, tooDeepMessage } from './json-depth';

/**
 * The signed-in scope and body limits (docs/decisions/003-auth-sessions-and-rate-limits.md,
 * "Signed-in scope"): a visitor is refused before any body is read; signed-in bodies are bounded
 * in size, nesting depth and array lengths.
 */
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  ({ t, cookie } = await createSignedInApp());
});
afterAll(() => t.close());

const MB = 1024 * 1024;
/** `{"a":[[[…` of about `bytes` bytes, never closed: too deep, and not even valid JSON. */
const deepBody = (bytes: number) => `{"a":${'['.repeat(bytes - 5)}`;

/** The API routes a visitor may call; every other documented route must answer 401 unsigned. */
const publicRoutes = new Set([
  'GET /api/health',
  'POST /api/auth/sign-up/email',
  'POST /api/auth/sign-in/email',
  'POST /api/auth/sign-out',
  'GET /api/auth/verify-email',
  'POST /api/auth/sign-in-link',
  'GET /api/auth/sign-in-link/verify',
  'POST /api/sso/start',
  'GET /api/sso/callback',
  'GET /api/blog/posts',
  'GET /api/blog/posts/{slug}',
  'GET /api/blog/categories',
  'POST /api/contact',
  'GET /api/invitations/preview/{token}',
  // Two-factor sign-in's code step and passkey sign-in (docs/decisions/031-two-factor-and-passkeys.md).
  'POST /api/auth/two-factor/verify',
  'GET /api/auth/passkey/options',
  'POST /api/auth/passkey/sign-in',
]);

describe('signed-in scope', () => {
  it('answers 401 to a visitor on every route but the public ones', async () => {
    const doc = (await t.app.inject({ url: `${apiPaths.docs}/json` })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const open: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const method of Object.keys(methods)) {
        const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
        const response = await t.app.inject({ method: method.toUpperCase() as 'GET', url });
        if (response.statusCode !== 401) open.push(`${method.toUpperCase()} ${path}`);
        else expect(response.json().error.code).toBe('UNAUTHORIZED');
      }
    }
    expect(open.sort()).toEqual([...publicRoutes].sort());
  });

  it('refuses a visitor before reading the body: a huge, too deep, invalid body still gets 401', async () => {
    // Read, this body would be 413 (over every limit), 400 (too deep) or 400 (invalid JSON).
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.campaigns,
      headers: { 'content-type': 'application/json' },
      payload: deepBody(9.6 * MB),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHORIZED');
    // Past the route's own body limit the connection is closed instead of drained…
    expect(response.headers.connection).toBe('close');
    // …within it, the body is drained and the connection kept, so the client surely reads the 401.
    const within = await t.app.inject({
      method: 'POST',
      url: apiPaths.campaigns,
      headers: { 'content-type': 'application/json' },
      payload: deepBody(2 * MB),
    });
    expect(within.statusCode).toBe(401);
    expect(within.headers.connection).not.toBe('close');
    // Nor is the content type looked at: a visitor learns nothing about what the route takes.
    const plain = await t.app.inject({
      method: 'POST',
      url: apiPaths.campaigns,
      headers: { 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(plain.statusCode).toBe(401);
  });

  it('still refuses a member on an admin route, and lets a visitor use the public ones', async () => {
    const member = await t.app.inject({ url: apiPaths.blogAdminPosts, headers: { cookie } });
    expect(member.statusCode).toBe(403);
    expect((await t.app.inject({ url: apiPaths.health })).statusCode).toBe(200);
    expect((await t.app.inject({ url: apiPaths.blogPosts })).statusCode).toBe(200);
  });
});

describe('body limits', () => {
  it('answers 413 to a signed-in JSON body over 1 MB', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.sequences,
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(BODY_LIMIT_BYTES), steps: [] }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('lets the import route take a batch larger than 1 MB', async () => {
    const campaign = await createManualCampaign(t.app, cookie);
    const prospects = Array.from({ length: PROSPECT_IMPORT_BATCH }, (_, i) => ({
      website: `site${i}.com`,
      notes: 'n'.repeat(2000),
    }));
    const payload = JSON.stringify({ prospects });
    expect(payload.length).toBeGreaterThan(BODY_LIMIT_BYTES);
    const response = await t.app.inject({
      method: 'POST',
      url: withId(apiPaths.campaignProspects, campaign.id),
      headers: { cookie, 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().added).toBe(PROSPECT_IMPORT_BATCH);
  });

  it('answers 400 with a clear message to a body nested too deeply', async () => {
    const nested = `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`;
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.sequences,
      headers: { cookie, 'content-type': 'application/json' },
      payload: `{"name":"Seq","steps":${nested}}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code: 'INVALID_JSON', message: tooDeepMessage });

    const big = await t.app.inject({
      method: 'POST',
      url: apiPaths.sequences,
      headers: { cookie, 'content-type': 'application/json' },
      payload: deepBody(BODY_LIMIT_BYTES - 1024),
    });
    expect(big.statusCode).toBe(400);
    expect(big.json().error.message).toBe(tooDeepMessage);
  });

  it('keeps prototype-poisoning protection', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.sequences,
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{"name":"Seq","steps":[],"__proto__":{"admin":true}}',
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers 400 to an array longer than its schema allows', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: apiPaths.sendingSettings,
      headers: { cookie },
      payload: {
        postalAddress: null,
        timeZone: 'UTC',
        sendWindowDays: [1, 2, 3, 4, 5, 6, 7, 1],
        sendWindowStartHour: 8,
        sendWindowEndHour: 18,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
  });
});

describe('the request’s workspace', () => {
  const me = async (cookie: string, workspaceId?: string) => {
    const headers: Record<string, string> = { cookie };
    if (workspaceId !== undefined) headers[WORKSPACE_HEADER] = workspaceId;
    return t.app.inject({ url: apiPaths.me, headers });
  };

  /** Ann and Bob, signed up separately; Bob also joins Ann's workspace as a member. */
  async function annAndBob() {
    const ann = await signUpUser(t.app, { companyName: 'Ann Co' });
    const bob = await signUpUser(t.app, { companyName: 'Bob Co' });
    const annMe = (await me(ann.cookie)).json<Me>();
    const bobMe = (await me(bob.cookie)).json<Me>();
    await t.handle.db
      .insert(workspaceMembers)
      .values({ workspaceId: annMe.workspace.id, userId: bobMe.id, role: 'member', lastUsedAt: new Date(0) });
    return { ann: { ...ann, workspace: annMe.workspace }, bob: { ...bob, workspace: bobMe.workspace } };
  }

  it('acts on the workspace X-Workspace-Id names, else on the one used last', async () => {
    const { ann, bob } = await annAndBob();
    expect(bob.workspace).toEqual({ id: expect.any(String), name: 'Bob Co', role: 'full' });

    const own = (await me(bob.cookie)).json<Me>();
    expect(own.workspace).toEqual(bob.workspace);
    expect(own.role).toBe('full');
    expect(own.workspaces).toEqual(
      expect.arrayContaining([bob.workspace, { ...ann.workspace, role: 'member' }]),
    );
    expect(own.workspaces).toHaveLength(2);

    const inAnns = (await me(bob.cookie, ann.workspace.id)).json<Me>();
    expect(inAnns.workspace).toEqual({ id: ann.workspace.id, name: 'Ann Co', role: 'member' });
    expect(inAnns.role).toBe('member');

    // What Bob creates in Ann's workspace is hers to see, and not in his own.
    const created = await t.app.inject({
      method: 'POST',
      url: apiPaths.campaigns,
      headers: { cookie: bob.cookie, [WORKSPACE_HEADER]: ann.workspace.id },
      payload: {
        type: 'manual',
        name: 'Shared',
        websiteUrl: 'https://mysite.com',
        competitors: [],
        prospects: [{ website: 'alpha.com' }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const campaignUrl = withId(apiPaths.campaign, created.json().id);
    expect((await t.app.inject({ url: campaignUrl, headers: { cookie: ann.cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: campaignUrl, headers: { cookie: bob.cookie } })).statusCode).toBe(404);
  });

  it('remembers the workspace switched to for the requests without a header', async () => {
    const { ann, bob } = await annAndBob();
    const switched = await t.app.inject({
      method: 'PUT',
      url: apiPaths.activeWorkspace,
      headers: { cookie: bob.cookie },
      payload: { workspaceId: ann.workspace.id },
    });
    expect(switched.statusCode).toBe(200);
    expect(switched.json<Me>().workspace).toEqual({ ...ann.workspace, role: 'member' });
    expect((await me(bob.cookie)).json<Me>().workspace).toEqual({ ...ann.workspace, role: 'member' });

    // Ann's own workspace is not Bob's to switch to the other way round.
    const refused = await t.app.inject({
      method: 'PUT',
      url: apiPaths.activeWorkspace,
      headers: { cookie: ann.cookie },
      payload: { workspaceId: bob.workspace.id },
    });
    expect(refused.statusCode).toBe(404);
    expect((await me(ann.cookie)).json<Me>().workspace).toEqual(ann.workspace);
  });

  it('answers 403 NOT_A_MEMBER to a header naming a workspace the user does not belong to', async () => {
    const { ann, bob } = await annAndBob();
    for (const named of [bob.workspace.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await me(ann.cookie, named);
      expect(response.statusCode, named).toBe(403);
      expect(response.json().error).toEqual({ code: 'NOT_A_MEMBER', message: workspaceMessages.notMember });
    }
    // An empty header is no header.
    expect((await me(ann.cookie, '')).json<Me>().workspace).toEqual(ann.workspace);
  });
});

describe('nesting scan', () => {
  it('counts brackets outside strings only', () => {
    const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    expect(nestsDeeperThan(deep(32), 32)).toBe(false);
    expect(nestsDeeperThan(deep(33), 32)).toBe(true);
    expect(nestsDeeperThan(`["${'['.repeat(100)}"]`, 32)).toBe(false);
    expect(nestsDeeperThan(`["\\"${'{'.repeat(100)}"]`, 32)).toBe(false);
    expect(nestsDeeperThan(`["\\\\"${'{'.repeat(40)}`, 32)).toBe(true);
    expect(nestsDeeperThan(`[${'{"a":'.repeat(33)}1${'}'.repeat(33)}]`, 32)).toBe(true);
  });
});
