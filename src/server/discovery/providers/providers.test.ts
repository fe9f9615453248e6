import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startLocalServer } from '../../testing/fixture-web';
import { braveSearchProvider } from './brave-search';
import { dataForSeoProvider } from './dataforseo';
import { ProviderError } from './provider';
import { searxngProvider } from './searxng';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

/** A local server answering every request with `status` and the JSON `answer`, recording requests. */
async function api(answer: unknown, status = 200) {
  const seen: Seen[] = [];
  const server = await startLocalServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  stops.push(() => server.close());
  return { url: server.url, seen };
}

describe('SearXNG', () => {
  it('asks /search with format=json and reads its results', async () => {
    const { url, seen } = await api({
      query: 'x',
      results: [{ url: 'https://a.test/p', title: 'A', content: 'about bikes', engine: 'duckduckgo' }],
    });
    const results = await searxngProvider(`${url}/`).search('"write for us" bikes');
    expect(results).toEqual([{ url: 'https://a.test/p', title: 'A', snippet: 'about bikes' }]);
    const asked = new URL(seen[0]!.url, url);
    expect(asked.pathname).toBe('/search');
    expect(asked.searchParams.get('q')).toBe('"write for us" bikes');
    expect(asked.searchParams.get('format')).toBe('json');
  });

  it('reports an instance without the JSON format as an error', async () => {
    const { url } = await api({ error: 'forbidden' }, 403);
    await expect(searxngProvider(url).search('x')).rejects.toThrow(
      new ProviderError('SearXNG answered HTTP 403'),
    );
  });
});

describe('Brave Search API', () => {
  it('sends the subscription token and reads web results', async () => {
    const { url, seen } = await api({
      type: 'search',
      web: { type: 'search', results: [{ url: 'https://b.test/', title: 'B', description: 'gravel' }] },
    });
    const results = await braveSearchProvider('key-123', `${url}/res/v1/web/search`).search(
      'intitle:resources bikes',
    );
    expect(results).toEqual([{ url: 'https://b.test/', title: 'B', snippet: 'gravel' }]);
    expect(seen[0]!.headers['x-subscription-token']).toBe('key-123');
    const asked = new URL(seen[0]!.url, url);
    expect(asked.pathname).toBe('/res/v1/web/search');
    expect(asked.searchParams.get('q')).toBe('intitle:resources bikes');
  });

  it('answers no results when the web section is missing, and an error for a bad shape', async () => {
    const empty = await api({ type: 'search' });
    expect(await braveSearchProvider('k', empty.url).search('x')).toEqual([]);
    const bad = await api({ web: { results: 'nope' } });
    await expect(braveSearchProvider('k', bad.url).search('x')).rejects.toThrow('unexpected shape');
  });
});

describe('DataForSEO backlinks', () => {
  it('posts a live backlinks task with Basic auth and reads the referring pages', async () => {
    const { url, seen } = await api({
      status_code: 20000,
      status_message: 'Ok.',
      tasks: [
        {
          status_code: 20000,
          status_message: 'Ok.',
          result: [
            {
              items: [
                {
                  url_from: 'https://blog.test/post',
                  url_to: 'https://rival.test/',
                  anchor: 'Rival',
                  dofollow: true,
                },
              ],
            },
          ],
        },
      ],
    });
    const records = await dataForSeoProvider('login@x.test', 'pw', url).backlinks('rival.test', 50);
    expect(records).toEqual([
      { pageUrl: 'https://blog.test/post', targetUrl: 'https://rival.test/', anchorText: 'Rival' },
    ]);
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.url).toBe('/v3/backlinks/backlinks/live');
    expect(seen[0]!.headers.authorization).toBe(`Basic ${Buffer.from('login@x.test:pw').toString('base64')}`);
    expect(JSON.parse(seen[0]!.body)).toEqual([
      expect.objectContaining({ target: 'rival.test', limit: 50, mode: 'one_per_domain' }),
    ]);
  });

  it('reports a failed task with its message', async () => {
    const { url } = await api({
      status_code: 20000,
      tasks: [{ status_code: 40501, status_message: 'Invalid Field: target.', result: null }],
    });
    await expect(dataForSeoProvider('l', 'p', url).backlinks('x', 1)).rejects.toThrow(
      'DataForSEO: Invalid Field: target.',
    );
  });
});

describe('provider answers carrying NUL characters', () => {
  it('reads search results and backlink records without them', async () => {
    const search = await api({
      results: [{ url: 'https://a.test/p\u0000', title: 'A\u0000B', content: 'about\u0000 bikes' }],
    });
    expect(await searxngProvider(search.url).search('bikes')).toEqual([
      { url: 'https://a.test/p', title: 'AB', snippet: 'about bikes' },
    ]);
    const backlinks = await api({
      status_code: 20000,
      tasks: [
        {
          status_code: 20000,
          result: [
            {
              items: [
                { url_from: 'https://blog.test/post', url_to: 'https://rival.test/', anchor: 'Ri\u0000val' },
              ],
            },
          ],
        },
      ],
    });
    expect(await dataForSeoProvider('l', 'p', backlinks.url).backlinks('rival.test', 1)).toEqual([
      { pageUrl: 'https://blog.test/post', targetUrl: 'https://rival.test/', anchorText: 'Rival' },
    ]);
  });
});
