import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, withId, withQuery } from '../../../shared/paths';
import type { ActivityPage } from '../../../shared/schemas/activity';
import type { Me } from '../../../shared/schemas/auth';
import type { Campaign } from '../../../shared/schemas/campaigns';
import { customFieldMessages as m, type CustomField } from '../../../shared/schemas/custom-fields';
import type { ContactPage, Prospect, ProspectPage } from '../../../shared/schemas/prospects';
import { WORKSPACE_HEADER } from '../../auth/workspaces';
import { webhookDeliveries } from '../../db/schema/webhooks';
import { workspaceMembers } from '../../db/schema/workspaces';
import { createTestApp, signUpUser, type TestApp } from '../../testing/app';
import { startWebhookReceiver, type WebhookReceiver } from '../../testing/webhook-receiver';

/**
 * Custom fields of prospects over the API (docs/decisions/044-custom-fields.md): Full Access members
 * define them, every member reads them and sets values, which are checked per type, filter the
 * lists, travel in the prospect's webhook payloads and come in with a CSV import; another
 * workspace's field or prospect reads as missing.
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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (who: Person, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: who.cookie, [WORKSPACE_HEADER]: who.workspaceId },
    ...(payload ? { payload } : {}),
  });
const asOwner = (method: Method, url: string, payload?: object) => call(owner, method, url, payload);
const asMember = (method: Method, url: string, payload?: object) =>
  call({ ...member, workspaceId: owner.workspaceId }, method, url, payload);
const errorOf = (response: LightMyRequestResponse) =>
  response.json<{ error: { code: string; message: string; issues?: { path: string; message: string }[] } }>()
    .error;

async function field(body: object): Promise<CustomField> {
  const response = await asOwner('POST', apiPaths.customFields, body);
  if (response.statusCode !== 200) throw new Error(`create field: ${response.statusCode} ${response.body}`);
  return response.json<CustomField>();
}

async function campaignWith(prospects: object[]): Promise<Campaign> {
  const response = await asOwner('POST', apiPaths.campaigns, {
    type: 'manual',
    name: 'Fields',
    websiteUrl: 'https://mysite.com',
    competitors: [],
    prospects,
  });
  if (response.statusCode !== 201) throw new Error(`campaign: ${response.statusCode} ${response.body}`);
  return response.json<Campaign>();
}

const listed = async (campaignId: string, query: Record<string, string> = {}) =>
  (
    await asOwner('GET', withQuery(withId(apiPaths.campaignProspects, campaignId), query))
  ).json<ProspectPage>().items;

let topic: CustomField;
let home: CustomField;

beforeAll(async () => {
  t = await createTestApp({ CRAWL_ALLOW_PRIVATE: '127.0.0.1' });
  hooks = await startWebhookReceiver(() => ({ status: 200, body: 'ok' }));
  owner = await person();
  member = await person();
  outsider = await person();
  await t.handle.db
    .insert(workspaceMembers)
    .values({ workspaceId: owner.workspaceId, userId: member.userId, role: 'member' });
  topic = await field({ key: 'site_topic', label: 'Site topic', type: 'text' });
  await field({ key: 'monthly_visits', label: 'Monthly visits', type: 'number' });
  await field({ key: 'launch_day', label: 'Launch day', type: 'date' });
  await field({ key: 'tier', label: 'Tier', type: 'choice', options: ['Gold', 'Silver'] });
  home = await field({ key: 'home_page', label: 'Home page', type: 'url' });
});
afterAll(async () => {
  await hooks?.close();
  await t?.close();
});

describe('defining custom fields', () => {
  it('lists them in order for every member; only Full Access adds, changes or deletes one', async () => {
    const items = (await asMember('GET', apiPaths.customFields)).json<{ items: CustomField[] }>().items;
    expect(items.map((f) => [f.key, f.type, f.position])).toEqual([
      ['site_topic', 'text', 0],
      ['monthly_visits', 'number', 1],
      ['launch_day', 'date', 2],
      ['tier', 'choice', 3],
      ['home_page', 'url', 4],
    ]);
    const refused = await asMember('POST', apiPaths.customFields, { key: 'x', label: 'X', type: 'text' });
    expect(refused.statusCode).toBe(403);
    expect((await asMember('PATCH', withId(apiPaths.customField, topic.id), { label: 'Y' })).statusCode).toBe(
      403,
    );
    expect((await asMember('DELETE', withId(apiPaths.customField, topic.id))).statusCode).toBe(403);
  });

  it('refuses a bad key, a taken key, a choice without options and options on a text field, in words', async () => {
    const bad = await asOwner('POST', apiPaths.customFields, { key: 'Site Topic', label: 'X', type: 'text' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).issues).toContainEqual({ path: 'key', message: m.keyFormat });
    const taken = await asOwner('POST', apiPaths.customFields, {
      key: 'site_topic',
      label: 'X',
      type: 'text',
    });
    expect(errorOf(taken)).toMatchObject({ message: m.keyTaken('site_topic') });
    const noOptions = await asOwner('POST', apiPaths.customFields, {
      key: 'kind',
      label: 'Kind',
      type: 'choice',
    });
    expect(errorOf(noOptions).issues).toContainEqual({ path: 'options', message: m.optionsRequired });
    const options = await asOwner('POST', apiPaths.customFields, {
      key: 'kind',
      label: 'Kind',
      type: 'text',
      options: ['a'],
    });
    expect(errorOf(options).issues).toContainEqual({ path: 'options', message: m.optionsForChoiceOnly });
  });

  it('renames and moves a field, keeping the others in order; another workspace’s field is 404', async () => {
    const renamed = await asOwner('PATCH', withId(apiPaths.customField, home.id), {
      label: 'Homepage',
      position: 0,
    });
    expect(renamed.json<CustomField>()).toMatchObject({ key: 'home_page', label: 'Homepage', position: 0 });
    const keys = (await asOwner('GET', apiPaths.customFields))
      .json<{ items: CustomField[] }>()
      .items.map((f) => f.key);
    expect(keys).toEqual(['home_page', 'site_topic', 'monthly_visits', 'launch_day', 'tier']);
    expect(
      (await call(outsider, 'PATCH', withId(apiPaths.customField, home.id), { label: 'Z' })).statusCode,
    ).toBe(404);
    expect((await call(outsider, 'DELETE', withId(apiPaths.customField, home.id))).statusCode).toBe(404);
    const activity = (await asOwner('GET', apiPaths.activity)).json<ActivityPage>().items;
    expect(activity.map((a) => a.kind)).toEqual(
      expect.arrayContaining(['custom_field.created', 'custom_field.changed']),
    );
  });
});

describe('values', () => {
  it('are set per type by any member, cleared with null, shown on the prospect and sent to webhooks', async () => {
    const created = await asOwner('POST', apiPaths.webhooks, {
      url: hooks.url,
      description: 'fields',
      events: ['prospect.custom_fields_changed'],
    });
    expect(created.statusCode).toBe(201);
    const campaign = await campaignWith([{ website: 'alpha.com', contactEmail: 'ann@alpha.com' }]);
    const [prospect] = await listed(campaign.id);
    expect(prospect!.customFields).toEqual({});
    const url = withId(apiPaths.prospectCustomFields, prospect!.id);
    const set = await asMember('PUT', url, {
      values: { site_topic: ' coffee ', monthly_visits: '12000', launch_day: '2026-02-28', tier: 'gold' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json<Prospect>().customFields).toEqual({
      site_topic: 'coffee',
      monthly_visits: 12000,
      launch_day: '2026-02-28',
      tier: 'Gold',
    });
    const cleared = await asMember('PUT', url, {
      values: { site_topic: null, home_page: 'https://alpha.com/' },
    });
    expect(cleared.json<Prospect>().customFields).toEqual({
      monthly_visits: 12000,
      launch_day: '2026-02-28',
      tier: 'Gold',
      home_page: 'https://alpha.com/',
    });
    const [delivery] = await t.handle.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventType, 'prospect.custom_fields_changed'))
      .orderBy(webhookDeliveries.createdAt);
    expect(delivery!.payload).toMatchObject({
      type: 'prospect.custom_fields_changed',
      data: {
        prospectId: prospect!.id,
        changed: ['site_topic', 'monthly_visits', 'launch_day', 'tier'],
        customFields: { site_topic: 'coffee', monthly_visits: 12000, tier: 'Gold' },
      },
    });
    expect((await call(outsider, 'PUT', url, { values: { tier: 'Gold' } })).statusCode).toBe(404);
  });

  it('refuses a wrong value or an unknown key with the field’s name', async () => {
    const campaign = await campaignWith([{ website: 'beta.org' }]);
    const [prospect] = await listed(campaign.id);
    const url = withId(apiPaths.prospectCustomFields, prospect!.id);
    const cases: [object, string, string][] = [
      [{ monthly_visits: 'lots' }, 'values.monthly_visits', m.invalidNumber('Monthly visits')],
      [{ launch_day: '2026-02-30' }, 'values.launch_day', m.invalidDate('Launch day')],
      [{ tier: 'Bronze' }, 'values.tier', m.invalidChoice('Tier', ['Gold', 'Silver'])],
      [{ home_page: 'javascript:alert(1)' }, 'values.home_page', m.invalidUrl('Homepage')],
      [{ nope: 'x' }, 'values.nope', m.unknownField('nope')],
    ];
    for (const [values, path, message] of cases) {
      const response = await asOwner('PUT', url, { values });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).issues).toEqual([{ path, message }]);
    }
  });

  it('filter the campaign’s prospects and the contacts: equals, contains, empty, not empty', async () => {
    const campaign = await campaignWith([
      { website: 'one.com', customFields: { site_topic: 'Espresso brewing', tier: 'Gold' } },
      { website: 'two.com', customFields: { site_topic: 'Tea', tier: 'silver' } },
      { website: 'three.com' },
    ]);
    const sites = (items: { website: string }[]) => items.map((p) => p.website).sort();
    expect(sites(await listed(campaign.id, { field: 'tier', op: 'equals', value: 'GOLD' }))).toEqual([
      'one.com',
    ]);
    expect(sites(await listed(campaign.id, { field: 'site_topic', op: 'contains', value: 'brew' }))).toEqual([
      'one.com',
    ]);
    expect(sites(await listed(campaign.id, { field: 'tier', op: 'empty' }))).toEqual(['three.com']);
    expect(sites(await listed(campaign.id, { field: 'tier', op: 'not_empty' }))).toEqual([
      'one.com',
      'two.com',
    ]);
    const contacts = (
      await asOwner(
        'GET',
        withQuery(apiPaths.contacts, {
          campaignId: campaign.id,
          field: 'site_topic',
          op: 'contains',
          value: 'tea',
        }),
      )
    ).json<ContactPage>();
    expect(sites(contacts.items)).toEqual(['two.com']);
    expect(contacts.items[0]!.customFields).toEqual({ site_topic: 'Tea', tier: 'Silver' });
  });

  it('come in with imported rows, each refused value named by its row', async () => {
    const campaign = await campaignWith([{ website: 'start.com' }]);
    const bad = await asOwner('POST', withId(apiPaths.campaignProspects, campaign.id), {
      prospects: [
        { website: 'ok.com', customFields: { monthly_visits: 5 } },
        { website: 'bad.com', customFields: { monthly_visits: 'many' } },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).issues).toEqual([
      { path: 'prospects.1.customFields.monthly_visits', message: m.invalidNumber('Monthly visits') },
    ]);
    expect((await listed(campaign.id)).length).toBe(1);
  });

  it('lose a deleted field’s values', async () => {
    const extra = await field({ key: 'gone_soon', label: 'Gone soon', type: 'text' });
    const campaign = await campaignWith([
      { website: 'keep.com', customFields: { gone_soon: 'x', tier: 'Gold' } },
    ]);
    expect((await asOwner('DELETE', withId(apiPaths.customField, extra.id))).statusCode).toBe(200);
    expect((await listed(campaign.id))[0]!.customFields).toEqual({ tier: 'Gold' });
    const activity = (await asOwner('GET', apiPaths.activity)).json<ActivityPage>().items;
    expect(activity.some((a) => a.kind === 'custom_field.deleted')).toBe(true);
  });
});

describe('CSV import mappings', () => {
  it('are remembered per header set, in any order or case, for fields that still exist', async () => {
    const headers = ['Website', 'Email', 'Topic', 'Visits'];
    const saved = await asMember('PUT', apiPaths.prospectImportMappings, {
      headers,
      mapping: { Topic: 'site_topic', Visits: 'monthly_visits', Missing: 'tier' },
    });
    expect(saved.json()).toEqual({ mapping: { Topic: 'site_topic', Visits: 'monthly_visits' } });
    const again = await asOwner(
      'GET',
      withQuery(apiPaths.prospectImportMappings, {
        headers: JSON.stringify(['visits', 'TOPIC', 'email', 'website']),
      }),
    );
    expect(again.json()).toEqual({ mapping: { TOPIC: 'site_topic', visits: 'monthly_visits' } });
    const other = await call(
      outsider,
      'GET',
      withQuery(apiPaths.prospectImportMappings, { headers: JSON.stringify(headers) }),
    );
    expect(other.json()).toEqual({ mapping: {} });
  });
});

describe('placeholders in sequences', () => {
  it('refuses {{custom.x}} of no field on save, on the field that has it; known keys save', async () => {
    const steps = [
      {
        subject: 'About {{custom.site_topic|your site}}',
        content: 'Hi {{custom.sit_topic}}',
        delayHours: null,
      },
    ];
    const refused = await asOwner('POST', apiPaths.sequences, { name: 'Typo', steps });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).issues).toEqual([
      { path: 'steps.0.content', message: m.unknownPlaceholder('Body', 'sit_topic') },
    ]);
    const saved = await asOwner('POST', apiPaths.sequences, {
      name: 'Known',
      steps: [{ ...steps[0], content: 'Hi, about {{custom.site_topic}}' }],
    });
    expect(saved.statusCode).toBe(201);
  });
});
