/**
 * Crawler throughput: (1) HTML parsing and extraction alone, (2) fetch + extract through the
 * crawler (robots.txt, politeness gate, SSRF guard, size cap) against a local server, with no
 * per-host delay so the figure is the crawler's own cost. Everything runs in this one process
 * (one core for JavaScript, the local server included). Run: npm run bench:crawl
 */
import { Crawler } from '../src/server/discovery/crawler';
import { extractPage } from '../src/server/discovery/extract-page';
import { testCrawlerSettings } from '../src/server/testing/crawler-settings';
import { startFixtureWeb } from '../src/server/testing/fixture-web';
import { siteHost, syntheticPage } from './synthetic-web';

const SITES = 100;
const PAGES_PER_SITE = 20;
const pages = Array.from({ length: SITES * PAGES_PER_SITE }, (_, i) => ({
  site: i % SITES,
  page: Math.floor(i / SITES),
}));
const html = pages.map(({ site, page }) => syntheticPage(site, page, SITES, PAGES_PER_SITE));
const megabytes = html.reduce((sum, h) => sum + Buffer.byteLength(h), 0) / 1e6;

// 1. Parsing and extraction.
let links = 0;
let started = performance.now();
for (let i = 0; i < html.length; i++)
  links += extractPage(html[i]!, `http://${siteHost(pages[i]!.site)}/p${pages[i]!.page}`).links.length;
let seconds = (performance.now() - started) / 1000;
console.log(
  `extract: ${html.length} pages (${megabytes.toFixed(1)} MB, ${links} links) in ${seconds.toFixed(2)} s = ${(html.length / seconds).toFixed(0)} pages/s, ${(megabytes / seconds).toFixed(1)} MB/s`,
);

// 2. Fetch + extract through the crawler.
// Pages are made before the clock starts, so the server's share of the core is only serving.
const byUrl = new Map(pages.map(({ site, page }, i) => [`${siteHost(site)}/p${page}`, html[i]!]));
const web = await startFixtureWeb((host, path) => byUrl.get(`${host}${path}`));
const crawler = new Crawler(
  testCrawlerSettings(web.proxyUrl, { timeoutMs: 10_000, concurrency: 16, maxCrawlDelayMs: 0 }),
);
started = performance.now();
let ok = 0;
let next = 0;
await Promise.all(
  Array.from({ length: 16 }, async () => {
    while (next < pages.length) {
      const { site, page } = pages[next++]!;
      const url = `http://${siteHost(site)}/p${page}`;
      const result = await crawler.fetchPage(url);
      if (result.ok) {
        extractPage(result.html, result.finalUrl);
        ok++;
      }
    }
  }),
);
seconds = (performance.now() - started) / 1000;
console.log(
  `crawl: ${ok}/${pages.length} pages fetched and extracted in ${seconds.toFixed(2)} s = ${(ok / seconds).toFixed(0)} pages/s (${SITES} hosts, 16 in flight, ${web.requests.length - ok} robots.txt requests)`,
);
console.log(`peak RSS ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`);
await crawler.close();
await web.close();
