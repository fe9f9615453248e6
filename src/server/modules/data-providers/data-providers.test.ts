import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPaths, withId } from '../../../shared/paths';
import type { CreatedApiKey } from '../../../shared/schemas/api-keys';
import type { BacklinkImport } from '../../../shared/schemas/backlink-imports';
import type { Me } from '../../../shared/schemas/auth';
import type {
  DataProviderView,
  MetricsRefreshResult,
  ProviderBacklinksResult,
  ProviderEstimate,
} from '../../../shared/schemas/data-providers';
import { WORKSPACE_HEADER } from '../../auth/workspaces';
import { activity as activityEntries } from '../../db/schema/activity';
import { domainMetrics } from '../../db/schema/backlink-imports';
import { dataProviderCache, dataProviderConnections } from '../../db/schema/data-providers';
import { prospects } from '../../db/schema/prospects';
import { workspaceMembers } from '../../db/schema/workspaces';
import { API_V1 } from '../../http/api-version';
import { createTestApp, signUpUser, type TestApp } from '../../testing/app';
import { insertCampaign } from '../../testing/campaigns';
import { bicycleWeb } from '../../testing/fixture-sites';
import { startFixtureWeb, type FixtureWeb } from '../../testing/fixture-web';
import { seoDataKeys, startSeoDataServer, type SeoDataServer } from '../../testing/seo-data-server';

/**
 * Settings → Data providers and a campaign's runs (docs/decisions/046-live-seo-data-providers.md),
 * against the local server that speaks the four providers' protocols (SEO_DATA_TEST_URL).
 */
let t: TestApp;
let server: SeoDataServer;
let owner: Person;
let member: Person;
let outsider: Person;
let fixture: FixtureWeb;

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

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (who: Person, method: Method, url: string, payload?: object, workspaceId = who.workspaceId) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: who.cookie, [WORKSPACE_HEADER]: workspaceId },
    ...(payload ? { payload } : {}),
  });
const errorOf = (response: LightMyRequestResponse) =>
  response.json<{ error: { code: string; message: string } }>().error;
const providerPath = (provider: string) => withId(apiPaths.dataProvider, provider);

beforeAll(async () => {
  server = await startSeoDataServer({
    sites: {
      'alpha.example': { dr: 64, da: 51, spamScore: 2 },
      'beta.example': { dr: 22, da: 19 },
    },
    backlinks: {
      'rivalbikes.test': [
        {
          pageUrl: 'http://gearreview.test/',
          targetUrl: 'http://rivalbikes.test/',
          anchor: 'Rival Bikes review',
          firstSeen: '2025-06-02',
          dr: 45,
        },
        {
          pageUrl: 'http://cyclingnews.test/',
          targetUrl: 'http://rivalbikes.test/',
          anchor: 'rival',
          nofollow: true,
          dr: 30,
        },
      ],
      'rival.example': [
        {
          pageUrl: 'https://blog.example/best-bike-locks',
          targetUrl: 'https://rival.example/locks',
          anchor: 'sturdy bike locks',
          firstSeen: '2025-06-02',
          dr: 58,
        },
        {
          pageUrl: 'https://forum.example/thread/9',
          targetUrl: 'https://rival.example/',
          anchor: 'Rival',
          nofollow: true,
          dr: 31,
        },
      ],
    },
  });
  // The import job reads the linking sites of the fixture web through its proxy.
  fixture = await startFixtureWeb(bicycleWeb());
  t = await createTestApp(
    {
      SEO_DATA_TEST_URL: server.url,
      HTTP_PROXY: fixture.proxyUrl,
      CRAWL_HOST_DELAY_MS: '0',
      CRAWL_RETRY_BASE_MS: '10',
      CRAWL_TIMEOUT_MS: '3000',
    },
    { jobs: true },
  );
  owner = await person();
  member = await person();
  outsider = await person();
  await t.handle.db
    .insert(workspaceMembers)
    .values({ workspaceId: owner.workspaceId, userId: member.userId, role: 'member' });
});
afterAll(async () => {
  await t?.close();
  await server?.close();
  await fixture?.close();
});

describe('Settings → Data providers', () => {
  it('lists the four providers, none connected at first', async () => {
    const list = await call(owner, 'GET', apiPaths.dataProviders);
    expect(list.statusCode).toBe(200);
    expect(list.json<{ items: DataProviderView[] }>().items.map((p) => [p.provider, p.connected])).toEqual([
      ['ahrefs', false],
      ['moz', false],
      ['dataforseo', false],
      ['semrush', false],
    ]);
  });

  it('connects a provider with its key encrypted at rest, never answered, and logs who did it', async () => {
    const saved = await call(owner, 'PUT', providerPath('ahrefs'), {
      provider: 'ahrefs',
      apiKey: seoDataKeys.ahrefs,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<DataProviderView>()).toMatchObject({
      provider: 'ahrefs',
      connected: true,
      keyHint: '-key',
    });
    expect(saved.body).not.toContain(seoDataKeys.ahrefs);
    const listed = await call(member, 'GET', apiPaths.dataProviders, undefined, owner.workspaceId);
    expect(listed.body).not.toContain(seoDataKeys.ahrefs);
    expect(listed.json<{ items: DataProviderView[] }>().items[0]).toMatchObject({ connected: true });
    const [row] = await t.handle.db
      .select()
      .from(dataProviderConnections)
      .where(eq(dataProviderConnections.workspaceId, owner.workspaceId));
    expect(row!.credentialsEncrypted).toMatch(/^v1\./);
    expect(row!.credentialsEncrypted).not.toContain(seoDataKeys.ahrefs);
    const [entry] = await t.handle.db
      .select()
      .from(activityEntries)
      .where(
        and(
          eq(activityEntries.workspaceId, owner.workspaceId),
          eq(activityEntries.kind, 'data_provider.connected'),
        ),
      );
    expect(entry).toMatchObject({ subject: 'Ahrefs API v3', actorId: owner.userId });
  });

  it('refuses credentials that do not fit the provider, in words', async () => {
    const missing = await call(owner, 'PUT', providerPath('moz'), { provider: 'moz', login: 'id-only' });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).message).toMatch(/Secret key is required/);
    const unknown = await call(owner, 'PUT', providerPath('majestic'), { provider: 'ahrefs', apiKey: 'k' });
    expect(unknown.statusCode).toBe(400);
  });

  it('tests the connection and keeps the result; a wrong key is a result in words, not an error', async () => {
    const ok = await call(owner, 'POST', withId(apiPaths.dataProviderTest, 'ahrefs'));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true, message: 'Connected (Enterprise): 997,500 API units left.' });
    await call(owner, 'PUT', providerPath('semrush'), { provider: 'semrush', apiKey: 'not-the-key' });
    const refused = await call(owner, 'POST', withId(apiPaths.dataProviderTest, 'semrush'));
    expect(refused.json()).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Semrush refused the API key/),
    });
    const listed = (await call(owner, 'GET', apiPaths.dataProviders)).json<{ items: DataProviderView[] }>()
      .items;
    expect(listed.find((p) => p.provider === 'semrush')).toMatchObject({ testOk: false });
    expect(listed.find((p) => p.provider === 'ahrefs')).toMatchObject({
      testOk: true,
      testedAt: expect.any(String),
    });
  });

  it('lets only Full Access members connect, test and remove', async () => {
    const put = await call(
      member,
      'PUT',
      providerPath('moz'),
      { provider: 'moz', ...seoDataKeys.moz },
      owner.workspaceId,
    );
    expect(put.statusCode).toBe(403);
    expect(errorOf(put).message).toBe('Only members with Full Access connect data providers.');
    expect(
      (await call(member, 'DELETE', providerPath('ahrefs'), undefined, owner.workspaceId)).statusCode,
    ).toBe(403);
    expect(
      (await call(member, 'POST', withId(apiPaths.dataProviderTest, 'ahrefs'), undefined, owner.workspaceId))
        .statusCode,
    ).toBe(403);
  });

  it('removes a provider; another workspace sees nothing of it and removing it there is 404', async () => {
    await call(owner, 'PUT', providerPath('dataforseo'), {
      provider: 'dataforseo',
      ...seoDataKeys.dataforseo,
    });
    const theirs = (await call(outsider, 'GET', apiPaths.dataProviders)).json<{
      items: DataProviderView[];
    }>();
    expect(theirs.items.every((p) => !p.connected)).toBe(true);
    expect((await call(outsider, 'DELETE', providerPath('dataforseo'))).statusCode).toBe(404);
    expect((await call(outsider, 'POST', withId(apiPaths.dataProviderTest, 'dataforseo'))).statusCode).toBe(
      404,
    );
    const removed = await call(owner, 'DELETE', providerPath('dataforseo'));
    expect(removed.json()).toEqual({ ok: true });
    expect((await call(owner, 'DELETE', providerPath('dataforseo'))).statusCode).toBe(404);
    const kinds = await t.handle.db
      .select({ kind: activityEntries.kind })
      .from(activityEntries)
      .where(eq(activityEntries.workspaceId, owner.workspaceId));
    expect(kinds.map((k) => k.kind)).toContain('data_provider.removed');
  });

  it('refuses an API key on every data provider route', async () => {
    const key = (
      await call(owner, 'POST', apiPaths.apiKeys, { name: 'Script', scopes: ['read', 'write'] })
    ).json<CreatedApiKey>();
    const withKey = (method: Method, url: string, payload?: object) =>
      t.app.inject({
        method,
        url: `${API_V1}${url.slice('/api'.length)}`,
        headers: { authorization: `Bearer ${key.secret}` },
        ...(payload ? { payload } : {}),
      });
    const campaign = await insertCampaign(t.handle.db, { id: owner.userId, workspaceId: owner.workspaceId });
    for (const response of [
      await withKey('GET', apiPaths.dataProviders),
      await withKey('PUT', providerPath('ahrefs'), { provider: 'ahrefs', apiKey: 'x' }),
      await withKey('POST', withId(apiPaths.dataProviderTest, 'ahrefs')),
      await withKey('DELETE', providerPath('ahrefs')),
      await withKey('POST', withId(apiPaths.providerEstimate, campaign.id), {
        kind: 'metrics',
        provider: 'ahrefs',
      }),
      await withKey('POST', withId(apiPaths.providerMetricsRefresh, campaign.id), { provider: 'ahrefs' }),
      await withKey('POST', withId(apiPaths.providerBacklinks, campaign.id), {
        provider: 'ahrefs',
        target: 'rival.example',
      }),
    ])
      expect(response.statusCode).toBe(403);
  });
});

describe("a campaign's runs", () => {
  let campaignId: string;

  beforeAll(async () => {
    const campaign = await insertCampaign(
      t.handle.db,
      { id: owner.userId, workspaceId: owner.workspaceId },
      {
        websiteUrl: 'http://www.bikeshop.test',
        competitors: ['rivalbikes.test'],
      },
    );
    campaignId = campaign.id;
    await t.handle.db.insert(prospects).values(
      ['alpha.example', 'beta.example', 'alpha.example'].map((domain, i) => ({
        campaignId,
        workspaceId: owner.workspaceId,
        website: `https://${domain}/${i ? `p${i}` : ''}`,
        domain: i === 2 ? null : domain,
      })),
    );
  });

  const estimate = (payload: object, who = owner) =>
    call(who, 'POST', withId(apiPaths.providerEstimate, campaignId), payload, owner.workspaceId);

  it('shows the cost before a metrics refresh, in the provider unit, then refreshes DR into the domain metrics', async () => {
    const before = await estimate({ kind: 'metrics', provider: 'ahrefs' });
    expect(before.statusCode).toBe(200);
    expect(before.json<ProviderEstimate>()).toEqual({
      provider: 'ahrefs',
      toFetch: 2,
      cached: 0,
      cachedAt: null,
      leftOver: 0,
      cost: { kind: 'units', units: 100, unitName: 'API units' },
    });
    server.requests.length = 0;
    const run = await call(
      member,
      'POST',
      withId(apiPaths.providerMetricsRefresh, campaignId),
      { provider: 'ahrefs' },
      owner.workspaceId,
    );
    expect(run.statusCode).toBe(200);
    expect(run.json<MetricsRefreshResult>()).toMatchObject({ fetched: 2, cached: 0, stored: 2 });
    expect(server.requests.map((r) => r.query.get('target')).sort()).toEqual([
      'alpha.example',
      'beta.example',
    ]);
    const stored = await t.handle.db
      .select()
      .from(domainMetrics)
      .where(eq(domainMetrics.workspaceId, owner.workspaceId));
    expect(stored.map((m) => [m.domain, m.source, m.metric, m.value]).sort()).toEqual([
      ['alpha.example', 'ahrefs', 'dr', 64],
      ['beta.example', 'ahrefs', 'dr', 22],
    ]);
    expect(stored[0]!.measuredOn).toBe(new Date().toISOString().slice(0, 10));
  });

  it('answers a second refresh from the cache, free, with the age of what it used', async () => {
    const again = await estimate({ kind: 'metrics', provider: 'ahrefs' });
    expect(again.json<ProviderEstimate>()).toMatchObject({ toFetch: 0, cached: 2, cost: { units: 0 } });
    expect(again.json<ProviderEstimate>().cachedAt).not.toBeNull();
    server.requests.length = 0;
    const run = await call(owner, 'POST', withId(apiPaths.providerMetricsRefresh, campaignId), {
      provider: 'ahrefs',
    });
    expect(run.json<MetricsRefreshResult>()).toMatchObject({ fetched: 0, cached: 2, stored: 2 });
    expect(server.requests).toHaveLength(0);
    // An old answer is asked for again.
    await t.handle.db
      .update(dataProviderCache)
      .set({ fetchedAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(dataProviderCache.workspaceId, owner.workspaceId));
    expect((await estimate({ kind: 'metrics', provider: 'ahrefs' })).json<ProviderEstimate>().toFetch).toBe(
      2,
    );
  });

  it("answers a provider's refusal in the user's words, as 502, storing nothing", async () => {
    await call(owner, 'PUT', providerPath('moz'), {
      provider: 'moz',
      login: seoDataKeys.noUnits,
      password: 'x',
    });
    const run = await call(owner, 'POST', withId(apiPaths.providerMetricsRefresh, campaignId), {
      provider: 'moz',
    });
    expect(run.statusCode).toBe(502);
    expect(errorOf(run)).toMatchObject({
      code: 'PROVIDER_ERROR',
      message: expect.stringMatching(/^Your Moz account has no units or funds left for this request/),
    });
    const moz = await t.handle.db.select().from(domainMetrics).where(eq(domainMetrics.source, 'moz'));
    expect(moz).toHaveLength(0);
  });

  it('says a provider that is not connected, and refuses a run on a campaign without domains', async () => {
    const none = await estimate({ kind: 'metrics', provider: 'dataforseo' });
    expect(none.statusCode).toBe(404);
    expect(errorOf(none).message).toMatch(/not connected/);
    const empty = await insertCampaign(t.handle.db, { id: owner.userId, workspaceId: owner.workspaceId });
    const refused = await call(owner, 'POST', withId(apiPaths.providerEstimate, empty.id), {
      kind: 'metrics',
      provider: 'ahrefs',
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).message).toMatch(/no prospects with a domain/);
  });

  it("turns a competitor's backlinks into an import that adds prospects with contacts and reasons", async () => {
    const cost = await estimate({
      kind: 'backlinks',
      provider: 'ahrefs',
      target: 'https://www.RivalBikes.test/x',
      limit: 100,
    });
    expect(cost.json<ProviderEstimate>()).toMatchObject({ toFetch: 1, cost: { kind: 'units', units: 900 } });
    const fetched = await call(owner, 'POST', withId(apiPaths.providerBacklinks, campaignId), {
      provider: 'ahrefs',
      target: 'rivalbikes.test',
      limit: 100,
    });
    expect(fetched.statusCode).toBe(200);
    const result = fetched.json<ProviderBacklinksResult>();
    expect(result).toMatchObject({ backlinks: 2, domains: 2, cachedAt: null });
    // The same import an uploaded export makes: listed with its progress on the campaign's Import tab.
    const done = await vi.waitFor(
      async () => {
        const now = (
          await call(
            owner,
            'GET',
            withId(apiPaths.backlinkImport, campaignId).replace(':importId', result.importId),
          )
        ).json<BacklinkImport>();
        if (now.status !== 'completed' && now.status !== 'failed') throw new Error(`still ${now.status}`);
        return now;
      },
      { timeout: 60_000, interval: 200 },
    );
    expect(done).toMatchObject({
      status: 'completed',
      tool: 'ahrefs',
      fileName: 'Ahrefs API: backlinks of rivalbikes.test',
      targetDomain: 'rivalbikes.test',
      prospectsAdded: 2,
    });
    const rows = await t.handle.db
      .select()
      .from(prospects)
      .where(
        and(
          eq(prospects.campaignId, campaignId),
          inArray(prospects.domain, ['gearreview.test', 'cyclingnews.test']),
        ),
      )
      .orderBy(prospects.domain);
    expect(rows[1]).toMatchObject({
      domain: 'gearreview.test',
      contactEmail: 'editor@gearreview.test',
      opportunityType: 'competitor_backlink',
      sourcePageUrl: 'http://gearreview.test/',
      sourceLinkUrl: 'http://rivalbikes.test/',
      sourceAnchorText: 'Rival Bikes review',
      sourceRel: '',
      sourceFirstSeen: '2025-06-02',
    });
    expect(rows[0]).toMatchObject({
      domain: 'cyclingnews.test',
      contactEmail: 'pitches@cyclingnews.test',
      sourceRel: 'nofollow',
    });
    const [dr] = await t.handle.db
      .select()
      .from(domainMetrics)
      .where(and(eq(domainMetrics.domain, 'gearreview.test'), eq(domainMetrics.metric, 'dr')));
    expect(dr).toMatchObject({ source: 'ahrefs', value: 45 });
  });

  it('reuses the cached backlinks of the same request, and says a target without backlinks', async () => {
    server.requests.length = 0;
    const again = await call(owner, 'POST', withId(apiPaths.providerBacklinks, campaignId), {
      provider: 'ahrefs',
      target: 'rivalbikes.test',
      limit: 100,
    });
    expect(again.json<ProviderBacklinksResult>().cachedAt).not.toBeNull();
    const free = await estimate({
      kind: 'backlinks',
      provider: 'ahrefs',
      target: 'rivalbikes.test',
      limit: 100,
    });
    expect(free.json<ProviderEstimate>()).toMatchObject({ toFetch: 0, cached: 1, cost: { units: 0 } });
    expect(server.requests).toHaveLength(0);
    const none = await call(owner, 'POST', withId(apiPaths.providerBacklinks, campaignId), {
      provider: 'ahrefs',
      target: 'nobody.example',
    });
    expect(none.statusCode).toBe(400);
    expect(errorOf(none).message).toBe('Ahrefs knows no backlinks to nobody.example.');
    const bad = await call(owner, 'POST', withId(apiPaths.providerBacklinks, campaignId), {
      provider: 'ahrefs',
      target: 'not a domain',
      limit: 5000,
    });
    expect(bad.statusCode).toBe(400);
  });

  it("answers 404 for another workspace's campaign", async () => {
    await call(outsider, 'PUT', providerPath('ahrefs'), { provider: 'ahrefs', apiKey: seoDataKeys.ahrefs });
    for (const response of [
      await call(outsider, 'POST', withId(apiPaths.providerEstimate, campaignId), {
        kind: 'metrics',
        provider: 'ahrefs',
      }),
      await call(outsider, 'POST', withId(apiPaths.providerMetricsRefresh, campaignId), {
        provider: 'ahrefs',
      }),
      await call(outsider, 'POST', withId(apiPaths.providerBacklinks, campaignId), {
        provider: 'ahrefs',
        target: 'rival.example',
      }),
    ])
      expect(response.statusCode).toBe(404);
  });
});
