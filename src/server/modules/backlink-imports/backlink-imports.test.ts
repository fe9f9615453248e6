import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPaths, withId } from '../../../shared/paths';
import type { BacklinkImport } from '../../../shared/schemas/backlink-imports';
import { domainMetrics } from '../../db/schema/backlink-imports';
import { prospects } from '../../db/schema/prospects';
import { createTestApp, signUpUser, type TestApp } from '../../testing/app';
import { createManualCampaign } from '../../testing/campaigns';
import { bicycleWeb } from '../../testing/fixture-sites';
import { startFixtureWeb, type FixtureWeb } from '../../testing/fixture-web';

let t: TestApp;
let fixture: FixtureWeb;
let cookie: string;
let otherCookie: string;

beforeAll(async () => {
  fixture = await startFixtureWeb(bicycleWeb());
  t = await createTestApp(
    {
      HTTP_PROXY: fixture.proxyUrl,
      CRAWL_HOST_DELAY_MS: '0',
      CRAWL_RETRY_BASE_MS: '10',
      CRAWL_TIMEOUT_MS: '3000',
    },
    { jobs: true },
  );
  ({ cookie } = await signUpUser(t.app));
  ({ cookie: otherCookie } = await signUpUser(t.app, { email: 'other@example.com' }));
});
afterAll(async () => {
  await t.close();
  await fixture.close();
});

const boundary = '----backlink-export-boundary';
/** A browser's FormData upload of one file. */
const upload = (url: string, file: Buffer, as = cookie) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { cookie: as, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rivalbikes.test-backlinks.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });

/** An Ahrefs "CSV for Excel" backlinks export (UTF-16 LE, BOM, tabs, every field quoted). */
function ahrefsExport(target: string, rows: [page: string, dr: number, anchor: string, nofollow: boolean][]) {
  const lines = [
    [
      'Referring page title',
      'Referring page URL',
      'Domain rating',
      'UR',
      'Target URL',
      'Anchor',
      'Type',
      'Nofollow',
      'UGC',
      'Sponsored',
      'First seen',
    ],
    ...rows.map(([page, dr, anchor, nofollow]) => [
      'A page',
      page,
      String(dr),
      '3',
      `http://${target}/`,
      anchor,
      'text',
      String(nofollow),
      'false',
      'false',
      '2024-03-05 10:00:00',
    ]),
  ];
  const text = lines.map((cells) => cells.map((c) => `"${c}"`).join('\t')).join('\n');
  return Buffer.from(`\uFEFF${text}\n`, 'utf16le');
}

const importPath = (campaignId: string, importId: string, suffix = '') =>
  `${withId(apiPaths.backlinkImports, campaignId)}/${importId}${suffix}`;

async function importToEnd(campaignId: string, file: Buffer): Promise<BacklinkImport> {
  const uploaded = await upload(withId(apiPaths.backlinkImports, campaignId), file);
  expect(uploaded.statusCode).toBe(201);
  const view = uploaded.json<BacklinkImport>();
  const started = await t.app.inject({
    method: 'POST',
    url: importPath(campaignId, view.id, '/start'),
    headers: { cookie },
    payload: {},
  });
  expect(started.statusCode).toBe(200);
  return vi.waitFor(
    async () => {
      const now = (
        await t.app.inject({ url: importPath(campaignId, view.id), headers: { cookie } })
      ).json<BacklinkImport>();
      if (now.status !== 'completed' && now.status !== 'failed') throw new Error(`still ${now.status}`);
      return now;
    },
    { timeout: 60_000, interval: 200 },
  );
}

describe('backlink export import', () => {
  it('shows what it recognised, then adds the competitor’s linking sites as prospects with contacts and reasons', async () => {
    const campaign = await createManualCampaign(t.app, cookie, {
      websiteUrl: 'http://www.bikeshop.test',
      competitors: ['rivalbikes.test', 'pedalpro.test'],
    });
    const file = ahrefsExport('rivalbikes.test', [
      ['http://gearreview.test/', 45, 'Rival Bikes review', false],
      ['http://gearreview.test/older', 45, 'second link', false],
      ['http://cyclingnews.test/', 30, 'rival', true],
      ['http://blog.bikeshop.test/', 10, 'our own blog', false],
      ['https://www.facebook.com/rival', 100, 'social', false],
    ]);
    const uploaded = await upload(withId(apiPaths.backlinkImports, campaign.id), file);
    expect(uploaded.statusCode).toBe(201);
    expect(uploaded.json()).toMatchObject({
      tool: 'ahrefs',
      report: 'backlinks',
      encoding: 'utf-16le',
      delimiter: '\t',
      rowCount: 5,
      domainCount: 4,
      targetDomain: 'rivalbikes.test',
      status: 'uploaded',
    });

    const done = await importToEnd(campaign.id, file);
    expect(done).toMatchObject({ status: 'completed', prospectsAdded: 2, domainsSkipped: 2, progress: 100 });
    const rows = await t.handle.db
      .select()
      .from(prospects)
      .where(and(eq(prospects.campaignId, campaign.id), isNotNull(prospects.domain)))
      .orderBy(prospects.domain);
    expect(rows.map((p) => p.domain)).toEqual(['cyclingnews.test', 'gearreview.test']);
    // A manual campaign's target is the number of its prospects, imported ones included.
    const all = await t.handle.db.select().from(prospects).where(eq(prospects.campaignId, campaign.id));
    const detail = await t.app.inject({ url: withId(apiPaths.campaign, campaign.id), headers: { cookie } });
    expect(detail.json()).toMatchObject({ prospectsFound: all.length, targetProspects: all.length });
    expect(rows[1]).toMatchObject({
      contactEmail: 'editor@gearreview.test',
      opportunityType: 'competitor_backlink',
      sourcePageUrl: 'http://gearreview.test/',
      sourceLinkUrl: 'http://rivalbikes.test/',
      sourceAnchorText: 'Rival Bikes review',
      sourceRel: '',
      sourceFirstSeen: '2024-03-05',
    });
    expect(rows[1]!.relevanceScore).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({ contactEmail: 'pitches@cyclingnews.test', sourceRel: 'nofollow' });
    const [dr] = await t.handle.db
      .select()
      .from(domainMetrics)
      .where(and(eq(domainMetrics.domain, 'gearreview.test'), eq(domainMetrics.metric, 'dr')));
    expect(dr).toMatchObject({ source: 'ahrefs', value: 45 });

    // Prospects sort and filter by the imported metrics, which they carry beside LinkPilot's own score.
    const listed = (query: string) =>
      t.app
        .inject({ url: `${withId(apiPaths.campaignProspects, campaign.id)}?${query}`, headers: { cookie } })
        .then((r) =>
          r.json<{ items: { website: string; metrics: Record<string, number> }[]; total: number }>(),
        );
    const byDr = await listed('sort=dr&order=desc');
    expect(byDr.items.slice(0, 2).map((p) => [p.website, p.metrics])).toEqual([
      ['http://gearreview.test/', { dr: 45, ur: 3 }],
      ['http://cyclingnews.test/', { dr: 30, ur: 3 }],
    ]);
    expect((await listed('sort=dr&order=asc')).items.map((p) => p.website).slice(0, 2)).toEqual([
      'http://cyclingnews.test/',
      'http://gearreview.test/',
    ]);
    const strong = await listed('sort=daScore&metric=dr&min=40');
    expect([strong.total, strong.items.map((p) => p.website)]).toEqual([1, ['http://gearreview.test/']]);

    // The same export again adds nothing: its sites are prospects already.
    expect(await importToEnd(campaign.id, file)).toMatchObject({ prospectsAdded: 0, domainsSkipped: 4 });

    // A second competitor's export: gearreview.test links to both, and is the link intersect.
    await importToEnd(
      campaign.id,
      ahrefsExport('pedalpro.test', [['http://gearreview.test/p', 45, 'Pedal Pro', false]]),
    );
    const intersect = await t.app.inject({
      url: withId(apiPaths.backlinkIntersect, campaign.id),
      headers: { cookie },
    });
    expect(intersect.json()).toMatchObject({
      total: 1,
      items: [
        {
          domain: 'gearreview.test',
          competitors: ['pedalpro.test', 'rivalbikes.test'],
          dr: 45,
          isProspect: true,
        },
      ],
    });
  });

  it('refuses a file without rows, a request without a file, and another workspace’s campaign or import (404)', async () => {
    const campaign = await createManualCampaign(t.app, cookie);
    const url = withId(apiPaths.backlinkImports, campaign.id);
    const empty = await upload(url, Buffer.from('Referring page URL,Anchor\n'));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('The file has no rows under its header.');
    // Search Console's "Top linking text" names no linking site: refused, saying what to export instead.
    const linkText = await upload(
      url,
      readFileSync(
        join(import.meta.dirname, '../../discovery/backlink-exports/__fixtures__/gsc-top-linking-text.csv'),
      ),
    );
    expect(linkText.statusCode).toBe(400);
    expect(linkText.json().error.message).toMatch(
      /^This is Search Console’s “Top linking text” export.*“Latest links”/,
    );
    const noFile = await t.app.inject({ method: 'POST', url, headers: { cookie } });
    expect(noFile.statusCode).toBeGreaterThanOrEqual(400);
    expect(noFile.statusCode).toBeLessThan(500);

    const mine = (
      await upload(url, Buffer.from('Source url,Target url,Anchor\nhttp://a.example/,http://b.example/,x\n'))
    ).json<BacklinkImport>();
    expect((await upload(url, Buffer.from('a\n1\n'), otherCookie)).statusCode).toBe(404);
    expect((await t.app.inject({ url, headers: { cookie: otherCookie } })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: importPath(campaign.id, mine.id), headers: { cookie: otherCookie } }))
        .statusCode,
    ).toBe(404);
    const foreignStart = await t.app.inject({
      method: 'POST',
      url: importPath(campaign.id, mine.id, '/start'),
      headers: { cookie: otherCookie },
      payload: {},
    });
    expect(foreignStart.statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          url: withId(apiPaths.backlinkIntersect, campaign.id),
          headers: { cookie: otherCookie },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('asks for a mapping of an unknown file, and remembers it for the next file with the same columns', async () => {
    const campaign = await createManualCampaign(t.app, cookie);
    const url = withId(apiPaths.backlinkImports, campaign.id);
    const file = Buffer.from('Seite;Wortlaut\nhttp://mapped.example/x;hallo\n');
    const first = (await upload(url, file)).json<BacklinkImport>();
    expect(first).toMatchObject({ tool: 'other', report: 'unknown' });
    const refused = await t.app.inject({
      method: 'POST',
      url: importPath(campaign.id, first.id, '/start'),
      headers: { cookie },
      payload: {},
    });
    expect(refused.statusCode).toBe(400);
    const badMapping = await t.app.inject({
      method: 'POST',
      url: importPath(campaign.id, first.id, '/start'),
      headers: { cookie },
      payload: { mapping: { fields: { linkingPage: -1 }, metrics: [], targets: [] } },
    });
    expect(badMapping.statusCode).toBe(400);
    const mapping = { fields: { linkingPage: 0, anchor: 1 }, metrics: [], targets: [] };
    const started = await t.app.inject({
      method: 'POST',
      url: importPath(campaign.id, first.id, '/start'),
      headers: { cookie },
      payload: { targetDomain: null, mapping },
    });
    expect(started.json()).toMatchObject({ status: 'queued', report: 'backlinks' });
    const second = (await upload(url, file)).json<BacklinkImport>();
    expect(second).toMatchObject({ tool: 'other', report: 'backlinks', mapping, domainCount: 1 });
  });
});
