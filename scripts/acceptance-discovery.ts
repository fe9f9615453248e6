/**
 * Acceptance run of prospect discovery on a folder of real pages (never run by tests or CI):
 *
 *   npx tsx scripts/acceptance-discovery.ts /path/to/fixtures/web [--site URL] [--competitor URL]...
 *       [--target N] [--search] [--host-delay-ms N] [--json FILE]
 *
 * The folder holds `manifest.csv` (url,host,file,…) and the page bodies. Its pages are served on
 * 127.0.0.1 under their real host names through a local proxy (HTTP_PROXY/HTTPS_PROXY point at
 * it; https is answered with a throw-away certificate for every host, trusted through
 * NODE_EXTRA_CA_CERTS), so the crawler, its robots.txt handling, politeness and SSRF guard run
 * unchanged. `--search` also starts a local SearXNG-shaped JSON API that searches the same pages,
 * so the search strategy runs on real pages too. Prints pages/s, prospects found, the share of
 * prospect domains with a contact email, and the prospects.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Papa from 'papaparse';
import { normalizeUrl } from '../src/shared/url-normalize';
import { createTestDatabase } from '../src/server/testing/database';
import { loadConfig } from '../src/server/config';
import { CrawlStore } from '../src/server/discovery/crawl-store';
import { Crawler, decodeHtml } from '../src/server/discovery/crawler';
import { discoverProspects } from '../src/server/discovery/discover';
import { extractPage } from '../src/server/discovery/extract-page';
import { searxngProvider } from '../src/server/discovery/providers/searxng';
import { crawlerSettings, discoveryLimits } from '../src/server/discovery/settings';
import { startFixtureWeb, startLocalServer } from '../src/server/testing/fixture-web';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    site: { type: 'string', default: 'https://thepythonguru.com/' },
    competitor: {
      type: 'string',
      multiple: true,
      default: ['http://rubylearning.com/blog/', 'https://pythonspeed.com/'],
    },
    target: { type: 'string', default: '50' },
    search: { type: 'boolean', default: false },
    'host-delay-ms': { type: 'string', default: '250' },
    json: { type: 'string' },
  },
});
const folder = positionals[0];
if (!folder) {
  console.error('Usage: npx tsx scripts/acceptance-discovery.ts <fixture folder> [options]');
  process.exit(2);
}

interface Row {
  url: string;
  host: string;
  file: string;
}
const rows = Papa.parse<Row>(readFileSync(path.join(folder, 'manifest.csv'), 'utf8'), {
  header: true,
  skipEmptyLines: true,
}).data;
const hosts = [...new Set(rows.map((r) => r.host))];

// https needs a certificate for every host, trusted by the crawler: made once, then this
// script runs again in a child process that trusts it.
if (!process.env.ACCEPTANCE_TLS_DIR) {
  const dir = mkdtempSync(path.join(tmpdir(), 'linkpilot-acceptance-'));
  const config = [
    '[req]',
    'distinguished_name = dn',
    'x509_extensions = ext',
    'prompt = no',
    '[dn]',
    'CN = LinkPilot acceptance fixture',
    '[ext]',
    'basicConstraints = critical, CA:TRUE',
    'keyUsage = critical, digitalSignature, keyCertSign',
    'extendedKeyUsage = serverAuth',
    `subjectAltName = ${hosts.map((h) => `DNS:${h}`).join(', ')}`,
  ].join('\n');
  writeFileSync(path.join(dir, 'cert.conf'), config);
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
      '-config',
      path.join(dir, 'cert.conf'),
    ],
    { stdio: 'ignore' },
  );
  const child = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, NODE_EXTRA_CA_CERTS: path.join(dir, 'cert.pem'), ACCEPTANCE_TLS_DIR: dir },
  });
  process.exit(child.status ?? 1);
}

/** host + path + query of a normalised URL: the fixture's key (http and https serve the same file). */
const keyOf = (url: string) => {
  const normal = normalizeUrl(url);
  if (!normal) return null;
  const u = new URL(normal);
  return `${u.host}${u.pathname}${u.search}`;
};
const files = new Map<string, string>();
for (const row of rows) {
  const key = keyOf(row.url);
  if (key) files.set(key, path.join(folder, row.file));
}

const tlsDir = process.env.ACCEPTANCE_TLS_DIR!;
/**
 * The stored file for a request, served as a static web server would: `/dir/index.html` is the
 * page of `/dir/` (mirrored sites link to it so), and `/dir` without its slash is redirected to
 * `/dir/` (301). Without this, most internal links of the mirrored sites were dead here although
 * they work on the real sites.
 */
const answered = { page: 0, redirect: 0, missing: 0 };
function answer(host: string, requestPath: string) {
  const reply = storedAnswer(host, requestPath);
  if (requestPath !== '/robots.txt') answered[!reply ? 'missing' : reply.status ? 'redirect' : 'page']++;
  return reply;
}
function storedAnswer(host: string, requestPath: string) {
  const fileOf = (p: string) => files.get(keyOf(`http://${host}${p}`) ?? '');
  const [pathname = '/', query] = requestPath.split(/\?(.*)/s, 2);
  const search = query ? `?${query}` : '';
  const file =
    fileOf(requestPath) ??
    (/\/index\.html?$/i.test(pathname) ? fileOf(pathname.replace(/index\.html?$/i, '') + search) : undefined);
  if (file) return { body: readFileSync(file) };
  if (!pathname.endsWith('/') && fileOf(`${pathname}/${search}`))
    return { status: 301, headers: { location: `${pathname}/${search}` } };
  return undefined;
}

const web = await startFixtureWeb(answer, {
  tls: {
    key: readFileSync(path.join(tlsDir, 'key.pem')),
    cert: readFileSync(path.join(tlsDir, 'cert.pem')),
  },
});

/**
 * A SearXNG-shaped search over the same pages: every term or quoted phrase must occur in the
 * page's title, text or link URLs (engines index the domains a page links to as well).
 */
async function corpusSearch() {
  const pages = rows.map((row) => {
    const extract = extractPage(decodeHtml(readFileSync(path.join(folder!, row.file)), ''), row.url);
    const linked = extract.links.map((l) => l.url).join(' ');
    return {
      url: row.url,
      host: row.host,
      title: extract.title,
      text: `${extract.title} ${extract.text} ${linked}`.toLowerCase(),
    };
  });
  return startLocalServer((req, res) => {
    const q = (new URL(req.url!, 'http://x').searchParams.get('q') ?? '').toLowerCase();
    const excluded = [...q.matchAll(/-site:(\S+)/g)].map((m) => m[1]!);
    const phrases = [...q.replace(/-site:\S+/g, '').matchAll(/"([^"]+)"|(\S+)/g)].map((m) =>
      (m[1] ?? m[2]!).replace(/^intitle:/, ''),
    );
    const results = pages
      .filter((p) => !excluded.some((d) => p.host === d || p.host.endsWith(`.${d}`)))
      .map((p) => ({ p, score: phrases.reduce((s, phrase) => s + (p.text.includes(phrase) ? 1 : 0), 0) }))
      .filter((r) => r.score === phrases.length)
      .slice(0, 20)
      .map(({ p }) => ({ url: p.url, title: p.title, content: '' }));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ query: q, results }));
  });
}
const search = values.search ? await corpusSearch() : null;

const config = loadConfig({
  ...process.env,
  HTTP_PROXY: web.proxyUrl,
  HTTPS_PROXY: web.proxyUrl,
  NO_PROXY: '',
  CRAWL_HOST_DELAY_MS: values['host-delay-ms'],
  CRAWL_RETRIES: '0',
  DATA_DIR: tlsDir,
});
const handle = await createTestDatabase();
const crawler = new Crawler(crawlerSettings(config));
const started = performance.now();
const result = await discoverProspects(
  {
    siteUrl: values.site,
    competitors: values.competitor,
    target: Number(values.target),
    skipDomains: new Set(),
  },
  {
    crawler,
    store: new CrawlStore(handle.db),
    searchProviders: search ? [searxngProvider(search.url)] : [],
    backlinkProvider: null,
    limits: discoveryLimits(config),
  },
);
const seconds = (performance.now() - started) / 1000;
await crawler.close();

const withEmail = result.prospects.filter((p) => p.contactEmail).length;
const served = web.requests.filter((r) => r.path !== '/robots.txt').length;
console.log(
  `site ${values.site}; competitors ${values.competitor.join(', ')}; search provider: ${search ? 'local SearXNG over the corpus' : 'none'}`,
);
console.log(
  `pages read: ${result.pagesCrawled} in ${seconds.toFixed(1)} s = ${(result.pagesCrawled / seconds).toFixed(1)} pages/s (host delay ${values['host-delay-ms']} ms; ${served} page requests served, ${web.requests.length - served} robots.txt)`,
);
console.log(
  `page requests answered: ${answered.page} with a stored page, ${answered.redirect} with a redirect, ${answered.missing} not in the folder (404)`,
);
const byType = new Map<string, number>();
for (const p of result.prospects) byType.set(p.opportunityType, (byType.get(p.opportunityType) ?? 0) + 1);
console.log(
  `candidates: ${result.candidates}; prospects found: ${result.prospects.length} (stopped: ${result.stoppedBy})${byType.size ? ` — ${[...byType].map(([t, n]) => `${t} ${n}`).join(', ')}` : ''}`,
);
console.log(
  `prospect domains with a contact email: ${withEmail}/${result.prospects.length} = ${result.prospects.length ? ((100 * withEmail) / result.prospects.length).toFixed(1) : '0.0'} %`,
);
for (const p of result.prospects) {
  console.log(
    `- ${p.domain} [${p.opportunityType}] DA ${p.daScore ?? '–'} · relevance ${p.relevanceScore} % · ${p.contactEmail ?? 'no email'}${p.contactName ? ` (${p.contactName})` : ''}${p.alternativeEmails.length ? ` · also ${p.alternativeEmails.join(', ')}` : ''}\n    found on ${p.sourcePageUrl}${p.sourceLinkUrl ? ` → ${p.sourceLinkUrl}` : ''}`,
  );
}
if (values.json) writeFileSync(values.json, JSON.stringify(result, null, 2));
await search?.close();
await web.close();
await handle.close();
