import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, withId } from '../../../shared/paths';
import { activitySentence, type ActivityPage } from '../../../shared/schemas/activity';
import type { CreatedApiKey } from '../../../shared/schemas/api-keys';
import type { Me } from '../../../shared/schemas/auth';
import type { Campaign } from '../../../shared/schemas/campaigns';
import { webhookEventTypes } from '../../../shared/schemas/webhook-events';
import type { CreatedWebhook } from '../../../shared/schemas/webhooks';
import { eq } from 'drizzle-orm';
import { webhookDeliveries } from '../../db/schema/webhooks';
import { workspaceMembers } from '../../db/schema/workspaces';
import { createTestApp, signUpUser, type TestApp } from '../../testing/app';
import { startWebhookReceiver, type WebhookReceiver } from '../../testing/webhook-receiver';
import { WebhookClient, webhookClientSettings } from '../../webhooks/client';
import { webhookSecretKey } from '../../webhooks/keys';
import { deliverDueWebhooks } from '../../webhooks/run';

/**
 * Campaign changes are domain events (docs/decisions/028-one-event-list.md): made with an API key,
 * they reach a real local webhook receiver signed with the endpoint's secret, and the activity log
 * names the member and the key. The app may post to 127.0.0.1 only (CRAWL_ALLOW_PRIVATE).
 */
let t: TestApp;
let hooks: WebhookReceiver;
let client: WebhookClient;
let cookie: string;
let me: Me;
let key: CreatedApiKey;
let endpoint: CreatedWebhook;

/** A JSON Schema object, read loosely. */
interface JsonObject {
  properties: Record<string, JsonObject> & { type: object; data: JsonObject };
}

const withKey = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${key.secret}` },
    ...(payload ? { payload } : {}),
  });

/** Posts the due deliveries to the receiver; returns the bodies it got since `from`, parsed. */
async function deliver(from: number, count: number) {
  // The worker's runs follow one another (WEBHOOK_POLL_SECONDS); a row a run did not reach is the
  // next one's. Up to three runs, as long as each still delivers something.
  for (let run = 0; run < 3 && hooks.received.length - from < count; run++) {
    const { attempted } = await deliverDueWebhooks({
      db: t.handle.db,
      client,
      secretKey: webhookSecretKey(t.config.APP_SECRET!),
      disableAfterDays: 3,
      timeoutMs: 3000,
    });
    if (attempted === 0) break;
  }
  return hooks.received.slice(from);
}

/** A receiver's check of the Standard Webhooks signature, as docs/product.md#webhooks shows it. */
function signedWith(secret: string, headers: Record<string, unknown>, body: string): boolean {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key)
    .update(`${String(headers['webhook-id'])}.${String(headers['webhook-timestamp'])}.${body}`)
    .digest('base64');
  return String(headers['webhook-signature']).split(' ').includes(`v1,${expected}`);
}

beforeAll(async () => {
  t = await createTestApp({ CRAWL_ALLOW_PRIVATE: '127.0.0.1', WEBHOOK_TIMEOUT_MS: '3000' });
  client = new WebhookClient(webhookClientSettings(t.config));
  hooks = await startWebhookReceiver();
  ({ cookie } = await signUpUser(t.app));
  me = (await t.app.inject({ url: apiPaths.me, headers: { cookie } })).json<Me>();
  key = (
    await t.app.inject({
      method: 'POST',
      url: apiPaths.apiKeys,
      headers: { cookie },
      payload: { name: 'CRM sync', scopes: ['read', 'write'] },
    })
  ).json<CreatedApiKey>();
  endpoint = (
    await t.app.inject({
      method: 'POST',
      url: apiPaths.webhooks,
      headers: { cookie },
      payload: {
        url: hooks.url,
        events: ['campaign.created', 'campaign.updated', 'campaign.status_changed', 'campaign.deleted'],
      },
    })
  ).json<CreatedWebhook>();
});
afterAll(async () => {
  await client?.close();
  await hooks?.close();
  await t?.close();
});

describe('the OpenAPI document', () => {
  it('describes the POST of every webhook event of the list, its data from the event’s schema', async () => {
    const doc = (await t.app.inject({ url: `${apiPaths.docs}/json` })).json<{
      openapi: string;
      webhooks: Record<
        string,
        { post: { requestBody: { content: Record<string, { schema: JsonObject }> } } }
      >;
    }>();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.webhooks).sort()).toEqual([...webhookEventTypes].sort());
    const body = doc.webhooks['campaign.created']!.post.requestBody.content['application/json']!.schema;
    expect(body.properties.type).toEqual({ type: 'string', const: 'campaign.created' });
    expect(Object.keys(body.properties.data.properties).sort()).toEqual([
      'campaignId',
      'name',
      'status',
      'type',
      'websiteUrl',
    ]);
  });
});

describe('campaign events', () => {
  let campaign: Campaign;

  it('POST /api/v1/campaigns with an API key delivers a signed campaign.created webhook', async () => {
    const from = hooks.received.length;
    const response = await withKey('POST', `/api/v1/campaigns`, {
      type: 'ai',
      name: 'Bikes',
      websiteUrl: 'https://bikes.example',
      competitors: [],
      prospects: 10,
    });
    expect(response.statusCode).toBe(201);
    campaign = response.json<Campaign>();

    const [request, ...more] = await deliver(from, 1);
    expect(more).toEqual([]);
    expect(signedWith(endpoint.secret, request!.headers, request!.body)).toBe(true);
    expect(
      signedWith(`whsec_${Buffer.alloc(32, 7).toString('base64')}`, request!.headers, request!.body),
    ).toBe(false);
    expect(JSON.parse(request!.body)).toMatchObject({
      id: request!.headers['webhook-id'],
      type: 'campaign.created',
      workspaceId: me.workspace.id,
      data: {
        campaignId: campaign.id,
        name: 'Bikes',
        websiteUrl: 'https://bikes.example',
        type: 'ai',
        status: 'draft',
      },
    });
  });

  it('reports its settings, status and deletion, and the log names the member and the key', async () => {
    const from = hooks.received.length;
    expect(
      (await withKey('PATCH', `/api/v1/campaigns/${campaign.id}`, { competitors: ['rival.example'] }))
        .statusCode,
    ).toBe(200);
    expect(
      (await withKey('PATCH', `/api/v1/campaigns/${campaign.id}`, { status: 'active' })).statusCode,
    ).toBe(200);
    expect((await withKey('DELETE', `/api/v1/campaigns/${campaign.id}`)).statusCode).toBe(200);

    const bodies = (await deliver(from, 3)).map((r) => JSON.parse(r.body) as { type: string; data: object });
    // Nothing is left waiting either; a delivery that is names its last answer, should this fail.
    const waiting = await t.handle.db
      .select({ type: webhookDeliveries.eventType, answer: webhookDeliveries.responseBody })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.status, 'pending'));
    expect({ delivered: bodies.map((b) => b.type).sort(), waiting }).toEqual({
      delivered: ['campaign.deleted', 'campaign.status_changed', 'campaign.updated'],
      waiting: [],
    });
    expect(bodies.find((b) => b.type === 'campaign.status_changed')!.data).toEqual({
      campaignId: campaign.id,
      name: 'Bikes',
      from: 'draft',
      to: 'active',
    });

    const log = (await t.app.inject({ url: apiPaths.activity, headers: { cookie } })).json<ActivityPage>()
      .items;
    const lines = log
      .filter((e) => e.kind.startsWith('campaign.'))
      .map((e) => `${e.actor} ${activitySentence(e)} via ${e.apiKey}`);
    expect(lines).toEqual([
      `${me.fullName} deleted the campaign Bikes via CRM sync`,
      `${me.fullName} moved the campaign Bikes from draft to active via CRM sync`,
      `${me.fullName} changed the competitors of the campaign Bikes via CRM sync`,
      `${me.fullName} created the campaign Bikes via CRM sync`,
    ]);
  });

  it('logs a change of collaborators with the member who made it', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: apiPaths.campaigns,
      headers: { cookie },
      payload: {
        type: 'ai',
        name: 'Boats',
        websiteUrl: 'https://boats.example',
        competitors: [],
        prospects: 10,
      },
    });
    const boats = created.json<Campaign>();
    const grace = await signUpUser(t.app);
    const graceMe = (await t.app.inject({ url: apiPaths.me, headers: { cookie: grace.cookie } })).json<Me>();
    await t.handle.db
      .insert(workspaceMembers)
      .values({ workspaceId: me.workspace.id, userId: graceMe.id, role: 'member' });

    const set = await t.app.inject({
      method: 'PUT',
      url: withId(apiPaths.campaignCollaborators, boats.id),
      headers: { cookie },
      payload: { userIds: [graceMe.id] },
    });
    expect(set.statusCode).toBe(200);
    await t.app.inject({
      method: 'PUT',
      url: withId(apiPaths.campaignCollaborators, boats.id),
      headers: { cookie },
      payload: { userIds: [] },
    });

    const log = (await t.app.inject({ url: apiPaths.activity, headers: { cookie } })).json<ActivityPage>()
      .items;
    expect(
      log
        .filter((e) => e.kind === 'campaign.collaborators_changed')
        .map((e) => [e.actorId, e.campaignId, `${e.actor} ${activitySentence(e)}`]),
    ).toEqual([
      [me.id, boats.id, `${me.fullName} removed the collaborators of Boats`],
      [me.id, boats.id, `${me.fullName} set the collaborators of Boats to ${graceMe.fullName}`],
    ]);
  });
});
