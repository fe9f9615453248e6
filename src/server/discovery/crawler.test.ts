import { afterEach, describe, expect, it } from 'vitest';
import { startFixtureWeb, startLocalServer, type FixtureAnswer } from '../testing/fixture-web';
import { testCrawlerSettings } from '../testing/crawler-settings';
import { Crawler, decodeHtml, type CrawlerSettings } from './crawler';
import { AddressPolicy, SsrfError } from '../net/ssrf-guard';

const base = testCrawlerSettings('', {
  timeoutMs: 2_000,
  maxBytes: 50_000,
  retries: 2,
  retryBaseMs: 20,
  maxCrawlDelayMs: 5_000,
});
const noProxy = { httpProxy: '', httpsProxy: '', noProxy: '' };
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function web(
  sites: Record<string, Record<string, FixtureAnswer>>,
  settings: Partial<CrawlerSettings> = {},
) {
  const fixture = await startFixtureWeb(sites);
  const crawler = new Crawler({
    ...base,
    allowPrivate: [],
    proxy: { httpProxy: fixture.proxyUrl, httpsProxy: fixture.proxyUrl, noProxy: '' },
    ...settings,
  });
  cleanups.push(
    () => fixture.close(),
    () => crawler.close(),
  );
  return { fixture, crawler };
}

async function direct(
  listener: Parameters<typeof startLocalServer>[0],
  settings: Partial<CrawlerSettings> = {},
) {
  const server = await startLocalServer(listener);
  const crawler = new Crawler({ ...base, allowPrivate: [], proxy: noProxy, ...settings });
  cleanups.push(
    () => server.close(),
    () => crawler.close(),
  );
  return { server, crawler };
}

const page = (body: string) => `<html><body>${body}</body></html>`;

describe('politeness and robots.txt', () => {
  it('keeps one request in flight per host, spaces them by the delay, and sends our user agent', async () => {
    const pages = Object.fromEntries(
      Array.from({ length: 5 }, (_, i) => [`/p${i}`, { body: page(`p${i}`), delayMs: 30 }]),
    );
    const { fixture, crawler } = await web({ 'slow.test': pages, 'other.test': pages }, { hostDelayMs: 120 });
    const urls = Object.keys(pages).flatMap((p) => [`http://slow.test${p}`, `http://other.test${p}`]);
    const results = await Promise.all(urls.map((u) => crawler.fetchPage(u)));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(fixture.maxInFlight.get('slow.test')).toBe(1);
    const starts = fixture.requests
      .filter((r) => r.host === 'slow.test' && r.path !== '/robots.txt')
      .map((r) => r.at);
    // Arrival times at the server: each gap is the delay less the earlier request's transit time,
    // so single gaps get a margin for a loaded machine; the whole span shows the spacing.
    expect(starts).toHaveLength(5);
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(80);
    expect(starts.at(-1)! - starts[0]!).toBeGreaterThanOrEqual(4 * 120 - 40);
    expect(new Set(fixture.requests.map((r) => r.userAgent))).toEqual(new Set([base.userAgent]));
    // robots.txt is read once per host.
    expect(fixture.requests.filter((r) => r.path === '/robots.txt')).toHaveLength(2);
  });

  it('obeys Disallow and Crawl-delay for our agent', async () => {
    const robots = {
      headers: { 'content-type': 'text/plain' },
      body: 'User-agent: LinkPilotBot\nDisallow: /private\nCrawl-delay: 0.2\n',
    };
    const { fixture, crawler } = await web({
      'shop.test': { '/robots.txt': robots, '/a': page('a'), '/b': page('b'), '/private/x': page('secret') },
    });
    const blocked = await crawler.fetchPage('http://shop.test/private/x');
    expect(blocked).toMatchObject({ ok: false, failure: 'robots' });
    await crawler.fetchPage('http://shop.test/a');
    await crawler.fetchPage('http://shop.test/b');
    expect(fixture.requests.some((r) => r.path.startsWith('/private'))).toBe(false);
    const [a, b] = fixture.requests.filter((r) => r.path === '/a' || r.path === '/b').map((r) => r.at);
    expect(b! - a!).toBeGreaterThanOrEqual(160);
  });

  it('follows redirects hop by hop and checks robots.txt of every host', async () => {
    const { fixture, crawler } = await web({
      'old.test': { '/': { status: 301, headers: { location: 'http://new.test/home?utm_source=old' } } },
      'new.test': {
        '/robots.txt': {
          headers: { 'content-type': 'text/plain' },
          body: 'User-agent: *\nDisallow: /home\n',
        },
      },
    });
    const result = await crawler.fetchPage('http://old.test/');
    expect(result).toMatchObject({ ok: false, failure: 'robots', finalUrl: 'http://new.test/home' });
    expect(fixture.requests.map((r) => `${r.host}${r.path}`)).toEqual([
      'old.test/robots.txt',
      'old.test/',
      'new.test/robots.txt',
    ]);
  });
});

describe('the SSRF guard', () => {
  it('refuses a redirect to 127.0.0.1 when the allow-list is off', async () => {
    const { fixture, crawler } = await web({
      'evil.test': { '/': { status: 302, headers: { location: 'http://127.0.0.1:9/admin' } } },
    });
    const result = await crawler.fetchPage('http://evil.test/');
    expect(result).toMatchObject({ ok: false, failure: 'refused', finalUrl: 'http://127.0.0.1:9/admin' });
    expect(fixture.requests.some((r) => r.host === '127.0.0.1')).toBe(false);
  });

  it('refuses loopback, private and IPv4-mapped addresses and localhost, also through a proxy', async () => {
    const { crawler } = await web({});
    for (const url of [
      'http://127.0.0.1/',
      'http://10.0.0.8/',
      'http://192.168.1.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[fd00::1]/',
      'http://0.0.0.0/',
      'http://localhost/',
      'http://api.localhost/',
      'http://2130706433/',
      'http://localhost./',
      'http://api.localhost./',
      'http://[::127.0.0.1]/',
      'http://[::10.0.0.8]/',
    ]) {
      expect(await crawler.fetchPage(url), url).toMatchObject({ ok: false, failure: 'refused' });
    }
  });

  it('refuses a host name that resolves to a private address at connect time', async () => {
    const policy = new AddressPolicy([]);
    const error = await new Promise<Error | null>((resolve) =>
      policy.lookup('localhost', {}, (e) => resolve(e)),
    );
    expect(error).toBeInstanceOf(SsrfError);
  });

  it('reaches an allow-listed address, and nothing else of the private ranges', async () => {
    const { server } = await direct((req, res) => {
      if (req.url === '/robots.txt') return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/html' }).end(page('local'));
    });
    const allowed = new Crawler({ ...base, allowPrivate: ['127.0.0.1/32'], proxy: noProxy });
    cleanups.push(() => allowed.close());
    expect(await allowed.fetchPage(`${server.url}/`)).toMatchObject({ ok: true });
    expect(await allowed.fetchPage('http://[::1]:9/')).toMatchObject({ ok: false, failure: 'refused' });
    const policy = new AddressPolicy(['127.0.0.1/32']);
    expect(policy.allows('127.0.0.1')).toBe(true);
    expect(policy.allows('::ffff:127.0.0.1')).toBe(true);
    expect(policy.allows('127.0.0.2')).toBe(false);
    expect(policy.allows('93.184.215.14')).toBe(true);
    expect(policy.allows('2606:2800:21f:cb07:6820:80da:af6b:8b2c')).toBe(true);
    expect(policy.allows('100.64.0.1')).toBe(false);
    expect(policy.allows('224.0.0.1')).toBe(false);
    expect(policy.allows('2002:7f00:1::')).toBe(false);
  });
});

describe('caps and retries', () => {
  const allowLocal = { allowPrivate: ['127.0.0.1/32'] };

  it('abandons a body larger than the cap, declared or streamed', async () => {
    const big = 'x'.repeat(60_000);
    const { server, crawler } = await direct((req, res) => {
      if (req.url === '/robots.txt') return res.writeHead(404).end();
      if (req.url === '/declared') return res.writeHead(200, { 'content-type': 'text/html' }).end(page(big));
      res.writeHead(200, { 'content-type': 'text/html', 'transfer-encoding': 'chunked' });
      res.write(page(big.slice(0, 30_000)));
      res.end(big);
    }, allowLocal);
    expect(await crawler.fetchPage(`${server.url}/declared`)).toMatchObject({
      ok: false,
      failure: 'too-large',
    });
    expect(await crawler.fetchPage(`${server.url}/streamed`)).toMatchObject({
      ok: false,
      failure: 'too-large',
    });
  });

  it('gives up on a page slower than the timeout', async () => {
    const { server, crawler } = await direct(
      (req, res) => {
        if (req.url === '/robots.txt') return res.writeHead(404).end();
        setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end(page('late')), 1_000);
      },
      { ...allowLocal, timeoutMs: 200, retries: 0 },
    );
    expect(await crawler.fetchPage(`${server.url}/`)).toMatchObject({ ok: false, failure: 'timeout' });
  });

  it('retries a 503 and a 429 with back-off, honouring Retry-After', async () => {
    let calls = 0;
    const { server, crawler } = await direct((req, res) => {
      if (req.url === '/robots.txt') return res.writeHead(404).end();
      calls++;
      if (calls === 1) return res.writeHead(503).end();
      if (calls === 2) return res.writeHead(429, { 'retry-after': '0' }).end();
      res.writeHead(200, { 'content-type': 'text/html' }).end(page('third time'));
    }, allowLocal);
    expect(await crawler.fetchPage(`${server.url}/`)).toMatchObject({ ok: true, status: 200 });
    expect(calls).toBe(3);
  });

  it('fetches HTML only and stops after the redirect limit', async () => {
    const { server, crawler } = await direct((req, res) => {
      if (req.url === '/robots.txt') return res.writeHead(404).end();
      if (req.url === '/file.pdf')
        return res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF');
      const n = Number(req.url!.slice(1)) || 0;
      res.writeHead(302, { location: `/${n + 1}` }).end();
    }, allowLocal);
    expect(await crawler.fetchPage(`${server.url}/file.pdf`)).toMatchObject({
      ok: false,
      failure: 'not-html',
    });
    expect(await crawler.fetchPage(`${server.url}/0`)).toMatchObject({
      ok: false,
      failure: 'too-many-redirects',
    });
  });

  it('decodes a page by its declared charset', async () => {
    const { server, crawler } = await direct((req, res) => {
      if (req.url === '/robots.txt') return res.writeHead(404).end();
      res
        .writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' })
        .end(Buffer.from(page('Grüße'), 'latin1'));
    }, allowLocal);
    const result = await crawler.fetchPage(`${server.url}/`);
    expect(result.ok && result.html).toContain('Grüße');
  });

  it('drops NUL characters and replaces invalid UTF-8, whatever the charset', () => {
    const bytes = Buffer.concat([
      Buffer.from('<p>a\u0000b'),
      Buffer.from([0xc3, 0x28, 0xff]),
      Buffer.from('</p>'),
    ]);
    expect(decodeHtml(bytes, 'text/html; charset=utf-8')).toBe('<p>ab\uFFFD(\uFFFD</p>');
    expect(decodeHtml(Buffer.from('<p>a\u0000b</p>', 'latin1'), 'text/html; charset=iso-8859-1')).toBe(
      '<p>ab</p>',
    );
    // UTF-16 text served as UTF-8: every other byte is a NUL; the letters remain.
    expect(decodeHtml(Buffer.from('<p>Hi</p>', 'utf16le'), 'text/html; charset=utf-8')).toBe('<p>Hi</p>');
  });
});
