import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the four SEO data providers' APIs, speaking each one's documented protocol
 * (docs/decisions/046-live-seo-data-providers.md): Ahrefs API v3 (Bearer key, `/v3/site-explorer/…`,
 * JSON, `{ error }` with the HTTP status), the Moz Links API v2 (Basic auth, POST JSON to `/v2/…`),
 * DataForSEO (Basic auth, a JSON array of tasks, status codes in the answer), the Semrush API (`key`
 * parameter, `;`-separated lines or `ERROR n :: text`). It checks the credentials, records every
 * request, and answers from `data`.
 */

/** The credentials the server accepts; others are refused as each provider refuses them. */
export const seoDataKeys = {
  ahrefs: 'ahrefs-test-key',
  moz: { login: 'mozscape-id', password: 'moz-secret' },
  dataforseo: { login: 'dfs@example.test', password: 'dfs-password' },
  semrush: 'semrush-test-key',
  /** Any provider given this key (Moz, DataForSEO: this login) answers that the account has no units or funds. */
  noUnits: 'no-units-left',
  /** … that it is limiting requests (HTTP 429 or the provider's own code). */
  rateLimited: 'rate-limited',
  /** … with a server error. */
  broken: 'broken',
} as const;

export interface SeoSite {
  dr?: number;
  da?: number;
  spamScore?: number;
  rank?: number;
  authorityScore?: number;
}

export interface SeoLink {
  pageUrl: string;
  targetUrl: string;
  anchor: string;
  nofollow?: boolean;
  firstSeen?: string;
  /** The linking site's metrics, as the backlink rows of each provider carry them. */
  dr?: number;
  da?: number;
  rank?: number;
}

export interface SeoDataRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface SeoDataServer {
  url: string;
  requests: SeoDataRequest[];
  close(): Promise<void>;
}

const basic = (login: string, password: string) =>
  `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
const loginOf = (header: string | undefined) =>
  header?.startsWith('Basic ')
    ? Buffer.from(header.slice(6), 'base64').toString().split(':')[0]
    : header?.replace(/^Bearer /, '');

/** Starts the server on 127.0.0.1 and a free port. */
export async function startSeoDataServer(data: {
  sites: Record<string, SeoSite>;
  backlinks: Record<string, SeoLink[]>;
}): Promise<SeoDataServer> {
  const requests: SeoDataRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const raw = Buffer.concat(chunks).toString();
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      const seen: SeoDataRequest = {
        method: request.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        body,
      };
      requests.push(seen);
      const send = (status: number, payload: unknown, type = 'application/json') => {
        response.writeHead(status, { 'content-type': type });
        response.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
      };
      if (url.pathname.startsWith('/v3/site-explorer/') || url.pathname.startsWith('/v3/subscription-info/'))
        return ahrefs(seen, data, send);
      if (url.pathname.startsWith('/v2/')) return moz(seen, data, send);
      if (url.pathname.startsWith('/v3/')) return dataForSeo(seen, data, send);
      if (url.pathname === '/analytics/v1/' || url.pathname === '/users/countapiunits.html')
        return semrush(seen, data, send);
      send(404, { error: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

type Send = (status: number, payload: unknown, type?: string) => void;
type Data = Parameters<typeof startSeoDataServer>[0];

function ahrefs(request: SeoDataRequest, data: Data, send: Send) {
  const key = loginOf(request.headers.authorization);
  if (key === seoDataKeys.noUnits) return send(403, { error: 'Insufficient API units for this request' });
  if (key === seoDataKeys.rateLimited) return send(429, { error: 'Rate limit exceeded' });
  if (key === seoDataKeys.broken) return send(500, { error: 'Internal error' });
  if (request.headers.authorization !== `Bearer ${seoDataKeys.ahrefs}`)
    return send(401, { error: 'Invalid API key' });
  const q = request.query;
  if (request.path === '/v3/subscription-info/limits-and-usage')
    return send(200, {
      limits_and_usage: {
        subscription: 'Enterprise',
        usage_reset_date: '2026-12-01T00:00:00Z',
        units_limit_workspace: 1_000_000,
        units_usage_workspace: 2_500,
        units_limit_api_key: null,
        units_usage_api_key: 2_500,
        api_key_expiration_date: '2027-11-29T00:00:00Z',
      },
    });
  if (request.path === '/v3/site-explorer/domain-rating') {
    if (!q.get('target') || !/^\d{4}-\d{2}-\d{2}$/.test(q.get('date') ?? ''))
      return send(400, { error: 'target and date are required' });
    const site = data.sites[q.get('target')!];
    return send(200, { domain_rating: { domain_rating: site?.dr ?? 0, ahrefs_rank: site ? 1000 : null } });
  }
  if (request.path === '/v3/site-explorer/all-backlinks') {
    const select = q.get('select')?.split(',') ?? [];
    if (!q.get('target') || !select.length) return send(400, { error: 'target and select are required' });
    const links = (data.backlinks[q.get('target')!] ?? []).slice(0, Number(q.get('limit') ?? 1000));
    return send(200, {
      backlinks: links.map((l) =>
        Object.fromEntries(
          Object.entries({
            url_from: l.pageUrl,
            url_to: l.targetUrl,
            anchor: l.anchor,
            domain_rating_source: l.dr ?? 0,
            is_dofollow: !l.nofollow,
            is_nofollow: Boolean(l.nofollow),
            is_ugc: false,
            is_sponsored: false,
            first_seen: l.firstSeen ? `${l.firstSeen}T10:00:00Z` : null,
          }).filter(([field]) => select.includes(field)),
        ),
      ),
    });
  }
  send(404, { error: 'Unknown endpoint' });
}

function moz(request: SeoDataRequest, data: Data, send: Send) {
  const login = loginOf(request.headers.authorization);
  if (login === seoDataKeys.noUnits)
    return send(402, { name: 'Payment Required', message: 'Your plan has no rows left this month' });
  if (login === seoDataKeys.rateLimited)
    return send(429, { name: 'Too Many Requests', message: 'Slow down' });
  if (login === seoDataKeys.broken) return send(503, 'Service Unavailable', 'text/plain');
  if (request.headers.authorization !== basic(seoDataKeys.moz.login, seoDataKeys.moz.password))
    return send(401, { name: 'Unauthorized', message: 'Invalid credentials' });
  if (request.method !== 'POST') return send(405, { name: 'Method Not Allowed', message: 'POST only' });
  const body = request.body as Record<string, unknown>;
  if (request.path === '/v2/usage_data') return send(200, { rows_consumed: 1234 });
  if (request.path === '/v2/url_metrics') {
    const targets = body.targets as string[];
    if (!Array.isArray(targets) || targets.length > 50)
      return send(400, { name: 'Bad Request', message: 'targets: 1 to 50' });
    return send(200, {
      results: targets.map((target) => ({
        page: `${target}/`,
        subdomain: target,
        root_domain: target,
        title: '',
        domain_authority: data.sites[target]?.da ?? 1,
        page_authority: 1,
        spam_score: data.sites[target]?.spamScore ?? -1,
      })),
    });
  }
  if (request.path === '/v2/links') {
    const target = String(body.target).replace(/\/$/, '');
    const limit = Number(body.limit);
    if (body.target_scope !== 'root_domain' || !(limit >= 1 && limit <= 50))
      return send(400, { name: 'Bad Request', message: 'target_scope and limit 1–50' });
    const start = body.next_token ? Number(body.next_token) : 0;
    const all = data.backlinks[target] ?? [];
    const page = all.slice(start, start + limit);
    return send(200, {
      next_token: start + limit < all.length ? String(start + limit) : '',
      results: page.map((l) => ({
        source: {
          page: l.pageUrl.replace(/^https?:\/\//, ''),
          root_domain: new URL(l.pageUrl).hostname,
          domain_authority: l.da ?? 0,
        },
        target: { page: l.targetUrl.replace(/^https?:\/\//, '') },
        anchor_text: l.anchor,
        nofollow: Boolean(l.nofollow),
        date_first_seen: l.firstSeen ?? null,
      })),
    });
  }
  send(404, { name: 'Not Found', message: 'Unknown endpoint' });
}

function dataForSeo(request: SeoDataRequest, data: Data, send: Send) {
  const answer = (code: number, message: string, result: unknown[] | null = null) => ({
    version: '0.1.20261101',
    status_code: code === 20000 ? 20000 : code,
    status_message: code === 20000 ? 'Ok.' : message,
    time: '0.1 sec.',
    cost: 0.02,
    tasks_count: 1,
    tasks_error: code === 20000 ? 0 : 1,
    tasks: [{ id: 'task-1', status_code: code, status_message: code === 20000 ? 'Ok.' : message, result }],
  });
  const login = loginOf(request.headers.authorization);
  if (login === seoDataKeys.noUnits) return send(200, answer(40200, 'Payment Required.'));
  if (login === seoDataKeys.rateLimited) return send(200, answer(40202, 'Rate limit per minute exceeded.'));
  if (login === seoDataKeys.broken) return send(500, answer(50000, 'Internal Server Error.'));
  if (request.headers.authorization !== basic(seoDataKeys.dataforseo.login, seoDataKeys.dataforseo.password))
    return send(401, {
      status_code: 40100,
      status_message: 'You are not authorized to access this resource.',
    });
  if (request.path === '/v3/appendix/user_data')
    return send(200, answer(20000, '', [{ login: seoDataKeys.dataforseo.login, money: { balance: 42.5 } }]));
  const [task] = Array.isArray(request.body) ? (request.body as Record<string, unknown>[]) : [];
  if (request.method !== 'POST' || !task) return send(200, answer(40501, 'Invalid Field: tasks.'));
  if (request.path === '/v3/backlinks/bulk_ranks/live') {
    const targets = task.targets as string[];
    if (!Array.isArray(targets) || targets.length > 1000)
      return send(200, answer(40501, 'Invalid Field: targets.'));
    const items = targets.map((target) => ({
      type: 'backlinks_bulk_ranks',
      target,
      rank: data.sites[target]?.rank ?? 0,
    }));
    return send(200, answer(20000, '', [{ total_count: items.length, items_count: items.length, items }]));
  }
  if (request.path === '/v3/backlinks/backlinks/live') {
    if (typeof task.target !== 'string' || task.mode !== 'one_per_domain')
      return send(200, answer(40501, 'Invalid Field: target.'));
    const links = (data.backlinks[task.target] ?? []).slice(0, Number(task.limit ?? 100));
    const items = links.map((l) => ({
      type: 'backlink',
      domain_from: new URL(l.pageUrl).hostname,
      url_from: l.pageUrl,
      url_to: l.targetUrl,
      anchor: l.anchor,
      dofollow: !l.nofollow,
      attributes: l.nofollow ? ['nofollow'] : null,
      first_seen: l.firstSeen ? `${l.firstSeen} 08:00:00 +00:00` : null,
      domain_from_rank: l.rank ?? 0,
    }));
    return send(
      200,
      answer(20000, '', [
        { target: task.target, total_count: items.length, items_count: items.length, items },
      ]),
    );
  }
  send(404, { status_code: 40400, status_message: 'Not Found.' });
}

function semrush(request: SeoDataRequest, data: Data, send: Send) {
  const key = request.query.get('key');
  const text = (body: string) => send(200, body, 'text/plain; charset=utf-8');
  if (key === seoDataKeys.noUnits) return text('ERROR 132 :: API UNITS BALANCE IS ZERO');
  if (key === seoDataKeys.rateLimited) return send(429, 'Too Many Requests', 'text/plain');
  if (key === seoDataKeys.broken) return send(502, 'Bad Gateway', 'text/plain');
  if (key !== seoDataKeys.semrush) return text('ERROR 120 :: WRONG KEY - ID PAIR');
  if (request.path === '/users/countapiunits.html') return text('98760');
  const q = request.query;
  const columns = q.get('export_columns')?.split(',') ?? [];
  if (!q.get('target') || !columns.length) return text('ERROR 40 :: MANDATORY PARAMETER NOT SET');
  if (q.get('type') === 'backlinks_overview') {
    const site = data.sites[q.get('target')!];
    if (!site?.authorityScore) return text('ERROR 50 :: NOTHING FOUND');
    const values: Record<string, number> = { ascore: site.authorityScore, total: 1200, domains_num: 80 };
    return text(`${columns.join(';')}\r\n${columns.map((c) => values[c] ?? 0).join(';')}`);
  }
  if (q.get('type') === 'backlinks') {
    const links = (data.backlinks[q.get('target')!] ?? []).slice(0, Number(q.get('display_limit') ?? 10000));
    if (!links.length) return text('ERROR 50 :: NOTHING FOUND');
    const rows = links.map((l) => {
      const values: Record<string, string> = {
        source_url: l.pageUrl,
        target_url: l.targetUrl,
        anchor: l.anchor,
        nofollow: String(Boolean(l.nofollow)),
        first_seen: l.firstSeen ? String(Date.parse(`${l.firstSeen}T00:00:00Z`) / 1000) : '',
      };
      return columns.map((c) => values[c] ?? '').join(';');
    });
    return text([columns.join(';'), ...rows].join('\r\n'));
  }
  text('ERROR 30 :: QUERY TYPE NOT FOUND');
}
