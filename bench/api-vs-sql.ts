/**
 * API vs its own SQL (docs/decisions/008-contacts-at-scale.md): how close the app's list endpoints come
 * to the throughput of the SQL statements they issue. 100,000 prospects across 50 campaigns, 10,000
 * live links and a domain memory for every 20th domain; then for each list (contacts first page, a
 * contacts search, a campaign's prospects, live links):
 *
 * - the app under load (autocannon, 10 connections, after 3 s of the same load to warm it up): req/s,
 *   p50, p99;
 * - the statements one request issues — every one, the session lookup included — captured by running
 *   the same request once in-process (`buildApp` + `app.inject` on a node-postgres pool whose `query`
 *   is wrapped), then replayed directly against the database with the same concurrency: with pgbench
 *   (a script with the literal parameters, `-M extended` and `-M prepared`: the app runs the session
 *   lookup and the unfiltered lists as named statements, so prepared is the like-for-like protocol)
 *   and with a node-postgres loop (the same text, parameters and statement names the app sent);
 *   statement sets/s and the app's ratio to each.
 *
 * Also `/api/health` (no database) vs `/api/me` (the session lookup only).
 * Runs the built app (`npm run build` first) as a child process on a fresh embedded PostgreSQL, or on
 * the server of BENCH_DATABASE_URL (an empty database there).
 * Usage: npm run bench:api-vs-sql   (env: BENCH_PORT=3711, BENCH_SECONDS=10, BENCH_WARMUP_SECONDS=3, BENCH_CONNECTIONS=10,
 *   BENCH_DATABASE_URL, PGBENCH=/usr/bin/pgbench)
 */
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { createAuth } from '../src/server/auth/auth';
import { loadConfig } from '../src/server/config';
import { openDatabase, queryRows, type DatabaseHandle } from '../src/server/db/client';
import { listenForEvents } from '../src/server/events/listen';
import { apiPaths, withId, withQuery } from '../src/shared/paths';
import { appProcess, cpuMs, signUpBenchUser } from './app-process';
import { loadProspects } from './load-prospects';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const PGBENCH = process.env.PGBENCH ?? '/usr/bin/pgbench';
const PORT = Number(process.env.BENCH_PORT ?? 3711);
// The in-process capture app must accept the child's session cookie: both sign with this secret.
process.env.APP_SECRET ??= 'bench-secret-bench-secret-bench-secret-0123';
const app = appProcess(PORT, DATABASE_URL);

interface Statement {
  text: string;
  values: unknown[];
  /** The prepared statement's name, when the app sent one. */
  name?: string;
}

/** 10,000 live links over the workspace's campaigns and a domain memory for every 20th prospect domain. */
async function loadExtras(handle: DatabaseHandle, workspaceId: string): Promise<void> {
  await handle.db.execute(sql`
    with c as (select id, row_number() over (order by name) as n from campaigns where workspace_id = ${workspaceId})
    insert into live_links (campaign_id, workspace_id, url, anchor_text, page_url, status, discovered_at, last_checked_at)
    select c.id, ${workspaceId}, 'https://site-' || c.n || '.example/', 'anchor ' || g,
      'https://blog-' || g || '.example.com/post', (array['active','lost','suspicious'])[1 + g % 3]::live_link_status,
      now() - (g || ' minutes')::interval, case when g % 2 = 0 then now() - (g || ' seconds')::interval end
    from generate_series(1, 10000) g join c on c.n = 1 + g % 50`);
  await handle.db.execute(sql`
    insert into contacted_domains (workspace_id, domain, last_contacted_at, campaign_id, outcome)
    select ${workspaceId}, 'blog-' || g || '.example.com', now() - (g || ' minutes')::interval,
      (select id from campaigns where workspace_id = ${workspaceId} order by name limit 1), 'sent'
    from generate_series(20, 100000, 20) g`);
  await handle.db.execute(sql`vacuum analyze`);
}

/**
 * The statements (text and parameters, in order) that one GET of `url` with `cookie` issues, read
 * by running it once through the app built in-process on a pool whose `query` is recorded.
 */
async function captureStatements(handle: DatabaseHandle, url: string, cookie: string): Promise<Statement[]> {
  const config = loadConfig({
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    APP_URL: app.base.replace('127.0.0.1', 'localhost'),
    DATA_DIR: app.dataDir,
    LOG_LEVEL: 'silent',
  });
  const events = await listenForEvents(handle);
  const noQueue = () => Promise.reject(new Error('no queue in the capture run'));
  const inProcess = await buildApp({
    config,
    db: handle.db,
    auth: createAuth(handle.db, config, config.APP_SECRET!),
    queue: { send: noQueue, cancel: noQueue } as never,
    events,
    appSecret: config.APP_SECRET!,
  });
  await inProcess.ready();
  // A first request warms caches the app keeps (none should add statements, but the second is the one kept).
  await inProcess.inject({ url, headers: { cookie } });
  const recorded: Statement[] = [];
  const pool = handle.pool;
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (
    config: unknown,
    values: unknown,
  ) => {
    const text = typeof config === 'string' ? config : (config as { text: string }).text;
    const name = typeof config === 'string' ? undefined : (config as { name?: string }).name;
    recorded.push({ text, values: (values as unknown[] | undefined) ?? [], ...(name && { name }) });
    return query(config, values);
  };
  try {
    const response = await inProcess.inject({ url, headers: { cookie } });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  } finally {
    (pool as unknown as { query: unknown }).query = query;
    await inProcess.close();
    await events.close();
  }
  return recorded;
}

/** A parameter as an SQL literal, quoted and so untyped like a parameter sent without a type. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  const text =
    value instanceof Date
      ? value.toISOString()
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value as string | number | boolean);
  return `'${text.replace(/'/g, "''")}'`;
}

/** pgbench script of the statements with their parameters inlined, or null when pgbench would misread it. */
function pgbenchScript(statements: Statement[]): string | null {
  const lines = statements.map((s) => {
    const inlined = s.text
      .replace(/\s+/g, ' ')
      .replace(/\$(\d+)/g, (_, n: string) => literal(s.values[Number(n) - 1]));
    return `${inlined};`;
  });
  const script = `${lines.join('\n')}\n`;
  // pgbench reads `:name` as its own variable, even inside quotes.
  return /(^|[^:]):[A-Za-z_]/.test(script) ? null : script;
}

/** Statement sets per second of pgbench replaying the script with CONNECTIONS clients in `mode`. */
function runPgbench(connectionString: string, script: string, mode: 'extended' | 'prepared'): number {
  const dir = mkdtempSync(path.join(tmpdir(), 'api-vs-sql-'));
  const file = path.join(dir, 'page.sql');
  writeFileSync(file, script);
  let out: string;
  try {
    out = execFileSync(
      PGBENCH,
      [
        '-n',
        '-M',
        mode,
        '-c',
        String(CONNECTIONS),
        '-j',
        '2',
        '-T',
        String(SECONDS),
        '-f',
        file,
        connectionString,
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out);
  if (!tps) throw new Error(`pgbench: no tps in\n${out}`);
  return Number(tps[1]);
}

/** Statement sets per second of CONNECTIONS node-postgres clients, each running the set in a loop. */
async function runNodePg(connectionString: string, statements: Statement[]): Promise<number> {
  const clients = await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      const client = new pg.Client({ connectionString });
      await client.connect();
      return client;
    }),
  );
  let sets = 0;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < until) {
        for (const s of statements)
          await client.query(s.name ? { name: s.name, text: s.text, values: s.values } : s.text, s.values);
        sets++;
      }
    }),
  );
  await Promise.all(clients.map((c) => c.end()));
  return sets / SECONDS;
}

/** CPU time (ms) of every PostgreSQL server process on this machine (the embedded one or the server's). */
function postgresCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') total += cpuMs(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

/**
 * The app under load: req/s, latency, and where the CPU went — ms per request in the app's process and
 * in the database server's processes (both share this machine's cores with the load generator).
 */
async function load(url: string, cookie: string) {
  const options = { url: `${app.base}${url}`, headers: { cookie }, connections: CONNECTIONS };
  // Steady state, as the replays measure it: the first seconds of a route include V8 compiling its path.
  if (WARMUP_SECONDS > 0) await autocannon({ ...options, duration: WARMUP_SECONDS });
  const appBefore = cpuMs(app.pid());
  const dbBefore = postgresCpuMs();
  const result = await autocannon({ ...options, duration: SECONDS });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const requests = result.requests.total;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    appCpu: (cpuMs(app.pid()) - appBefore) / requests,
    dbCpu: (postgresCpuMs() - dbBefore) / requests,
  };
}

const fmt = (n: number) => String(Math.round(n)).padStart(6);

async function compare(
  title: string,
  url: string,
  cookie: string,
  handle: DatabaseHandle,
): Promise<void> {
  const statements = await captureStatements(handle, url, cookie);
  const api = await load(url, cookie);
  const script = existsSync(PGBENCH) ? pgbenchScript(statements) : null;
  const extended = script ? runPgbench(handle.connectionString, script, 'extended') : null;
  const prepared = script ? runPgbench(handle.connectionString, script, 'prepared') : null;
  const node = await runNodePg(handle.connectionString, statements);
  const named = statements.filter((s) => s.name).length;
  const ratio = (raw: number | null) => (raw === null ? 'n/a' : (api.rps / raw).toFixed(2));
  console.log(
    `${title.padEnd(30)} app ${fmt(api.rps)} req/s (p50 ${api.p50} ms, p99 ${api.p99} ms)` +
      `  | ${statements.length} statements (${named} prepared): pgbench extended ${extended === null ? '   n/a' : fmt(extended)},` +
      ` prepared ${prepared === null ? '   n/a' : fmt(prepared)}, node-pg ${fmt(node)} sets/s` +
      `  | ratio ${ratio(extended)} (extended), ${ratio(prepared)} (prepared), ${ratio(node)} (node-pg)` +
      `  | CPU per request: app ${api.appCpu.toFixed(2)} ms, database ${api.dbCpu.toFixed(2)} ms`,
  );
  if (process.env.BENCH_SHOW_SQL)
    for (const s of statements)
      console.log(`  ${s.name ? `[${s.name}] ` : ''}${s.text}\n    ${JSON.stringify(s.values)}`);
}

async function main(): Promise<void> {
  console.log(
    `Database: ${DATABASE_URL ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'embedded PostgreSQL'}; ${CONNECTIONS} connections, ${SECONDS} s per run`,
  );
  await app.start();
  let handle: DatabaseHandle | null = null;
  try {
    const { email, cookie } = await signUpBenchUser(app.base);
    handle = await openDatabase({
      databaseUrl: DATABASE_URL,
      postgresDir: path.join(app.dataDir, 'postgres'),
      attach: true,
    });
    const [user] = await queryRows<{ id: string }>(
      handle.db,
      sql`select id from users where email = ${email}`,
    );
    const { workspaceId, campaignId } = await loadProspects(handle.db, user!.id, {
      campaigns: 50,
      prospects: 100_000,
    });
    await loadExtras(handle, workspaceId);
    console.log('Loaded 100,000 prospects, 50 campaigns, 10,000 live links, 5,000 domain memories');

    const health = await load(apiPaths.health, '');
    const me = await load(apiPaths.me, cookie);
    console.log(
      `/api/health ${fmt(health.rps)} req/s (p99 ${health.p99} ms, app CPU ${health.appCpu.toFixed(2)} ms/request); ` +
        `/api/me ${fmt(me.rps)} req/s (p99 ${me.p99} ms, app CPU ${me.appCpu.toFixed(2)} ms, database ${me.dbCpu.toFixed(2)} ms/request)`,
    );
    const pg = handle;
    await compare(
      'contacts, first page',
      withQuery(apiPaths.contacts, { page: 1, pageSize: 25 }),
      cookie,
      pg,
    );
    await compare(
      'contacts, search "hopper"',
      withQuery(apiPaths.contacts, { search: 'hopper', pageSize: 25 }),
      cookie,
      pg,
    );
    await compare(
      'campaign prospects, first page',
      withQuery(withId(apiPaths.campaignProspects, campaignId), { page: 1, pageSize: 25 }),
      cookie,
      pg,
    );
    await compare(
      'live links, first page',
      withQuery(apiPaths.liveLinks, { page: 1, pageSize: 25 }),
      cookie,
      pg,
    );
  } finally {
    await handle?.close();
    await app.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
