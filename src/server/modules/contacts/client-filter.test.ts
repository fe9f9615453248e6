import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, withQuery } from '../../../shared/paths';
import type { CreatedApiKey } from '../../../shared/schemas/api-keys';
import type { Campaign } from '../../../shared/schemas/campaigns';
import { clientMessages, type Client, type ClientPage } from '../../../shared/schemas/clients';
import type { LiveLinkPage } from '../../../shared/schemas/live-links';
import type { PlacementPage } from '../../../shared/schemas/placements';
import type { ContactPage } from '../../../shared/schemas/prospects';
import type { Me } from '../../../shared/schemas/auth';
import { queryRows } from '../../db/client';
import { liveLinks } from '../../db/schema/live-links';
import { prospects } from '../../db/schema/prospects';
import { campaignOfClient } from '../../db/client-filter';
import { sql } from 'drizzle-orm';
import { createTestApp, signUpUser, type TestApp } from '../../testing/app';
import { createManualCampaign } from '../../testing/campaigns';

/**
 * The client filter of the contacts and live-links lists (docs/decisions/040-client-role.md): a
 * client's campaigns' rows, `none` for campaigns of no client, validated, paged as before; and the
 * clients and placements of the public API under /api/v1 with a key and cursors.
 */
let t: TestApp;
let cookie: string;
let otherCookie: string;
let acme: Client;
let globex: Client;
let forAcme: Campaign;
let forGlobex: Campaign;
let own: Campaign;

const get = (url: string, as = cookie) => t.app.inject({ url, headers: { cookie: as } });

let workspaceId: string;

async function addLiveLink(campaign: Campaign, url: string): Promise<void> {
  await t.handle.db.insert(liveLinks).values({
    workspaceId,
    campaignId: campaign.id,
    url: 'https://mysite.com/',
    anchorText: 'my site',
    pageUrl: url,
    status: 'active',
  });
}

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await signUpUser(t.app));
  ({ cookie: otherCookie } = await signUpUser(t.app));
  workspaceId = (await get(apiPaths.me)).json<Me>().workspace.id;
  const client = async (name: string) =>
    (
      await t.app.inject({ method: 'POST', url: apiPaths.clients, headers: { cookie }, payload: { name } })
    ).json<Client>();
  acme = await client('Acme');
  globex = await client('Globex');
  forAcme = await createManualCampaign(t.app, cookie, {
    name: 'For Acme',
    clientId: acme.id,
    prospects: [{ website: 'a1.com' }, { website: 'a2.com' }, { website: 'a3.com' }],
  });
  forGlobex = await createManualCampaign(t.app, cookie, {
    name: 'For Globex',
    clientId: globex.id,
    prospects: [{ website: 'g1.com' }],
  });
  own = await createManualCampaign(t.app, cookie, { name: 'Our own', prospects: [{ website: 'o1.com' }] });
  await addLiveLink(forAcme, 'https://a1.com/post');
  await addLiveLink(forGlobex, 'https://g1.com/post');
  await addLiveLink(own, 'https://o1.com/post');
});
afterAll(() => t.close());

describe('the contacts list by client', () => {
  it('lists a client’s campaigns’ contacts, or those of no client, paged as before', async () => {
    const websites = async (query: Record<string, string | number>) =>
      (await get(withQuery(apiPaths.contacts, query))).json<ContactPage>();
    const acmePage = await websites({ clientId: acme.id, pageSize: 2 });
    expect(acmePage.total).toBe(3);
    expect(acmePage.items).toHaveLength(2);
    expect(acmePage.items.every((c) => c.campaignId === forAcme.id)).toBe(true);
    const second = await websites({ clientId: acme.id, pageSize: 2, cursor: acmePage.nextCursor! });
    expect(second.items.map((c) => c.website)).toHaveLength(1);
    expect([...acmePage.items, ...second.items].map((c) => c.website).sort()).toEqual([
      'a1.com',
      'a2.com',
      'a3.com',
    ]);
    expect((await websites({ clientId: globex.id })).items.map((c) => c.website)).toEqual(['g1.com']);
    expect((await websites({ clientId: 'none' })).items.map((c) => c.website)).toEqual(['o1.com']);
    // With the other filters: a search within the client.
    expect((await websites({ clientId: acme.id, search: 'a2' })).items.map((c) => c.website)).toEqual([
      'a2.com',
    ]);
    expect((await websites({})).total).toBe(5);
  });

  it('refuses a malformed client in words, and another workspace’s client finds nothing', async () => {
    const bad = await get(withQuery(apiPaths.contacts, { clientId: 'acme' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues).toEqual([
      expect.objectContaining({ path: 'clientId', message: clientMessages.invalidClientId }),
    ]);
    const other = await get(withQuery(apiPaths.contacts, { clientId: acme.id }), otherCookie);
    expect(other.statusCode).toBe(200);
    expect(other.json<ContactPage>().items).toEqual([]);
  });

  it('exports only the client’s contacts', async () => {
    const csv = await get(withQuery(apiPaths.contactsExport, { clientId: globex.id }));
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('g1.com');
    expect(csv.body).not.toContain('a1.com');
  });
});

describe('the live links list by client', () => {
  it('lists a client’s campaigns’ links, or those of no client, with the status filter', async () => {
    const pages = async (query: Record<string, string>) =>
      (await get(withQuery(apiPaths.liveLinks, query))).json<LiveLinkPage>();
    expect((await pages({ clientId: acme.id })).items.map((l) => l.pageUrl)).toEqual(['https://a1.com/post']);
    expect((await pages({ clientId: 'none' })).items.map((l) => l.campaignId)).toEqual([own.id]);
    expect((await pages({ clientId: globex.id, status: 'active' })).items.map((l) => l.campaignId)).toEqual([
      forGlobex.id,
    ]);
    expect((await pages({ clientId: globex.id, status: 'lost' })).total).toBe(0);
    expect((await pages({})).total).toBe(3);
    const bad = await get(withQuery(apiPaths.liveLinks, { clientId: '123' }));
    expect(bad.statusCode).toBe(400);
    const other = await get(withQuery(apiPaths.liveLinks, { clientId: acme.id }), otherCookie);
    expect(other.json<LiveLinkPage>().items).toEqual([]);
  });

  it('keeps the lists’ index walks with the filter (EXPLAIN on 20,000 contacts)', async () => {
    // A workspace of some size, most of it the agency's own campaign, so the planner has a choice.
    await t.handle.db.execute(sql`insert into prospects (workspace_id, campaign_id, website)
      select ${workspaceId}::uuid, ${own.id}::uuid, 'site' || g || '.example' from generate_series(1, 20000) g`);
    await t.handle.db.execute(sql`analyze prospects`);
    await t.handle.db.execute(sql`analyze campaigns`);
    const explain = async (table: typeof prospects | typeof liveLinks, order: string) =>
      (
        await queryRows<{ 'QUERY PLAN': string }>(
          t.handle.db,
          sql`explain select ${table.id} from ${table} where ${table.workspaceId} = ${workspaceId}
            and ${campaignOfClient(table.campaignId, workspaceId, acme.id)}
            order by ${sql.raw(order)} limit 25`,
        )
      )
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    // The client's campaigns are read once (an InitPlan through the campaigns' index), never joined
    // row by row, and the prospects are read through an index, not scanned whole.
    // The lists' own order (orderByIndexed: the indexes are DESC NULLS LAST).
    const contacts = await explain(prospects, 'created_at desc nulls last, id desc nulls last');
    expect(contacts).toMatch(/InitPlan/);
    expect(contacts).toMatch(/Index Scan|Bitmap Index Scan/);
    expect(contacts, contacts).not.toMatch(/Seq Scan on prospects|Sort|Hash Join|Merge Join|Nested Loop/);
    const links = await explain(liveLinks, 'discovered_at desc nulls last, id desc');
    expect(links).toMatch(/InitPlan/);
    expect(links).not.toMatch(/Hash Join|Merge Join|Nested Loop/);
    // And the list still answers the client's three contacts among the 20,000.
    const page = (await get(withQuery(apiPaths.contacts, { clientId: acme.id }))).json<ContactPage>();
    expect(page.items.map((c) => c.website).sort()).toEqual(['a1.com', 'a2.com', 'a3.com']);
  });
});

describe('clients and placements in the public API', () => {
  it('lists, reads and writes them with a key under /api/v1, lists paged by cursor', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: apiPaths.apiKeys,
      headers: { cookie },
      payload: { name: 'Sheets', scopes: ['read', 'write'] },
    });
    const key = { authorization: `Bearer ${created.json<CreatedApiKey>().secret}` };
    const first = await t.app.inject({ url: '/api/v1/clients?pageSize=1', headers: key });
    expect(first.statusCode).toBe(200);
    const page = first.json<ClientPage>();
    expect(page.items.map((c) => c.name)).toEqual(['Acme']);
    const next = await t.app.inject({
      url: `/api/v1/clients?pageSize=1&cursor=${encodeURIComponent(page.nextCursor!)}`,
      headers: key,
    });
    expect(next.json<ClientPage>().items.map((c) => c.name)).toEqual(['Globex']);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/placements',
      headers: key,
      payload: { clientId: acme.id, pageUrl: 'https://a1.com/post', targetUrl: 'https://mysite.com/' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const placements = await t.app.inject({ url: `/api/v1/placements?clientId=${acme.id}`, headers: key });
    expect(placements.json<PlacementPage>().items.map((p) => p.pageUrl)).toEqual(['https://a1.com/post']);
    // Another workspace's client answers 404 to this key.
    const otherClient = (
      await t.app.inject({
        method: 'POST',
        url: apiPaths.clients,
        headers: { cookie: otherCookie },
        payload: { name: 'Elsewhere' },
      })
    ).json<Client>();
    expect((await t.app.inject({ url: `/api/v1/clients/${otherClient.id}`, headers: key })).statusCode).toBe(
      404,
    );
    const doc = (await t.app.inject({ url: `${apiPaths.docs}/json` })).json<{
      paths: Record<string, object>;
    }>();
    for (const path of [apiPaths.clients, apiPaths.client, apiPaths.placements, apiPaths.placement]) {
      expect(doc.paths[path.replace(/:(\w+)/g, '{$1}')]).toBeDefined();
    }
  });
});
