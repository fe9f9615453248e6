import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { apiPaths } from '../../shared/paths';
import { BODY_LIMIT_BYTES } from '../app';
import { createTestApp, type TestApp } from '../testing/app';

let t: TestApp;
// A script large and repetitive enough that compression pays, as a real bundle's would.
const bundle = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i};`).join('\n');
// A shell with a skeleton, over the compression threshold as the real one is.
const shell = `<!doctype html><title>LinkPilot SPA</title>${'<div class="h-4 w-full rounded bg-slate-200"></div>'.repeat(40)}`;
const webRoot = mkdtempSync(path.join(tmpdir(), 'lp-web-'));
beforeAll(async () => {
  writeFileSync(path.join(webRoot, 'index.html'), shell);
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(path.join(webRoot, 'assets', 'app-1a2b.js'), bundle);
  t = await createTestApp({}, { webRoot });
});
afterAll(() => t.close());

const signUpPayload = {
  email: 'x@example.com',
  password: 'lamplight-42',
  firstName: 'A',
  lastName: 'B',
  companyName: 'C',
};

describe('bad input changes nothing and gets a clear error', () => {
  it('malformed JSON → 400 INVALID_JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.signUp,
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('INVALID_JSON');
  });

  it('oversized body → 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.signUp,
      payload: { ...signUpPayload, companyName: 'x'.repeat(BODY_LIMIT_BYTES) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: messages.generic.tooLarge });
  });

  it('wrong types → 400 VALIDATION_ERROR naming the field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.signIn,
      payload: { email: 42, password: ['secret'] },
    });
    expect(response.statusCode).toBe(400);
    const paths = response.json().error.issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['email', 'password']));
  });

  it('unknown fields → 400 VALIDATION_ERROR', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.signUp,
      payload: { ...signUpPayload, role: 'full' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/role/);
    const check = await t.app.inject({
      method: 'POST',
      url: apiPaths.signIn,
      payload: { email: signUpPayload.email, password: signUpPayload.password },
    });
    expect(check.statusCode).toBe(401); // the refused sign-up created no account
  });

  it('missing session → 401 UNAUTHORIZED', async () => {
    const response = await t.app.inject({ method: 'GET', url: apiPaths.me });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toEqual({ code: 'UNAUTHORIZED', message: messages.generic.unauthorized });
  });

  it('a body that is not a JSON object → 400 VALIDATION_ERROR', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.signIn,
      headers: { 'content-type': 'application/json' },
      payload: '"email=a"',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
  });
});

describe('API surface', () => {
  it('reports database status at /api/health', async () => {
    const response = await t.app.inject({ method: 'GET', url: apiPaths.health });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('serves an OpenAPI description at /api/docs that lists the routes', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${apiPaths.docs}/json` });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([apiPaths.signIn, apiPaths.signUp, apiPaths.me]),
    );
    expect((await t.app.inject({ method: 'GET', url: apiPaths.docs })).statusCode).toBeLessThan(400);
  });

  it('sends security headers and never exposes better-auth endpoints we do not wrap', async () => {
    const response = await t.app.inject({ method: 'GET', url: apiPaths.health });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    const hidden = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      payload: { name: 'x' },
    });
    expect(hidden.statusCode).toBe(404);
  });

  it('answers unknown API paths with a JSON 404 and client routes with the SPA', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('NOT_FOUND');
    const page = await t.app.inject({ method: 'GET', url: '/dashboard/campaigns/123' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('LinkPilot SPA');
    const post = await t.app.inject({ method: 'POST', url: '/dashboard' });
    expect(post.statusCode).toBe(404);
    expect(post.json().error.code).toBe('NOT_FOUND');
  });

  it('compresses pages, scripts and JSON for clients that accept it, and only for them', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.rawPayload).toString()).toBe(shell);

    const url = '/assets/app-1a2b.js';
    const brotli = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.rawPayload.length).toBeLessThan(bundle.length / 4);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(bundle);

    const openApi = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(openApi.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(openApi.rawPayload).toString()).openapi).toMatch(/^3\./);

    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bundle);
  });

  it('hides the details of unexpected errors', async () => {
    t.app.log.level = 'silent';
    const broken = await createTestApp();
    await broken.handle.close(); // every query now fails
    const response = await broken.app.inject({
      method: 'POST',
      url: apiPaths.signUp,
      payload: signUpPayload,
    });
    expect(response.statusCode).toBe(500);
    expect(response.json().error).toEqual({ code: 'INTERNAL', message: messages.generic.internal });
    expect(response.body).not.toMatch(/stack|pglite|closed|sql/i);
    await broken.app.close();
  });
});
