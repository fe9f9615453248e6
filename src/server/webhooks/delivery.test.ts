import { and, eq } from 'drizzle-orm';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookEventType } from '../../shared/schemas/webhook-events';
import { webhookMessages } from '../../shared/schemas/webhooks';
import type { DatabaseHandle } from '../db/client';
import { notifications } from '../db/schema/notifications';
import { webhookDeliveries, webhookEndpoints } from '../db/schema/webhooks';
import { listDeliveries, redeliver } from '../modules/webhooks/deliveries-service';
import { AddressPolicy } from '../net/ssrf-guard';
import { encryptSecret } from '../secrets';
import { createTestDatabase } from '../testing/database';
import { startFixtureWeb, type FixtureWeb } from '../testing/fixture-web';
import { insertTestUser } from '../testing/users';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver';
import { deleteOldDeliveries } from './cleanup';
import { WebhookClient, type WebhookClientSettings } from './client';
import { emit as emitEvent } from '../events/emit';
import { webhookSecretKey } from './keys';
import { deliverDueWebhooks } from './run';
import { UNRECORDED_ATTEMPTS_REASON, WEBHOOK_MAX_CLAIMS } from './claim';
import { newWebhookSecret } from './signing';

/**
 * Webhook delivery end to end (docs/product.md#webhooks, docs/decisions/025-public-api-and-webhooks.md):
 * events written to the outbox, posted by the delivery run to real HTTP receivers on 127.0.0.1,
 * signed, retried, timed out, refused by the SSRF guard, and endpoints disabled after days of
 * failures. Time moves by the run's clock, never by sleeping.
 */
const DAY = 86_400_000;
const secretKey = webhookSecretKey('test-secret-test-secret-test-secret-0123456789');
let handle: DatabaseHandle;
let workspaceId: string;
let userId: string;
let fixture: FixtureWeb;
const receivers: WebhookReceiver[] = [];
const clients: WebhookClient[] = [];

beforeAll(async () => {
  handle = await createTestDatabase();
  ({ workspaceId, id: userId } = await insertTestUser(handle.db, {
    name: 'Ada',
    email: 'hooks@example.com',
  }));
  // A public-looking web (any host name, answered through this proxy) whose hooks redirect inwards.
  fixture = await startFixtureWeb((host, path) => {
    if (host !== 'hooks.partner.test') return undefined;
    const query = new URL(path, 'http://x').searchParams;
    const to = query.get('to');
    return to ? { status: Number(query.get('status') ?? 307), headers: { location: to } } : undefined;
  });
});
afterEach(async () => {
  // Each test's endpoints go (their deliveries with them), so no delivery of one is due in the next.
  await handle.db.delete(webhookEndpoints);
  await Promise.all(receivers.splice(0).map((r) => r.close()));
  await Promise.all(clients.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await fixture.close();
  await handle.close();
});

async function receiver(...args: Parameters<typeof startWebhookReceiver>) {
  const started = await startWebhookReceiver(...args);
  receivers.push(started);
  return started;
}

function client(settings: Partial<WebhookClientSettings> = {}) {
  const made = new WebhookClient({
    timeoutMs: 5_000,
    allowPrivate: ['127.0.0.1'],
    proxy: { httpProxy: '', httpsProxy: '', noProxy: '' },
    ...settings,
  });
  clients.push(made);
  return made;
}

/** An endpoint of the workspace with a fresh secret, stored as the API stores it. */
async function endpoint(url: string, events: WebhookEventType[] = ['prospect.found']) {
  const secret = newWebhookSecret();
  const [row] = await handle.db
    .insert(webhookEndpoints)
    .values({
      workspaceId,
      createdBy: userId,
      url,
      events,
      secretEncrypted: encryptSecret(secretKey, secret),
    })
    .returning();
  return { ...row!, secret };
}

/** A prospect.found event's data. */
function foundData(data: Record<string, unknown> = {}) {
  return {
    prospectId: crypto.randomUUID(),
    campaignId: crypto.randomUUID(),
    campaignName: 'Bikes',
    runId: crypto.randomUUID(),
    website: 'https://blog.example',
    domain: 'blog.example',
    email: 'ann@blog.example',
    customFields: {},
    contactName: 'Ann',
    daScore: 40,
    relevanceScore: 0.8,
    opportunityType: 'guest-post',
    sourcePageUrl: null,
    ...data,
  };
}

/** Emits one prospect.found event in a transaction, as discovery does. */
function emit(data: Record<string, unknown> = {}) {
  return handle.db.transaction((tx) =>
    emitEvent(tx, { type: 'prospect.found', workspaceId, payload: foundData(data) as never }),
  );
}

function run(webhookClient: WebhookClient, now?: () => Date) {
  return deliverDueWebhooks({
    db: handle.db,
    client: webhookClient,
    secretKey,
    disableAfterDays: 3,
    timeoutMs: 5_000,
    ...(now && { now }),
  });
}

const deliveriesOf = (endpointId: string) =>
  handle.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
const endpointRow = async (id: string) =>
  (await handle.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0]!;
const header = (headers: IncomingHttpHeaders, name: string) => String(headers[name] ?? '');

/** A receiver's check of the Standard Webhooks signature, as docs/product.md#webhooks shows it. */
function standardSignatureValid(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const signed = `${header(headers, 'webhook-id')}.${header(headers, 'webhook-timestamp')}.${body}`;
  const expected = createHmac('sha256', key).update(signed).digest('base64');
  return header(headers, 'webhook-signature')
    .split(' ')
    .some((s) => s === `v1,${expected}`);
}

/** A receiver's check of x-linkpilot-signature, as docs/product.md#webhooks shows it. */
function linkpilotSignatureValid(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const parts = Object.fromEntries(
    header(headers, 'x-linkpilot-signature')
      .split(',')
      .map((p) => p.split('=')),
  );
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe('posting events', () => {
  it('posts a signed delivery that the receiver verifies with both headers', async () => {
    const hooks = await receiver();
    const target = await endpoint(hooks.url);
    const eventId = await emit();
    expect(await run(client())).toEqual({ attempted: 1, delivered: 1 });

    expect(hooks.received).toHaveLength(1);
    const [request] = hooks.received;
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['user-agent']).toBe('LinkPilot-Webhooks/1');
    expect(request!.headers['webhook-id']).toBe(eventId);
    expect(Math.abs(Number(request!.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(standardSignatureValid(target.secret, request!.headers, request!.body)).toBe(true);
    expect(linkpilotSignatureValid(target.secret, request!.headers, request!.body)).toBe(true);
    // Another secret does not verify.
    expect(standardSignatureValid(newWebhookSecret(), request!.headers, request!.body)).toBe(false);
    expect(linkpilotSignatureValid(newWebhookSecret(), request!.headers, request!.body)).toBe(false);
    expect(JSON.parse(request!.body)).toMatchObject({
      id: eventId,
      type: 'prospect.found',
      workspaceId,
      data: { campaignName: 'Bikes', website: 'https://blog.example', email: 'ann@blog.example' },
    });

    const [delivery] = await deliveriesOf(target.id);
    expect(delivery).toMatchObject({
      status: 'delivered',
      attempts: 1,
      responseStatus: 200,
      responseBody: 'ok',
      nextAttemptAt: null,
    });
    expect(delivery!.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('writes nothing when the change is rolled back, and only for enabled endpoints of the event', async () => {
    const hooks = await receiver();
    const wanted = await endpoint(hooks.url, ['prospect.found']);
    const other = await endpoint(hooks.url, ['reply.received']);
    const off = await endpoint(hooks.url, ['prospect.found']);
    await handle.db
      .update(webhookEndpoints)
      .set({ disabledAt: new Date() })
      .where(eq(webhookEndpoints.id, off.id));
    await expect(
      handle.db.transaction(async (tx) => {
        await emitEvent(tx, { type: 'prospect.found', workspaceId, payload: foundData() as never });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await handle.db.select().from(webhookDeliveries)).toEqual([]);

    await emit();
    expect((await deliveriesOf(wanted.id)).length).toBe(1);
    expect((await deliveriesOf(other.id)).length).toBe(0);
    expect((await deliveriesOf(off.id)).length).toBe(0);
  });

  it('retries a 500 after 30 seconds; the log shows each attempt’s code', async () => {
    const hooks = await receiver((_request, index) =>
      index === 0 ? { status: 500, body: 'database down' } : { status: 204, body: '' },
    );
    const target = await endpoint(hooks.url);
    const eventId = await emit();
    const t0 = Date.now();

    expect(await run(client())).toEqual({ attempted: 1, delivered: 0 });
    const page1 = await listDeliveries(handle.db, workspaceId, target.id, {});
    expect(page1.items).toHaveLength(1);
    expect(page1.items[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      responseStatus: 500,
      responseBody: 'database down',
    });
    const next = new Date(page1.items[0]!.nextAttemptAt!).getTime();
    expect(next - t0).toBeGreaterThanOrEqual(29_000);
    expect(next - t0).toBeLessThan(40_000);
    expect((await endpointRow(target.id)).failingSince).not.toBeNull();

    // Not due yet: nothing is attempted.
    expect(await run(client())).toEqual({ attempted: 0, delivered: 0 });
    // 31 seconds later it is.
    const later = () => new Date(Date.now() + 31_000);
    expect(await run(client(), later)).toEqual({ attempted: 1, delivered: 1 });
    const page2 = await listDeliveries(handle.db, workspaceId, target.id, {});
    expect(page2.items[0]).toMatchObject({
      status: 'delivered',
      attempts: 2,
      responseStatus: 204,
      nextAttemptAt: null,
    });
    expect(hooks.received.map((r) => r.headers['webhook-id'])).toEqual([eventId, eventId]);
    // A success ends the endpoint's run of failures.
    expect((await endpointRow(target.id)).failingSince).toBeNull();
  });

  it('redelivers with the same event id and payload, which a de-duplicating receiver ignores', async () => {
    const seen = new Set<string>();
    let handled = 0;
    const hooks = await receiver((request) => {
      const id = String(request.headers['webhook-id']);
      if (!seen.has(id)) handled++;
      seen.add(id);
      return { status: 200 };
    });
    const target = await endpoint(hooks.url);
    const eventId = await emit();
    await run(client());
    const [first] = await deliveriesOf(target.id);

    const again = await redeliver(handle.db, { userId, workspaceId, role: 'member' }, first!.id);
    expect(again).toMatchObject({ eventId, status: 'pending', attempts: 0 });
    expect(again.id).not.toBe(first!.id);
    await run(client());

    expect(hooks.received).toHaveLength(2);
    expect(hooks.received[1]!.body).toBe(hooks.received[0]!.body);
    expect(hooks.received.map((r) => r.headers['webhook-id'])).toEqual([eventId, eventId]);
    expect(handled).toBe(1);
    expect((await deliveriesOf(target.id)).map((d) => d.status)).toEqual(['delivered', 'delivered']);
  });

  it('times out a hanging receiver without holding up other endpoints', async () => {
    const hanging = await receiver(() => ({ hang: true }));
    const fast = await receiver();
    const slow = await endpoint(hanging.url);
    const quick = await endpoint(fast.url);
    for (let i = 0; i < 3; i++) await emit();

    const result = await run(client({ timeoutMs: 1_000 }));
    // One attempt per endpoint at a time: the hanging one's three deliveries went one after another.
    expect(result).toEqual({ attempted: 6, delivered: 3 });
    const arrivals = hanging.received.map((r) => r.at);
    expect(arrivals).toHaveLength(3);
    expect(arrivals[1]! - arrivals[0]!).toBeGreaterThanOrEqual(900);
    expect(arrivals[2]! - arrivals[1]!).toBeGreaterThanOrEqual(900);
    // Every delivery to the other endpoint arrived before the hanging endpoint's third attempt,
    // which starts only once two attempts gave up (2 s): waiting behind the hanging endpoint, even
    // taking turns with it, would put the third quick delivery after that one. (The second attempt
    // is too close a mark: on a loaded machine a quick delivery can land in its very millisecond.)
    expect(fast.received).toHaveLength(3);
    for (const request of fast.received) expect(request.at).toBeLessThan(arrivals[2]!);
    const stuck = await deliveriesOf(slow.id);
    expect(stuck.map((d) => [d.status, d.responseStatus, d.responseBody])).toEqual(
      Array(3).fill(['pending', null, 'No answer within 1 s']),
    );
    for (const d of stuck) expect(d.durationMs).toBeGreaterThanOrEqual(900);
    expect((await deliveriesOf(quick.id)).every((d) => d.status === 'delivered')).toBe(true);
  });

  it('runs at most four attempts at once, one per endpoint', async () => {
    const slowReceivers = await Promise.all(
      Array.from({ length: 6 }, () => receiver(() => ({ delayMs: 150 }))),
    );
    for (const r of slowReceivers) await endpoint(r.url);
    for (let i = 0; i < 2; i++) await emit();
    let inFlight = 0;
    let most = 0;
    const counting = client();
    const post = counting.post.bind(counting);
    counting.post = async (...args) => {
      most = Math.max(most, ++inFlight);
      try {
        return await post(...args);
      } finally {
        inFlight--;
      }
    };
    expect(await run(counting)).toEqual({ attempted: 12, delivered: 12 });
    expect(most).toBe(4);
    for (const r of slowReceivers) {
      expect(r.received).toHaveLength(2);
      expect(r.maxInFlight).toBe(1);
    }
  });
});

describe('redirects', () => {
  it('follows 301, 302, 307 and 308 with the same POST; a 303 is the answer, and nothing is posted where it points', async () => {
    const inside = await receiver();
    const viaPartner = client({
      proxy: { httpProxy: fixture.proxyUrl, httpsProxy: fixture.proxyUrl, noProxy: '127.0.0.1' },
    });
    const redirecting = (status: number) =>
      endpoint(`http://hooks.partner.test/in?status=${status}&to=${encodeURIComponent(inside.url)}`);
    const followed = await Promise.all([301, 302, 307, 308].map(redirecting));
    const seeOther = await redirecting(303);
    await emit();
    expect(await run(viaPartner)).toEqual({ attempted: 5, delivered: 4 });

    expect(inside.received.map((r) => r.method)).toEqual(['POST', 'POST', 'POST', 'POST']);
    expect(new Set(inside.received.map((r) => JSON.parse(r.body).type))).toEqual(new Set(['prospect.found']));
    for (const { id } of followed) expect((await deliveriesOf(id))[0]).toMatchObject({ responseStatus: 200 });
    const [answered] = await deliveriesOf(seeOther.id);
    expect(answered).toMatchObject({ responseStatus: 303, status: 'pending' });
  });
});

describe('the delivery log', () => {
  it('pages through every delivery, however close together they were written', async () => {
    const target = await endpoint('https://hooks.example.com/x');
    // Written back to back, many within one millisecond: the cursor keeps PostgreSQL's microseconds.
    for (let i = 0; i < 60; i++) await emit();
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listDeliveries(handle.db, workspaceId, target.id, { cursor });
      seen.push(...page.items.map((d) => d.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(new Set(seen).size).toBe(60);
    expect(seen).toHaveLength(60);
  });
});

describe('the SSRF guard', () => {
  it('refuses private addresses when saving, unless the crawler’s allow-list has them', async () => {
    const none = new AddressPolicy([]);
    const refusedWebhookAddress = (policy: AddressPolicy, url: string) =>
      policy.refusedHost(new URL(url).hostname);
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://localhost/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.1.2.3/hook',
      'http://192.168.0.10/hook',
      'http://[::1]/hook',
      'http://[fd00::1]/hook',
      'http://[::127.0.0.1]:8080/hook',
      'http://localhost./hook',
    ])
      expect(await refusedWebhookAddress(none, url), url).not.toBeNull();
    expect(await refusedWebhookAddress(none, 'https://93.184.215.14/hook')).toBeNull();
    expect(
      await refusedWebhookAddress(new AddressPolicy(['127.0.0.1']), 'http://127.0.0.1:8080/hook'),
    ).toBeNull();
  });

  it('reaches nothing private: literal addresses, and public names that redirect inwards', async () => {
    const inside = await receiver();
    const askedBefore = fixture.requests.length;
    const guarded = client({
      allowPrivate: [],
      timeoutMs: 2_000,
      proxy: { httpProxy: fixture.proxyUrl, httpsProxy: fixture.proxyUrl, noProxy: '' },
    });
    const targets = [
      inside.url,
      `http://localhost:${inside.port}/hook`,
      `http://localhost.:${inside.port}/hook`,
      `http://[::127.0.0.1]:${inside.port}/hook`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.7/hook',
      `http://hooks.partner.test/in?to=${encodeURIComponent(inside.url)}`,
      `http://hooks.partner.test/meta?to=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`,
    ];
    const ids = [];
    for (const url of targets) ids.push((await endpoint(url)).id);
    await emit();
    expect(await run(guarded)).toEqual({ attempted: targets.length, delivered: 0 });

    expect(inside.received).toHaveLength(0);
    // The public-looking host was asked (and answered with its redirect); nothing behind it was.
    const asked = fixture.requests.slice(askedBefore);
    expect(asked.filter((r) => r.host === 'hooks.partner.test')).toHaveLength(2);
    expect(asked.filter((r) => r.host !== 'hooks.partner.test')).toHaveLength(0);
    for (const id of ids) {
      const [delivery] = await deliveriesOf(id);
      expect(delivery!.responseStatus).toBeNull();
      expect(delivery!.responseBody).toMatch(/^Refused: /);
    }

    // The same redirect is followed when the allow-list lets the address in (and not through the proxy).
    const allowed = client({
      allowPrivate: ['127.0.0.1'],
      proxy: { httpProxy: fixture.proxyUrl, httpsProxy: fixture.proxyUrl, noProxy: '127.0.0.1' },
    });
    await handle.db.delete(webhookEndpoints);
    await endpoint(`http://hooks.partner.test/in?to=${encodeURIComponent(inside.url)}`);
    await emit();
    expect(await run(allowed)).toEqual({ attempted: 1, delivered: 1 });
    expect(inside.received).toHaveLength(1);
  });
});

describe('giving up', () => {
  it('disables an endpoint whose failures lasted three days, fails its pending deliveries and notifies', async () => {
    const broken = await receiver(() => ({ status: 503 }));
    const target = await endpoint(broken.url);
    await handle.db
      .update(webhookEndpoints)
      .set({ failingSince: new Date(Date.now() - 3 * DAY - 60_000) })
      .where(eq(webhookEndpoints.id, target.id));
    await emit();
    await emit();

    expect(await run(client())).toEqual({ attempted: 1, delivered: 0 });
    expect(broken.received).toHaveLength(1);
    const row = await endpointRow(target.id);
    expect(row.disabledAt).not.toBeNull();
    expect(row.disabledReason).toBe(webhookMessages.disabledAfterFailures(3));
    const deliveries = await deliveriesOf(target.id);
    expect(deliveries.map((d) => d.status)).toEqual(['failed', 'failed']);
    expect(deliveries.map((d) => d.nextAttemptAt)).toEqual([null, null]);
    const [notice] = await handle.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.workspaceId, workspaceId), eq(notifications.kind, 'webhook-disabled')));
    expect(notice).toMatchObject({ webhookEndpointId: target.id });
    expect(notice!.body).toContain(broken.url);
    // A disabled endpoint gets no new events.
    await emit();
    expect(await deliveriesOf(target.id)).toHaveLength(2);
  });

  it('keeps an endpoint that has failed for less than three days', async () => {
    const broken = await receiver(() => ({ status: 500 }));
    const target = await endpoint(broken.url);
    const since = new Date(Date.now() - 3 * DAY + 3_600_000);
    await handle.db
      .update(webhookEndpoints)
      .set({ failingSince: since })
      .where(eq(webhookEndpoints.id, target.id));
    await emit();
    await run(client());
    const row = await endpointRow(target.id);
    expect(row.disabledAt).toBeNull();
    expect(row.failingSince).toEqual(since);
  });

  it('fails a delivery once its next attempt would be more than 24 hours after the event', async () => {
    const broken = await receiver(() => ({ status: 500 }));
    const target = await endpoint(broken.url);
    await emit();
    await handle.db
      .update(webhookDeliveries)
      .set({ createdAt: new Date(Date.now() - DAY + 10_000) })
      .where(eq(webhookDeliveries.endpointId, target.id));
    await run(client());
    const [delivery] = await deliveriesOf(target.id);
    expect(delivery).toMatchObject({
      status: 'failed',
      attempts: 1,
      responseStatus: 500,
      nextAttemptAt: null,
    });
  });

  it('fails at once, with the reason, a delivery that cannot be sent', async () => {
    const hooks = await receiver();
    const badSecret = await endpoint(hooks.url);
    await handle.db
      .update(webhookEndpoints)
      .set({ secretEncrypted: 'v1.garbage' })
      .where(eq(webhookEndpoints.id, badSecret.id));
    const badUrl = await endpoint('ftp://files.example/hook');
    await emit();
    expect(await run(client())).toEqual({ attempted: 2, delivered: 0 });
    expect(hooks.received).toHaveLength(0);
    const [secretFailure] = await deliveriesOf(badSecret.id);
    expect(secretFailure).toMatchObject({ status: 'failed', attempts: 1, nextAttemptAt: null });
    expect(secretFailure!.responseBody).toBe('Not sent: Malformed encrypted secret');
    const [urlFailure] = await deliveriesOf(badUrl.id);
    expect(urlFailure).toMatchObject({ status: 'failed', attempts: 1, nextAttemptAt: null });
    expect(urlFailure!.responseBody).toBe('Not an http(s) URL: ftp://files.example/hook');
    // Nothing is left to try.
    expect(await run(client(), () => new Date(Date.now() + DAY))).toEqual({ attempted: 0, delivered: 0 });
  });

  it('sets aside, failed with its reason, a delivery claimed again and again without a recorded outcome', async () => {
    const hooks = await receiver();
    const target = await endpoint(hooks.url);
    await emit();
    // As after WEBHOOK_MAX_CLAIMS claims whose workers died before recording anything.
    await handle.db
      .update(webhookDeliveries)
      .set({ attempts: WEBHOOK_MAX_CLAIMS, lastAttemptAt: new Date(), durationMs: null })
      .where(eq(webhookDeliveries.endpointId, target.id));
    expect(await run(client())).toEqual({ attempted: 0, delivered: 0 });
    expect(hooks.received).toHaveLength(0);
    const [delivery] = await deliveriesOf(target.id);
    expect(delivery).toMatchObject({
      status: 'failed',
      nextAttemptAt: null,
      responseBody: UNRECORDED_ATTEMPTS_REASON,
    });
  });

  it('deletes deliveries older than the retention', async () => {
    const hooks = await receiver();
    const target = await endpoint(hooks.url);
    await emit();
    await emit();
    const [old] = await deliveriesOf(target.id);
    await handle.db
      .update(webhookDeliveries)
      .set({ createdAt: new Date(Date.now() - 31 * DAY) })
      .where(eq(webhookDeliveries.id, old!.id));
    expect(await deleteOldDeliveries(handle.db, 30, new Date())).toBe(1);
    expect((await deliveriesOf(target.id)).map((d) => d.id)).not.toContain(old!.id);
    expect(await deliveriesOf(target.id)).toHaveLength(1);
  });
});
