/**
 * Contacts benchmark (docs/decisions/008-contacts-at-scale.md): 100,000 prospects across 50 campaigns of one user, then the contacts
 * list API (first page, a search, a filtered page) under load with autocannon, and the CSV export of
 * all 100,000 rows with the server's peak memory.
 *
 * Runs the built app (`node dist/server/main.js`) as a child process on a fresh embedded PostgreSQL
 * (or the server of BENCH_DATABASE_URL), so the memory figures are the app's own (the embedded
 * server is a separate process, not counted).
 * Usage: npm run bench:contacts   (env: BENCH_PORT=3311, BENCH_SECONDS=10, BENCH_CONNECTIONS=10)
 */
import autocannon from 'autocannon';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type DatabaseHandle } from '../src/server/db/client';
import { apiPaths, withId, withQuery } from '../src/shared/paths';
import { appProcess, memoryMb, signUpBenchUser } from './app-process';
import { loadProspects } from './load-prospects';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const CAMPAIGNS = 50;
const PROSPECTS = 100_000;
const app = appProcess(Number(process.env.BENCH_PORT ?? 3311), DATABASE_URL);
const base = app.base;

/** 50 campaigns and 100,000 prospects in the signed-up user's workspace. @returns its first campaign's id */
async function load(handle: DatabaseHandle, email: string): Promise<string> {
  const [user] = await queryRows<{ id: string }>(handle.db, sql`select id from users where email = ${email}`);
  const loaded = await loadProspects(handle.db, user!.id, { campaigns: CAMPAIGNS, prospects: PROSPECTS });
  return loaded.campaignId;
}

async function measure(title: string, url: string, cookie: string): Promise<void> {
  const check = await fetch(`${base}${url}`, { headers: { cookie } });
  const body = (await check.json()) as { total: number; items: unknown[] };
  if (!check.ok) throw new Error(`${url}: ${check.status}`);
  const result = await autocannon({
    url: `${base}${url}`,
    headers: { cookie },
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${title}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  console.log(
    `${title.padEnd(28)} ${String(Math.round(result.requests.average)).padStart(6)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   (${body.total} matching, ${body.items.length} on the page)`,
  );
}

async function measureExport(cookie: string, pid: number): Promise<void> {
  const before = memoryMb(pid);
  let sampledPeak = before.rss;
  const sampler = setInterval(() => (sampledPeak = Math.max(sampledPeak, memoryMb(pid).rss)), 20);
  const started = performance.now();
  const response = await fetch(`${base}${apiPaths.contactsExport}`, { headers: { cookie } });
  let bytes = 0;
  let lines = 0;
  // Read as a stream and count, so the client keeps no copy either.
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const after = memoryMb(pid);
  console.log(
    `CSV export: ${lines - 1} data lines (${(bytes / 1024 / 1024).toFixed(1)} MB) in ${seconds.toFixed(2)} s; server RSS ${before.rss.toFixed(0)} MB before, peak ${sampledPeak.toFixed(0)} MB during (+${(sampledPeak - before.rss).toFixed(0)} MB), VmHWM ${after.peak.toFixed(0)} MB`,
  );
}

async function main(): Promise<void> {
  console.log(
    `Database: ${DATABASE_URL ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'embedded PostgreSQL'}; ${CONNECTIONS} connections, ${SECONDS} s per run`,
  );
  await app.start();
  try {
    const { email, cookie } = await signUpBenchUser(base);
    // Loaded through the running app's server (the embedded one is attached to, as the CLI does).
    const handle = await openDatabase({
      databaseUrl: DATABASE_URL,
      postgresDir: path.join(app.dataDir, 'postgres'),
      attach: true,
    });
    const loadStarted = performance.now();
    const campaignId = await load(handle, email);
    console.log(
      `Loaded ${PROSPECTS} prospects across ${CAMPAIGNS} campaigns in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`,
    );
    await handle.close();

    await measure('campaigns, first page', withQuery(apiPaths.campaigns, { page: 1, pageSize: 25 }), cookie);
    await measure(
      'campaign prospects, page 1',
      withQuery(withId(apiPaths.campaignProspects, campaignId), { page: 1, pageSize: 25 }),
      cookie,
    );
    await measure('contacts, first page', withQuery(apiPaths.contacts, { page: 1, pageSize: 25 }), cookie);
    await measure(
      'contacts, search "hopper"',
      withQuery(apiPaths.contacts, { search: 'hopper', pageSize: 25 }),
      cookie,
    );
    await measure(
      'contacts, campaign + status',
      withQuery(apiPaths.contacts, { campaignId, status: 'pending', page: 2, pageSize: 25 }),
      cookie,
    );
    await measureExport(cookie, app.pid());
  } finally {
    await app.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
