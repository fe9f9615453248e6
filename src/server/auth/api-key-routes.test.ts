import type * as FastifyModule from 'fastify';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPaths, withId } from '../../shared/paths';
import { apiKeyMessages, type CreatedApiKey } from '../../shared/schemas/api-keys';
import { signUpAdmin } from '../testing/admin';
import { createTestApp, type TestApp } from '../testing/app';
import { API_KEY_ROUTES } from './api-key-routes';

/**
 * API keys work on the public API's routes only (docs/decisions/025-public-api-and-webhooks.md):
 * every route the app registers is walked, so a route added later is refused until listed.
 */

/**
 * Every route as Fastify registered it (method, url), recorded by an onRoute hook on the app; a
 * route that reads a Bearer token of its own (/metrics, observability/metrics.test.ts) is left out.
 */
const registered = vi.hoisted(() => [] as { method: string; url: string }[]);
vi.mock('fastify', async (importOriginal) => {
  const fastify = await importOriginal<typeof FastifyModule>();
  const recording = ((options?: object) =>
    fastify.default(options).addHook('onRoute', (route) => {
      if (route.config?.ownBearerToken) return;
      for (const method of [route.method].flat()) registered.push({ method, url: route.url });
    })) as unknown as typeof fastify.default;
  return { ...fastify, default: recording };
});

let t: TestApp;
let admin: { cookie: string };
let key: string;
beforeAll(async () => {
  // Every listed route is called twice with the key; the per-key limit has its own test.
  t = await createTestApp({ API_KEY_RATE_LIMIT_PER_MINUTE: '100000' });
  admin = await signUpAdmin(t.app, t.handle.db);
  const created = await t.app.inject({
    method: 'POST',
    url: apiPaths.apiKeys,
    headers: { cookie: admin.cookie },
    payload: { name: 'Everything', scopes: ['read', 'write'] },
  });
  key = created.json<CreatedApiKey>().secret;
});
afterAll(() => t.close());

const withKey = (app: FastifyInstance, options: InjectOptions) =>
  app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${key}` } });

const refusal = { error: { code: 'FORBIDDEN', message: apiKeyMessages.sessionOnly } };
const id = '00000000-0000-4000-8000-000000000000';
const v1 = (url: string) => url.replace(/^\/api\//, '/api/v1/');

describe('routes that take an API key', () => {
  it('refuses the key of an ADMIN_EMAILS user on the blog admin, contact messages and uploads; their session may', async () => {
    const post = {
      title: 'By key',
      slug: 'by-key',
      excerpt: 'x',
      content: 'x',
      categories: [],
      imageUrl: null,
      published: true,
    };
    const boundary = 'b';
    const upload = {
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nx\r\n--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
    const attempts: InjectOptions[] = [
      { method: 'POST', url: apiPaths.imageUploads, ...upload },
      { method: 'GET', url: apiPaths.contactMessages },
      { method: 'GET', url: apiPaths.blogAdminPosts },
      { method: 'POST', url: apiPaths.blogPosts, payload: post },
      { method: 'PUT', url: withId(apiPaths.blogAdminPostPublished, id), payload: { published: true } },
    ];
    for (const attempt of attempts) {
      for (const url of [attempt.url as string, v1(attempt.url as string)]) {
        const response = await withKey(t.app, { ...attempt, url });
        expect({ url, status: response.statusCode, body: response.json() }).toEqual({
          url,
          status: 403,
          body: refusal,
        });
      }
    }
    const drafts = await t.app.inject({ url: apiPaths.blogAdminPosts, headers: { cookie: admin.cookie } });
    expect(drafts.statusCode).toBe(200);
    const created = await t.app.inject({
      method: 'POST',
      url: apiPaths.blogPosts,
      headers: { cookie: admin.cookie },
      payload: post,
    });
    expect(created.statusCode).toBe(201);
  });

  it('refuses a valid key on every registered route not in API_KEY_ROUTES, and takes it on every listed one', async () => {
    expect(registered.length).toBeGreaterThan(100);
    const refused: string[] = [];
    const taken: string[] = [];
    for (const { method, url: pattern } of registered) {
      const url = pattern.replace(/:\w+/g, id).replace('*', 'x');
      const listed = Object.hasOwn(API_KEY_ROUTES, pattern);
      for (const path of listed || pattern.startsWith('/api/') ? [url, v1(url)] : [url]) {
        const response = await withKey(t.app, { method: method as 'GET', url: path });
        const isRefusal =
          response.statusCode === 403 &&
          (method === 'HEAD' || response.json<typeof refusal>().error.message === refusal.error.message);
        // A key is either refused as such, or read: a wrong key would answer 401 wherever it is read.
        expect(response.statusCode, `${method} ${path}`).not.toBe(401);
        (isRefusal ? refused : taken).push(`${method} ${pattern}`);
      }
    }
    const expected = registered.map(({ method, url }) => `${method} ${url}`);
    const accepted = expected.filter((route) => {
      const [method, url] = route.split(' ') as [string, string];
      return (API_KEY_ROUTES[url] ?? []).includes(method === 'HEAD' ? 'GET' : (method as 'GET'));
    });
    expect(new Set(taken)).toEqual(new Set(accepted));
    expect(new Set(refused)).toEqual(new Set(expected.filter((route) => !accepted.includes(route))));
    // The person's routes and the admin's are among the refused ones.
    for (const route of [
      `GET ${apiPaths.me}`,
      `POST ${apiPaths.changePassword}`,
      `GET ${apiPaths.accountSessions}`,
      `POST ${apiPaths.apiKeys}`,
      `POST ${apiPaths.invitations}`,
      `GET ${apiPaths.events}`,
      `POST ${apiPaths.imageUploads}`,
      `GET ${apiPaths.contactMessages}`,
      `PUT ${apiPaths.blogAdminPostPublished}`,
    ]) {
      expect(refused).toContain(route);
    }
  });

  it('lists only routes that exist, with methods they answer', () => {
    const routes = new Set(registered.map(({ method, url }) => `${method} ${url}`));
    const listed = Object.entries(API_KEY_ROUTES).flatMap(([url, methods]) =>
      methods.map((method) => `${method} ${url}`),
    );
    expect(listed.filter((route) => !routes.has(route))).toEqual([]);
  });

  it('refuses any bearer token off the list without looking it up, keeps 404s, and ignores other schemes', async () => {
    // Unknown keys answer 401 where keys are read; off the list nothing is read, so nothing is learnt.
    const unknown = await t.app.inject({
      url: apiPaths.blogAdminPosts,
      headers: { authorization: `Bearer lp_${'x'.repeat(32)}` },
    });
    expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({ status: 403, body: refusal });
    expect((await withKey(t.app, { url: '/api/v1/nothing-here' })).statusCode).toBe(404);
    const basic = await t.app.inject({ url: apiPaths.health, headers: { authorization: 'Basic eDp5' } });
    expect(basic.statusCode).toBe(200);
    const blog = await t.app.inject({
      url: apiPaths.blogAdminPosts,
      headers: { authorization: 'Basic eDp5', cookie: admin.cookie },
    });
    expect(blog.statusCode).toBe(200);
  });

  it('asks for the session cookie in the OpenAPI document wherever a key is refused', async () => {
    const doc = (await t.app.inject({ url: `${apiPaths.docs}/json` })).json<{
      paths: Record<string, Record<string, { security?: unknown }>>;
    }>();
    const cookieOnly = [{ sessionCookie: [] }];
    expect(doc.paths['/api/blog/admin/posts']!.get!.security).toEqual(cookieOnly);
    expect(doc.paths[apiPaths.imageUploads]!.post!.security).toEqual(cookieOnly);
    expect(doc.paths[apiPaths.contactMessages]!.get!.security).toEqual(cookieOnly);
    expect(doc.paths[apiPaths.apiKeys]!.get!.security).toEqual(cookieOnly);
    expect(doc.paths[apiPaths.campaigns]!.get!.security).toBeUndefined();
    expect(doc.paths[apiPaths.health]!.get!.security).toEqual([]);
  });
});
