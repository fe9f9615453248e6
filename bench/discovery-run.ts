/**
 * A whole discovery run on a synthetic web served locally (crawl, store in PostgreSQL, PageRank,
 * contacts, scoring), with wall time, pages and peak memory (RSS sampled every 20 ms).
 * Run: npm run bench:discovery (an embedded PostgreSQL server of its own, in a temporary folder), or
 * with TEST_DATABASE_URL=postgres://… to store the crawl in a fresh database on that server.
 */
import { CrawlStore } from '../src/server/discovery/crawl-store';
import { Crawler } from '../src/server/discovery/crawler';
import { discoverProspects } from '../src/server/discovery/discover';
import { createTestDatabase } from '../src/server/testing/database';
import { testCrawlerSettings } from '../src/server/testing/crawler-settings';
import { startFixtureWeb } from '../src/server/testing/fixture-web';
import { siteHost, syntheticPage } from './synthetic-web';

const SITES = 400;
const PAGES_PER_SITE = 20;
const MAX_PAGES = 1_500;
const TARGET = 100;

let peakRss = 0;
let peakHeap = 0;
const sampler = setInterval(() => {
  const { rss, heapUsed } = process.memoryUsage();
  peakRss = Math.max(peakRss, rss);
  peakHeap = Math.max(peakHeap, heapUsed);
}, 20);

const web = await startFixtureWeb((host, path) => {
  const site = Number(/^site(\d+)\.bench$/.exec(host)?.[1]);
  if (path === '/' && Number.isInteger(site)) return syntheticPage(site, 0, SITES, PAGES_PER_SITE);
  const page = Number(/^\/p(\d+)$/.exec(path)?.[1]);
  return Number.isInteger(site) && Number.isInteger(page)
    ? syntheticPage(site, page, SITES, PAGES_PER_SITE)
    : undefined;
});
const handle = await createTestDatabase();
const crawler = new Crawler(
  testCrawlerSettings(web.proxyUrl, { timeoutMs: 10_000, concurrency: 8, maxCrawlDelayMs: 0 }),
);
const before = process.memoryUsage().rss;
const started = performance.now();
const result = await discoverProspects(
  {
    siteUrl: `http://${siteHost(0)}/`,
    competitors: [1, 2, 3].map((i) => `http://${siteHost(i)}/`),
    target: TARGET,
    skipDomains: new Set(),
  },
  {
    crawler,
    store: new CrawlStore(handle.db),
    searchProviders: [],
    backlinkProvider: null,
    limits: {
      maxPages: MAX_PAGES,
      maxMs: 600_000,
      contactPages: 3,
      cacheMaxAgeMs: 0,
      sitePages: 10,
      outwardDepth: 2,
      concurrency: 8,
    },
  },
);
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
const withEmail = result.prospects.filter((p) => p.contactEmail).length;
console.log(
  `discovery (${process.env.TEST_DATABASE_URL ? 'PostgreSQL server' : 'embedded PostgreSQL'}): ${result.prospects.length} prospects (${withEmail} with email) from ${result.candidates} candidates, ${result.pagesCrawled} pages in ${seconds.toFixed(1)} s = ${(result.pagesCrawled / seconds).toFixed(1)} pages/s (stopped: ${result.stoppedBy})`,
);
console.log(
  `memory: RSS ${(before / 1e6).toFixed(0)} MB before, peak ${(peakRss / 1e6).toFixed(0)} MB; peak heap ${(peakHeap / 1e6).toFixed(0)} MB`,
);
await crawler.close();
await web.close();
await handle.close();
