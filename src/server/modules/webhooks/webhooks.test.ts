import { eq } from 'drizzle-orm';
import { createHmac } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, withId, withQuery } from '../../../shared/paths';
import type { ActivityPage } from '../../../shared/schemas/activity';
import type { Me } from '../../../shared/schemas/auth';
import {
  WEBHOOK_DELIVERY_PAGE_SIZE,
  WEBHOOK_TESTS_PER_MINUTE,
  webhookMessages as m,
  type CreatedWebhook,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
  type WebhookTestResult,
} from '../../../shared/schemas/webhooks';
import { WORKSPACE_HEADER } from '../../auth/workspaces';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/webhooks';
import { workspaceMembers } from '../../db/schema/workspaces';
import { decryptSecret } from '../../secrets';
import { createTestApp, signUpUser, type TestApp } from '../../testing/app';
import { startWebhookReceiver, type WebhookReceiver } from '../../testing/webhook-receiver';
import { webhookSecretKey } from '../../webhooks/keys';

/**
 * Settings → Webhooks over the API (docs/product.md#webhooks): Full Access members add, change,
 * rotate and delete endpoints (URLs checked by the SSRF guard when saved); every member reads them
 * and their delivery logs, tests an endpoint against its real receiver and redelivers; another
 * workspace's endpoint reads as missing. The app may reach 127.0.0.1 only (CRAWL_ALLOW_PRIVATE),
 * where the test receiver listens.
 */
let t: TestApp;
let hooks: WebhookReceiver;
let owner: Person;
let member: Person;
let outsider: Person;

interface Person {
  cookie: string;
  userId: string;
  workspaceId: string;
}

async function person(): Promise<Person> {
  const { cookie } = await signUpUser(t.app);
  const me = (await t.app.inject({ url: apiPaths.me, headers: { cookie } })).json<Me>();
  return { cookie, userId: me.id, workspaceId: me.workspace.id };
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (who: Person, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: who.cookie, [WORKSPACE_HEADER]: who.workspaceId },
    ...(payload ? { payload } : {}),
  });
/** `member` acting in the owner's workspace. */
const asMember = (method: Method, url: string, payload?: object) =>
  call({ ...member, workspaceId: owner.workspaceId }, method, url, payload);
const errorOf = (response: LightMyRequestResponse) =>
  response.json<{ error: { code: string; message: string; issues?: { path: string; message: string }[] } }>()
    .error;

async function create(body: object = {}): Promise<CreatedWebhook> {
  const response = await call(owner, 'POST', apiPaths.webhooks, {
    url: hooks.url,
    description: 'CRM sync',
    events: ['prospect.status_changed', 'reply.received'],
    ...body,
  });
  if (response.statusCode !== 201) throw new Error(`create: ${response.statusCode} ${response.body}`);
  return response.json<CreatedWebhook>();
}

/** Whether the receiver's request `index` carries a valid signature of `secret` in both headers. */
function signedWith(secret: string, index: number): boolean {
  const { headers, body } = hooks.received[index]!;
  const id = String(headers['webhook-id']);
  const timestamp = String(headers['webhook-timestamp']);
  const standard = createHmac('sha256', Buffer.from(secret.slice(6), 'base64'))
    .update(`${id}.${timestamp}.${body}`)
    .digest('base64');
  const ours = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return (
    headers['webhook-signature'] === `v1,${standard}` &&
    headers['x-linkpilot-signature'] === `t=${timestamp},v1=${ours}`
  );
}

beforeAll(async () => {
  t = await createTestApp({ CRAWL_ALLOW_PRIVATE: '127.0.0.1', WEBHOOK_TIMEOUT_MS: '3000' });
  hooks = await startWebhookReceiver((request) =>
    request.path.includes('fail')
      ? { status: 410, body: 'gone' }
      : { status: 201, body: JSON.stringify({ received: true }) },
  );
  owner = await person();
  member = await person();
  outsider = await person();
  await t.handle.db
    .insert(workspaceMembers)
    .values({ workspaceId: owner.workspaceId, userId: member.userId, role: 'member' });
});
afterAll(async () => {
  await hooks?.close();
  await t?.close();
});

describe('endpoints', () => {
  it('adds an endpoint with a secret shown once and kept encrypted, lists it without the secret, and logs who did it', async () => {
    const created = await create();
    expect(created).toMatchObject({
      url: hooks.url,
      description: 'CRM sync',
      events: ['prospect.status_changed', 'reply.received'],
      status: 'active',
      failingSince: null,
      disabledAt: null,
      createdBy: 'Ada Lovelace',
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const list = await asMember('GET', apiPaths.webhooks);
    expect(list.statusCode).toBe(200);
    const listed = list.json<WebhookEndpoint[]>().find((e) => e.id === created.id);
    expect(listed).toBeDefined();
    expect(JSON.stringify(list.json())).not.toContain(created.secret);

    const [row] = await t.handle.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, created.id));
    expect(row!.secretEncrypted).not.toContain(created.secret.slice(6));
    expect(decryptSecret(webhookSecretKey(t.config.APP_SECRET!), row!.secretEncrypted)).toBe(created.secret);

    const activity = (await call(owner, 'GET', apiPaths.activity)).json<ActivityPage>();
    expect(activity.items[0]).toMatchObject({ kind: 'webhook.created', subject: hooks.url });
  });

  it('refuses a bad URL, no events and private addresses with field errors', async () => {
    const post = (body: object) =>
      call(owner, 'POST', apiPaths.webhooks, { url: hooks.url, events: ['reply.received'], ...body });
    const cases: [object, string, string][] = [
      [{ url: 'not a url' }, 'url', m.urlInvalid],
      [{ url: 'ftp://files.example/x' }, 'url', m.urlInvalid],
      [{ url: `https://example.com/${'a'.repeat(2000)}` }, 'url', m.urlTooLong],
      [{ events: [] }, 'events', m.eventsRequired],
      [{ events: ['reply.received', 'reply.received'] }, 'events', m.eventsRepeated],
      [{ url: 'http://169.254.169.254/latest/meta-data/' }, 'url', m.urlPrivate],
      [{ url: 'http://10.0.0.5/hook' }, 'url', m.urlPrivate],
      [{ url: 'http://192.168.1.20/hook' }, 'url', m.urlPrivate],
      [{ url: `http://127.0.0.2:${hooks.port}/hook` }, 'url', m.urlPrivate],
      [{ url: 'http://[::1]/hook' }, 'url', m.urlPrivate],
      // 127.0.0.1 is allowed in this app; its neighbour in every spelling is not.
      [{ url: `http://[::127.0.0.2]:${hooks.port}/hook` }, 'url', m.urlPrivate],
      [{ url: `http://[::ffff:127.0.0.2]:${hooks.port}/hook` }, 'url', m.urlPrivate],
      [{ url: `http://127.0.0.2.:${hooks.port}/hook` }, 'url', m.urlPrivate],
      [{ url: `http://2130706434:${hooks.port}/hook` }, 'url', m.urlPrivate],
      [{ url: 'http://[::10.0.0.5]/hook' }, 'url', m.urlPrivate],
    ];
    for (const [body, path, message] of cases) {
      const response = await post(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).issues).toContainEqual({ path, message });
    }
    expect(await t.handle.db.$count(webhookEndpoints, eq(webhookEndpoints.url, 'http://10.0.0.5/hook'))).toBe(
      0,
    );
    // Changing the URL is checked the same way.
    const created = await create();
    const patch = await call(owner, 'PATCH', withId(apiPaths.webhook, created.id), {
      url: 'http://169.254.169.254/',
    });
    expect(patch.statusCode).toBe(400);
    expect(errorOf(patch).issues).toContainEqual({ path: 'url', message: m.urlPrivate });
  });

  it('changes events and description, disables and re-enables, rotates the secret and deletes', async () => {
    const created = await create();
    const url = withId(apiPaths.webhook, created.id);
    const changed = await call(owner, 'PATCH', url, { events: ['live_link.lost'], description: 'Links' });
    expect(changed.json<WebhookEndpoint>()).toMatchObject({
      events: ['live_link.lost'],
      description: 'Links',
    });

    await t.handle.db
      .update(webhookEndpoints)
      .set({ failingSince: new Date('2026-11-20T00:00:00Z') })
      .where(eq(webhookEndpoints.id, created.id));
    expect((await call(owner, 'GET', url)).json<WebhookEndpoint>().status).toBe('failing');
    const off = (await call(owner, 'PATCH', url, { enabled: false })).json<WebhookEndpoint>();
    expect(off).toMatchObject({ status: 'disabled', disabledReason: m.disabledByMember });
    const on = (await call(owner, 'PATCH', url, { enabled: true })).json<WebhookEndpoint>();
    expect(on).toMatchObject({
      status: 'active',
      disabledAt: null,
      disabledReason: null,
      failingSince: null,
    });

    const rotated = await call(owner, 'POST', withId(apiPaths.webhookRotateSecret, created.id));
    expect(rotated.statusCode).toBe(200);
    const { secret } = rotated.json<{ secret: string }>();
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(created.secret);
    const before = hooks.received.length;
    await call(owner, 'POST', withId(apiPaths.webhookTest, created.id));
    expect(signedWith(secret, before)).toBe(true);
    expect(signedWith(created.secret, before)).toBe(false);

    const deleted = await call(owner, 'DELETE', url);
    expect(deleted.json()).toEqual({ ok: true });
    expect((await call(owner, 'GET', url)).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', url)).statusCode).toBe(404);
    const activity = (await call(owner, 'GET', apiPaths.activity)).json<ActivityPage>();
    expect(activity.items[0]).toMatchObject({ kind: 'webhook.deleted', subject: hooks.url });
  });

  it('lets a member read, test and redeliver, but not add, change, rotate or delete', async () => {
    const created = await create();
    const url = withId(apiPaths.webhook, created.id);
    expect((await asMember('GET', url)).statusCode).toBe(200);
    expect((await asMember('GET', withId(apiPaths.webhookDeliveries, created.id))).statusCode).toBe(200);
    expect((await asMember('POST', withId(apiPaths.webhookTest, created.id))).statusCode).toBe(200);
    for (const [method, path, body] of [
      ['POST', apiPaths.webhooks, { url: hooks.url, events: ['reply.received'] }],
      ['PATCH', url, { enabled: false }],
      ['POST', withId(apiPaths.webhookRotateSecret, created.id), undefined],
      ['DELETE', url, undefined],
    ] as const) {
      const response = await asMember(method, path, body);
      expect(response.statusCode, `${method} ${path}`).toBe(403);
      expect(errorOf(response).message).toBe(m.fullAccessOnly);
    }
    expect((await call(owner, 'GET', url)).json<WebhookEndpoint>().status).toBe('active');
  });

  it("answers 404 for another workspace's endpoint and delivery, changing nothing", async () => {
    const created = await create();
    const test = await call(owner, 'POST', withId(apiPaths.webhookTest, created.id));
    const { deliveryId } = test.json<WebhookTestResult>();
    const received = hooks.received.length;
    for (const [method, path, body] of [
      ['GET', withId(apiPaths.webhook, created.id), undefined],
      ['PATCH', withId(apiPaths.webhook, created.id), { enabled: false }],
      ['DELETE', withId(apiPaths.webhook, created.id), undefined],
      ['POST', withId(apiPaths.webhookRotateSecret, created.id), undefined],
      ['POST', withId(apiPaths.webhookTest, created.id), undefined],
      ['GET', withId(apiPaths.webhookDeliveries, created.id), undefined],
      ['POST', withId(apiPaths.webhookRedeliver, deliveryId), undefined],
    ] as const) {
      const response = await call(outsider, method, path, body);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
    }
    expect(hooks.received.length).toBe(received);
    expect((await call(outsider, 'GET', apiPaths.webhooks)).json()).toEqual([]);
    const after = (await call(owner, 'GET', withId(apiPaths.webhook, created.id))).json<WebhookEndpoint>();
    expect(after.status).toBe('active');
    expect(await t.handle.db.$count(webhookDeliveries, eq(webhookDeliveries.endpointId, created.id))).toBe(1);
  });
});

describe('test and delivery log', () => {
  it("sends the signed sample event, shows the receiver's answer, and logs it", async () => {
    const created = await create();
    const before = hooks.received.length;
    const response = await call(owner, 'POST', withId(apiPaths.webhookTest, created.id));
    expect(response.statusCode).toBe(200);
    const result = response.json<WebhookTestResult>();
    expect(result).toMatchObject({
      status: 'delivered',
      responseStatus: 201,
      responseBody: '{"received":true}',
    });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect(signedWith(created.secret, before)).toBe(true);
    expect(JSON.parse(hooks.received[before]!.body)).toMatchObject({
      type: 'webhook.test',
      workspaceId: owner.workspaceId,
      data: { endpointId: created.id },
    });

    const log = (
      await call(owner, 'GET', withId(apiPaths.webhookDeliveries, created.id))
    ).json<WebhookDeliveryPage>();
    expect(log.items).toHaveLength(1);
    expect(log.items[0]).toMatchObject({
      id: result.deliveryId,
      eventType: 'webhook.test',
      status: 'delivered',
      attempts: 1,
      responseStatus: 201,
      nextAttemptAt: null,
    });
  });

  it('reports a refusing receiver without retrying the test or marking the endpoint failing', async () => {
    const created = await create({ url: `${hooks.url}/fail` });
    const result = (
      await call(owner, 'POST', withId(apiPaths.webhookTest, created.id))
    ).json<WebhookTestResult>();
    expect(result).toMatchObject({ status: 'failed', responseStatus: 410, responseBody: 'gone' });
    const endpoint = (await call(owner, 'GET', withId(apiPaths.webhook, created.id))).json<WebhookEndpoint>();
    expect(endpoint).toMatchObject({ status: 'active', failingSince: null });
  });

  it('sends an endpoint at most WEBHOOK_TESTS_PER_MINUTE test events a minute', async () => {
    const created = await create();
    const before = hooks.received.length;
    const test = () => call(owner, 'POST', withId(apiPaths.webhookTest, created.id));
    for (let i = 0; i < WEBHOOK_TESTS_PER_MINUTE; i++) expect((await test()).statusCode).toBe(200);
    const refused = await test();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { code: 'RATE_LIMITED', message: m.testTooMany } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(hooks.received.length - before).toBe(WEBHOOK_TESTS_PER_MINUTE);
  });

  it('pages the log newest first with a keyset cursor, and redelivers an event with its id', async () => {
    const created = await create();
    const start = Date.parse('2026-11-26T10:00:00Z');
    await t.handle.db.insert(webhookDeliveries).values(
      Array.from({ length: WEBHOOK_DELIVERY_PAGE_SIZE + 5 }, (_, i) => ({
        endpointId: created.id,
        workspaceId: owner.workspaceId,
        eventId: crypto.randomUUID(),
        eventType: 'reply.received',
        payload: { n: i },
        status: 'delivered' as const,
        attempts: 1,
        responseStatus: 200,
        // Two deliveries share each instant: the cursor breaks the tie by id.
        createdAt: new Date(start + Math.floor(i / 2)),
      })),
    );
    const url = withId(apiPaths.webhookDeliveries, created.id);
    const first = (await asMember('GET', url)).json<WebhookDeliveryPage>();
    expect(first.items).toHaveLength(WEBHOOK_DELIVERY_PAGE_SIZE);
    expect(first.nextCursor).not.toBeNull();
    const second = (
      await asMember('GET', withQuery(url, { cursor: first.nextCursor! }))
    ).json<WebhookDeliveryPage>();
    expect(second.items).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const all = [...first.items, ...second.items];
    expect(new Set(all.map((d) => d.id)).size).toBe(WEBHOOK_DELIVERY_PAGE_SIZE + 5);
    const times = all.map((d) => Date.parse(d.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await asMember('GET', withQuery(url, { cursor: 'nonsense' }))).statusCode).toBe(400);

    const original = all[3]!;
    const again = await asMember('POST', withId(apiPaths.webhookRedeliver, original.id));
    expect(again.statusCode).toBe(201);
    expect(again.json<WebhookDelivery>()).toMatchObject({
      eventId: original.eventId,
      status: 'pending',
      attempts: 0,
    });
    const payloadOf = async (id: string) =>
      (await t.handle.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0]!.payload;
    expect(await payloadOf(again.json<WebhookDelivery>().id)).toEqual(await payloadOf(original.id));
    const newest = (await asMember('GET', url)).json<WebhookDeliveryPage>().items[0]!;
    expect(newest.id).toBe(again.json<WebhookDelivery>().id);

    await call(owner, 'PATCH', withId(apiPaths.webhook, created.id), { enabled: false });
    const refused = await asMember('POST', withId(apiPaths.webhookRedeliver, original.id));
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(m.redeliverDisabled);
  });
});
