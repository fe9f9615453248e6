import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DataProviderCredentials } from '../../shared/schemas/data-providers';
import { seoDataKeys, startSeoDataServer, type SeoDataServer } from '../testing/seo-data-server';
import { dataProviderFor, providerUrls } from './clients';
import { DataProviderError } from './data-provider';

let server: SeoDataServer;

beforeAll(async () => {
  server = await startSeoDataServer({
    sites: {
      'blog.example': { dr: 71, da: 58, spamScore: 3, rank: 512, authorityScore: 44 },
      'news.example': { dr: 35, da: 30, rank: 210, authorityScore: 21 },
    },
    backlinks: {
      'rival.example': [
        {
          pageUrl: 'https://blog.example/best-tools',
          targetUrl: 'https://rival.example/pricing',
          anchor: 'rival pricing',
          firstSeen: '2025-03-14',
          dr: 71,
          da: 58,
          rank: 512,
        },
        {
          pageUrl: 'https://news.example/roundup',
          targetUrl: 'https://rival.example/',
          anchor: 'Rival',
          nofollow: true,
          dr: 35,
          da: 30,
          rank: 210,
        },
      ],
    },
  });
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const urls = () => providerUrls({ NODE_ENV: 'test', SEO_DATA_TEST_URL: server.url });

const good: Record<DataProviderCredentials['provider'], DataProviderCredentials> = {
  ahrefs: { provider: 'ahrefs', apiKey: seoDataKeys.ahrefs },
  moz: { provider: 'moz', ...seoDataKeys.moz },
  dataforseo: { provider: 'dataforseo', ...seoDataKeys.dataforseo },
  semrush: { provider: 'semrush', apiKey: seoDataKeys.semrush },
};
/** The same provider with another key (Moz and DataForSEO: login) and a password that goes with nothing. */
const withKey = (credentials: DataProviderCredentials, key: string): DataProviderCredentials =>
  'apiKey' in credentials ? { ...credentials, apiKey: key } : { ...credentials, login: key, password: 'x' };

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof DataProviderError ? error.failure : error),
  );

describe('the provider hosts', () => {
  it('are the documented ones unless a test names its local server', () => {
    expect(providerUrls({ NODE_ENV: 'production', SEO_DATA_TEST_URL: 'http://127.0.0.1:9' })).toEqual({
      ahrefs: 'https://api.ahrefs.com',
      moz: 'https://lsapi.seomoz.com',
      dataforseo: 'https://api.dataforseo.com',
      semrushApi: 'https://api.semrush.com',
      semrushWww: 'https://www.semrush.com',
    });
    expect(providerUrls({ NODE_ENV: 'test', SEO_DATA_TEST_URL: 'http://127.0.0.1:9' }).moz).toBe(
      'http://127.0.0.1:9',
    );
  });
});

describe('Ahrefs API v3', () => {
  it('reads Domain Rating one domain a request, with the Bearer key, target and date', async () => {
    const metrics = await dataProviderFor(good.ahrefs, urls()).domainMetrics([
      'blog.example',
      'news.example',
    ]);
    expect(Object.fromEntries(metrics)).toEqual({
      'blog.example': [{ source: 'ahrefs', metric: 'dr', value: 71 }],
      'news.example': [{ source: 'ahrefs', metric: 'dr', value: 35 }],
    });
    expect(server.requests).toHaveLength(2);
    const [first] = server.requests;
    expect(first!.path).toBe('/v3/site-explorer/domain-rating');
    expect(first!.headers.authorization).toBe(`Bearer ${seoDataKeys.ahrefs}`);
    expect(first!.query.get('date')).toBe(new Date().toISOString().slice(0, 10));
  });

  it('reads backlinks one per referring domain, live, with their rel, first-seen day and DR', async () => {
    const links = await dataProviderFor(good.ahrefs, urls()).backlinks('rival.example', 50);
    expect(links).toEqual([
      {
        pageUrl: 'https://blog.example/best-tools',
        targetUrl: 'https://rival.example/pricing',
        anchor: 'rival pricing',
        rel: '',
        firstSeen: '2025-03-14',
        domainMetric: { source: 'ahrefs', metric: 'dr', value: 71 },
      },
      expect.objectContaining({ pageUrl: 'https://news.example/roundup', rel: 'nofollow', firstSeen: null }),
    ]);
    const query = server.requests[0]!.query;
    expect(Object.fromEntries(query)).toMatchObject({
      target: 'rival.example',
      mode: 'domain',
      aggregation: '1_per_domain',
      history: 'live',
      limit: '50',
    });
    expect(query.get('select')!.split(',')).toContain('domain_rating_source');
  });

  it('estimates in API units: 50 a domain, and a backlink row one unit a field with 50 at least', () => {
    const ahrefs = dataProviderFor(good.ahrefs, urls());
    expect(ahrefs.estimateCost({ kind: 'metrics', domains: 3 })).toEqual({
      kind: 'units',
      units: 150,
      unitName: 'API units',
    });
    expect(ahrefs.estimateCost({ kind: 'backlinks', limit: 100 })).toMatchObject({ units: 900 });
    expect(ahrefs.estimateCost({ kind: 'backlinks', limit: 2 })).toMatchObject({ units: 50 });
    // A request the cache answers costs nothing.
    expect(ahrefs.estimateCost({ kind: 'backlinks', limit: 0 })).toMatchObject({ units: 0 });
  });

  it('checks the key with the free limits-and-usage endpoint', async () => {
    await expect(dataProviderFor(good.ahrefs, urls()).checkConnection()).resolves.toBe(
      'Connected (Enterprise): 997,500 API units left.',
    );
  });
});

describe('Moz Links API v2', () => {
  it('reads DA and Spam Score 50 targets a request with HTTP Basic auth', async () => {
    const domains = Array.from({ length: 51 }, (_, i) => (i === 0 ? 'blog.example' : `site${i}.example`));
    domains[1] = 'news.example';
    const metrics = await dataProviderFor(good.moz, urls()).domainMetrics(domains);
    expect(metrics.get('blog.example')).toEqual([
      { source: 'moz', metric: 'da', value: 58 },
      { source: 'moz', metric: 'spam_score', value: 3 },
    ]);
    // Moz answers -1 for a site without a Spam Score: only DA is kept.
    expect(metrics.get('news.example')).toEqual([{ source: 'moz', metric: 'da', value: 30 }]);
    expect(server.requests.map((r) => (r.body as { targets: string[] }).targets.length)).toEqual([50, 1]);
    expect(server.requests[0]!.method).toBe('POST');
    expect(server.requests[0]!.path).toBe('/v2/url_metrics');
    expect(server.requests[0]!.headers.authorization).toBe(
      `Basic ${Buffer.from('mozscape-id:moz-secret').toString('base64')}`,
    );
  });

  it('reads links page by page with next_token, pages written with a scheme', async () => {
    const links = await dataProviderFor(good.moz, urls()).backlinks('rival.example', 2);
    expect(links.map((l) => [l.pageUrl, l.rel, l.domainMetric?.value])).toEqual([
      ['http://blog.example/best-tools', '', 58],
      ['http://news.example/roundup', 'nofollow', 30],
    ]);
    expect(server.requests[0]!.body).toMatchObject({
      target: 'rival.example/',
      target_scope: 'root_domain',
      filter: 'external',
      limit: 2,
    });
  });

  it('estimates one row a domain or link, and checks the key with usage_data', async () => {
    const moz = dataProviderFor(good.moz, urls());
    expect(moz.estimateCost({ kind: 'metrics', domains: 120 })).toEqual({
      kind: 'units',
      units: 120,
      unitName: 'rows',
    });
    await expect(moz.checkConnection()).resolves.toBe('Connected: 1,234 rows used this month.');
    expect(server.requests[0]!.path).toBe('/v2/usage_data');
  });
});

describe('DataForSEO', () => {
  it('reads ranks of up to 1,000 targets in one task of bulk_ranks', async () => {
    const metrics = await dataProviderFor(good.dataforseo, urls()).domainMetrics([
      'blog.example',
      'news.example',
    ]);
    expect(Object.fromEntries(metrics)).toEqual({
      'blog.example': [{ source: 'dataforseo', metric: 'rank', value: 512 }],
      'news.example': [{ source: 'dataforseo', metric: 'rank', value: 210 }],
    });
    expect(server.requests[0]!.path).toBe('/v3/backlinks/bulk_ranks/live');
    expect(server.requests[0]!.body).toEqual([
      { targets: ['blog.example', 'news.example'], rank_scale: 'one_thousand' },
    ]);
  });

  it('reads backlinks one per domain, their attributes as rel', async () => {
    const links = await dataProviderFor(good.dataforseo, urls()).backlinks('rival.example', 10);
    expect(links.map((l) => [l.pageUrl, l.rel, l.firstSeen, l.domainMetric?.value])).toEqual([
      ['https://blog.example/best-tools', '', '2025-03-14', 512],
      ['https://news.example/roundup', 'nofollow', null, 210],
    ]);
    expect(server.requests[0]!.body).toEqual([
      expect.objectContaining({ target: 'rival.example', mode: 'one_per_domain', limit: 10 }),
    ]);
  });

  it('estimates US dollars per task and row, rounded up to the cent, and checks the balance', async () => {
    const dfs = dataProviderFor(good.dataforseo, urls());
    // $0.02 + 1,000 × $0.00003 = $0.05
    expect(dfs.estimateCost({ kind: 'backlinks', limit: 1000 })).toEqual({
      kind: 'money',
      amountMinor: 5,
      currency: 'USD',
    });
    // two tasks of 1,000 and 500 targets: $0.04 + $0.045 = $0.085 → 9 cents
    expect(dfs.estimateCost({ kind: 'metrics', domains: 1500 })).toMatchObject({ amountMinor: 9 });
    expect(dfs.estimateCost({ kind: 'backlinks', limit: 0 })).toMatchObject({ amountMinor: 0 });
    await expect(dfs.checkConnection()).resolves.toBe('Connected: a balance of $42.50.');
  });
});

describe('Semrush API', () => {
  it('reads Authority Score from backlinks_overview lines, a domain it does not know left out', async () => {
    const metrics = await dataProviderFor(good.semrush, urls()).domainMetrics([
      'blog.example',
      'unknown.example',
    ]);
    expect(Object.fromEntries(metrics)).toEqual({
      'blog.example': [{ source: 'semrush', metric: 'authority_score', value: 44 }],
    });
    const request = server.requests.find((r) => r.query.get('target') === 'blog.example')!;
    expect(Object.fromEntries(request.query)).toMatchObject({
      key: seoDataKeys.semrush,
      type: 'backlinks_overview',
      target_type: 'root_domain',
      export_columns: 'ascore',
    });
  });

  it('reads backlinks lines, first_seen from Unix time', async () => {
    const links = await dataProviderFor(good.semrush, urls()).backlinks('rival.example', 100);
    expect(links.map((l) => [l.pageUrl, l.anchor, l.rel, l.firstSeen])).toEqual([
      ['https://blog.example/best-tools', 'rival pricing', '', '2025-03-14'],
      ['https://news.example/roundup', 'Rival', 'nofollow', null],
    ]);
    expect(server.requests[0]!.query.get('display_limit')).toBe('100');
  });

  it('estimates 40 units a line and checks the unit balance', async () => {
    const semrush = dataProviderFor(good.semrush, urls());
    expect(semrush.estimateCost({ kind: 'backlinks', limit: 200 })).toMatchObject({ units: 8000 });
    await expect(semrush.checkConnection()).resolves.toBe('Connected: 98,760 API units left.');
    expect(server.requests[0]!.path).toBe('/users/countapiunits.html');
  });
});

describe.each(Object.values(good))('$provider errors', (credentials) => {
  it('says a refused key, an empty account, a rate limit and an outage in words', async () => {
    const provider = (key: string) => dataProviderFor(withKey(credentials, key), urls());
    expect(await failureOf(provider('wrong-key').domainMetrics(['blog.example']))).toBe('auth');
    expect(await failureOf(provider(seoDataKeys.noUnits).backlinks('rival.example', 5))).toBe('credits');
    expect(await failureOf(provider(seoDataKeys.rateLimited).domainMetrics(['blog.example']))).toBe(
      'rate_limit',
    );
    expect(await failureOf(provider(seoDataKeys.broken).checkConnection())).toBe('unavailable');
    const refused = await provider('wrong-key')
      .checkConnection()
      .catch((error: Error) => error.message);
    expect(refused).toMatch(/refused the API key\. Check it in Settings → Data providers\./);
  });
});

it('says a provider that cannot be reached is not answering', async () => {
  const closed = await startSeoDataServer({ sites: {}, backlinks: {} });
  await closed.close();
  const provider = dataProviderFor(
    good.ahrefs,
    providerUrls({ NODE_ENV: 'test', SEO_DATA_TEST_URL: closed.url }),
  );
  await expect(provider.domainMetrics(['blog.example'])).rejects.toThrow('Ahrefs is not answering right now');
});
