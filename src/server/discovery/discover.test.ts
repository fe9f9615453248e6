import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { testCrawlerSettings } from '../testing/crawler-settings';
import { createTestDatabase } from '../testing/database';
import { bicycleWeb, fixturePage } from '../testing/fixture-sites';
import { startFixtureWeb, startLocalServer, type FixtureWeb } from '../testing/fixture-web';
import { CrawlStore } from './crawl-store';
import { Crawler } from './crawler';
import { discoverProspects, type DiscoveryLimits } from './discover';
import { dataForSeoProvider } from './providers/dataforseo';
import { searxngProvider } from './providers/searxng';

const BIKES = 'Bicycle touring, gravel bikes, cycling routes, bike repair and bikepacking trips.';

let handle: DatabaseHandle;
let fixture: FixtureWeb;
let crawler: Crawler;
const stops: (() => Promise<void>)[] = [];

const limits: DiscoveryLimits = {
  maxPages: 200,
  maxMs: 60_000,
  contactPages: 4,
  cacheMaxAgeMs: 0,
  sitePages: 5,
  outwardDepth: 0,
  concurrency: 4,
};

beforeAll(async () => {
  handle = await createTestDatabase();
  fixture = await startFixtureWeb({
    ...bicycleWeb(),
    'claims.test': { '/post': fixturePage('Claims', `${BIKES} We like rivalbikes.test a lot (no link).`) },
    'linker.test': {
      '/post': fixturePage('Linker', `${BIKES} Ride review.`, [['Rival', 'http://rivalbikes.test/']]),
      '/contact': fixturePage('Contact', 'hello@linker.test'),
    },
    'guestblog.test': {
      '/guest-post-guidelines': fixturePage(
        'Guest post guidelines',
        `${BIKES} Send posts to guests@guestblog.test`,
      ),
    },
    'dfs.test': { '/page': fixturePage('DFS', `${BIKES}`, [['Pedal', 'http://pedalpro.test/x']]) },
    'fake.test': { '/page': fixturePage('Fake', `${BIKES} no links at all`) },
    // Found by searching the campaign's keyword alone: a site in the topic nobody links to.
    'spokes.test': { '/': fixturePage('Spokes', `${BIKES} Tours every week. hi@spokes.test`) },
    // A menu entry "Resources" is on most sites and does not make a search result one.
    'saasmenu.test': {
      '/blog/gravel': fixturePage('Gravel', `${BIKES} Write for us? No.`, [['Resources', '/resources']]),
      '/resources': fixturePage('Resources', `${BIKES} Ebooks and webinars.`),
    },
    // An article a search engine ranks for "write for us": the page itself is no footprint
    // page, its footer links to the site's write-for-us page.
    'ridemag.test': {
      '/2020/05/gravel-tour': fixturePage('Our gravel tour', `${BIKES} Day one.`, [
        ['Write for us', '/write-for-us/'],
      ]),
      '/write-for-us/': fixturePage('Write for us', `${BIKES} Pitch us: editors@ridemag.test`),
    },
  });
  crawler = new Crawler(testCrawlerSettings(fixture.proxyUrl, { maxBytes: 1_000_000 }));
});
afterAll(async () => {
  while (stops.length) await stops.pop()!();
  await crawler.close();
  await fixture.close();
  await handle.close();
});

async function providerServer(answer: (url: URL) => unknown) {
  const asked: URL[] = [];
  const server = await startLocalServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    asked.push(url);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer(url)));
  });
  stops.push(() => server.close());
  return { url: server.url, asked };
}

const input = {
  siteUrl: 'http://www.bikeshop.test/',
  competitors: ['http://rivalbikes.test/', 'http://pedalpro.test/'],
  target: 10,
  skipDomains: new Set<string>(),
};

describe('discovery strategies', () => {
  it('uses search results only once our crawler has verified them, and builds queries from keywords and competitors', async () => {
    const searx = await providerServer((url) => {
      const q = url.searchParams.get('q') ?? '';
      if (q.startsWith('"rivalbikes.test"')) {
        return { results: [{ url: 'http://claims.test/post' }, { url: 'http://linker.test/post' }] };
      }
      if (q.startsWith('"guest post"'))
        return {
          results: [{ url: 'http://guestblog.test/guest-post-guidelines' }, { url: 'http://fake.test/page' }],
        };
      if (q.startsWith('"write for us"'))
        return {
          results: [
            { url: 'http://ridemag.test/2020/05/gravel-tour' },
            { url: 'http://saasmenu.test/blog/gravel' },
          ],
        };
      if (/^\w+ -site:/.test(q)) return { results: [{ url: 'http://spokes.test/' }] };
      return { results: [] };
    });
    const progress: number[] = [];
    const result = await discoverProspects(input, {
      crawler,
      store: new CrawlStore(handle.db),
      searchProviders: [searxngProvider(searx.url)],
      backlinkProvider: null,
      limits,
      onProgress: ({ percent }) => {
        progress.push(percent);
      },
    });
    const byDomain = Object.fromEntries(result.prospects.map((p) => [p.domain, p]));
    expect(byDomain['linker.test']).toMatchObject({
      opportunityType: 'competitor_backlink',
      contactEmail: 'hello@linker.test',
    });
    expect(byDomain['guestblog.test']).toMatchObject({
      opportunityType: 'guest_post',
      contactEmail: 'guests@guestblog.test',
    });
    expect(byDomain['ridemag.test']).toMatchObject({
      opportunityType: 'guest_post',
      contactEmail: 'editors@ridemag.test',
      daScore: 0,
      sourcePageUrl: 'http://ridemag.test/write-for-us/',
    });
    expect(byDomain['spokes.test']).toMatchObject({
      opportunityType: 'topical_site',
      contactEmail: 'hi@spokes.test',
    });
    expect(byDomain['saasmenu.test']).toBeUndefined();
    expect(byDomain['claims.test']).toBeUndefined();
    expect(byDomain['fake.test']).toBeUndefined();

    const queries = searx.asked.map((u) => u.searchParams.get('q'));
    expect(queries).toContain('"rivalbikes.test" -site:rivalbikes.test');
    expect(queries).toContain('"pedalpro.test" -site:pedalpro.test');
    expect(
      queries.some((q) =>
        /^"write for us" (bikes|bike|touring|gravel|shop|bicycle|cycling) -site:bikeshop\.test -site:rivalbikes\.test -site:pedalpro\.test$/.test(
          q ?? '',
        ),
      ),
    ).toBe(true);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(99);
  });

  it('checks backlink provider claims on the page itself', async () => {
    const dfs = await providerServer(() => ({
      status_code: 20000,
      tasks: [
        {
          status_code: 20000,
          result: [
            {
              items: [
                { url_from: 'http://dfs.test/page', url_to: 'http://pedalpro.test/x', anchor: 'Pedal' },
                { url_from: 'http://fake.test/page', url_to: 'http://pedalpro.test/', anchor: 'x' },
              ],
            },
          ],
        },
      ],
    }));
    const result = await discoverProspects(input, {
      crawler,
      store: new CrawlStore(handle.db),
      searchProviders: [],
      backlinkProvider: dataForSeoProvider('l', 'p', dfs.url),
      limits,
    });
    const domains = result.prospects.map((p) => p.domain);
    expect(domains).toContain('dfs.test');
    expect(domains).not.toContain('fake.test');
    expect(dfs.asked.map((u) => u.pathname)).toEqual([
      '/v3/backlinks/backlinks/live',
      '/v3/backlinks/backlinks/live',
    ]);
  });

  it('reuses the competitor backlinks earlier crawls stored, without any provider', async () => {
    // linker.test and dfs.test were stored by the runs above; this run has no provider and no outward crawl.
    const result = await discoverProspects(input, {
      crawler,
      store: new CrawlStore(handle.db),
      searchProviders: [],
      backlinkProvider: null,
      limits: { ...limits, cacheMaxAgeMs: 3_600_000 },
    });
    expect(result.prospects.map((p) => p.domain)).toEqual(
      expect.arrayContaining(['linker.test', 'dfs.test']),
    );
  });

  it('stays within its page budget', async () => {
    const result = await discoverProspects(input, {
      crawler,
      store: new CrawlStore(handle.db),
      searchProviders: [],
      backlinkProvider: null,
      limits: { ...limits, maxPages: 12, outwardDepth: 2 },
    });
    expect(result.pagesCrawled).toBeLessThanOrEqual(12);
    expect(result.stoppedBy).toBe('budget');
  });
});
