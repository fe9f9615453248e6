/**
 * Contacts benchmark (issue 4): 100,000 prospects across 50 campaigns of one user, then the contacts
 * list API (first page, a search, a filtered page) under load with autocannon, and the CSV export of
 * all 100,000 rows with the server's peak memory.
 *
 * Runs the built app (`node dist/server/main.js`) as a child process on a fresh embedded database
 * (or PostgreSQL when BENCH_DATABASE_URL is set), so the memory figures are the server's own.
 * Usage: npm run bench:contacts   (env: BENCH_PORT=3311, BENCH_SECONDS=10, BENCH_CONNECTIONS=10)
 */
import autocannon from 'autocannon';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type DatabaseHandle } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { apiPaths, withId, withQuery } from '../src/shared/paths';
import { appProcess, memoryMb, signUpBenchUser } from './app-process';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const CAMPAIGNS = 50;
const PROSPECTS = 100_000;
const app = appProcess(Number(process.env.BENCH_PORT ?? 3311), DATABASE_URL);
const base = app.base;

/** 50 campaigns and 100,000 prospects for the user in two INSERT … SELECT statements. */
async function load(handle: DatabaseHandle, email: string): Promise<string> {
  const db = handle.db;
  const [user] = await queryRows<{ id: string }>(db, sql`select id from users where email = ${email}`);
  await db.execute(sql`
    insert into campaigns (user_id, name, website_url, type, status, target_prospects)
    select ${user!.id}, 'Campaign ' || g, 'https://site-' || g || '.example', 'manual', 'active', ${PROSPECTS / CAMPAIGNS}
    from generate_series(1, ${CAMPAIGNS}) g`);
  await db.execute(sql`
    with c as (select id, row_number() over (order by name) as n from campaigns where user_id = ${user!.id})
    insert into prospects (campaign_id, user_id, website, contact_email, contact_name, notes, status, da_score, relevance_score, last_contacted, created_at)
    select c.id, ${user!.id},
      'blog-' || g || '.example.com',
      'editor' || g || '@blog-' || g || '.example.com',
      (array['Ada Lovelace','Alan Turing','Grace Hopper','Edsger Dijkstra','Barbara Liskov','Donald Knuth','Frances Allen','Ken Thompson','Margaret Hamilton','John Backus'])[1 + g % 10] || ' ' || g,
      case when g % 7 = 0 then 'Wrote about "link building", met at conf' end,
      (array['pending','sent','responded','success','failed'])[1 + g % 5]::prospect_status,
      g % 100, (g % 1000) / 10.0,
      case when g % 5 = 1 then now() - (g || ' minutes')::interval end,
      now() - (g || ' seconds')::interval
    from generate_series(1, ${PROSPECTS}) g join c on c.n = 1 + g % ${CAMPAIGNS}`);
  await db.execute(
    sql`update campaigns set prospects = ${PROSPECTS / CAMPAIGNS}, prospects_found = ${PROSPECTS / CAMPAIGNS} where user_id = ${user!.id}`,
  );
  // As after any bulk load: PGlite runs no autovacuum, so without this the planner has no statistics.
  await db.execute(sql`vacuum analyze`);
  const [campaign] = await queryRows<{ id: string }>(
    db,
    sql`select id from campaigns where user_id = ${user!.id} order by name limit 1`,
  );
  return campaign!.id;
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
    `Database: ${DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}; ${CONNECTIONS} connections, ${SECONDS} s per run`,
  );
  await app.start();
  const { email, cookie } = await signUpBenchUser(base);
  // The embedded database belongs to one process: load while the server is stopped.
  await app.stop();

  const handle = await openDatabase({
    databaseUrl: DATABASE_URL,
    pgliteDir: path.join(app.dataDir, 'pglite'),
  });
  await runMigrations(handle);
  const loadStarted = performance.now();
  const campaignId = await load(handle, email);
  console.log(
    `Loaded ${PROSPECTS} prospects across ${CAMPAIGNS} campaigns in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`,
  );
  await handle.close();

  try {
    await app.start();
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
