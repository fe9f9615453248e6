import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { testCrawlerSettings } from '../testing/crawler-settings';
import { createTestDatabase } from '../testing/database';
import { fixturePage } from '../testing/fixture-sites';
import { startFixtureWeb, type FixtureWeb } from '../testing/fixture-web';
import { CrawlStore } from './crawl-store';
import { Crawler } from './crawler';
import { PageSource, RunBudget } from './page-source';
import { crawlSite, startUrlVariants } from './site-crawl';

let handle: DatabaseHandle;
let fixture: FixtureWeb;
let crawler: Crawler;

beforeAll(async () => {
  handle = await createTestDatabase();
  fixture = await startFixtureWeb({
    // Answers on www. only, as some domains do.
    'www.onlywww.test': {
      '/': fixturePage('Only www', 'Home', [['About', '/about']]),
      '/about': fixturePage('About', 'About us'),
    },
  });
  crawler = new Crawler(testCrawlerSettings(fixture.proxyUrl));
});
afterAll(async () => {
  await crawler.close();
  await fixture.close();
  await handle.close();
});

describe('crawlSite', () => {
  it('tries a typed address over http and on www. before giving up', () => {
    expect(startUrlVariants('https://example.com/blog/')).toEqual([
      'https://example.com/blog/',
      'http://example.com/blog/',
      'https://www.example.com/blog/',
    ]);
    expect(startUrlVariants('http://www.example.com/')).toEqual(['http://www.example.com/']);
    expect(startUrlVariants('http://127.0.0.1/')).toEqual(['http://127.0.0.1/']);
  });

  it('reads a site that answers on www. only when typed without it', async () => {
    const source = new PageSource(crawler, new CrawlStore(handle.db), new RunBudget(20, 60_000), {
      cacheMaxAgeMs: 0,
    });
    const pages = await crawlSite(source, 'http://onlywww.test/', 5);
    expect(pages.map((p) => p.url)).toEqual(['http://www.onlywww.test/', 'http://www.onlywww.test/about']);
    await source.flush();
  });
});
