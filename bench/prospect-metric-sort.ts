/**
 * Sorting and filtering prospects by a third-party metric at 100,000 prospects
 * (docs/decisions/033-backlink-export-import.md): one campaign of BENCH_PROSPECTS prospects whose
 * domains carry Ahrefs DR and Moz DA in `domain_metrics` (9 in 10 of them; the rest have none),
 * then, through the services the routes call (`listCampaignProspects`, `listContacts`):
 *
 * - the first page sorted by DR, best first;
 * - a deep page (page 2,000 of 25: offset 49,975) sorted by DR;
 * - the first page of "DR ≥ 50", newest first.
 *
 * Prints ms per page (median and p95 of BENCH_RUNS runs after one warm-up) and EXPLAIN ANALYZE's
 * plan of each statement. On TEST_DATABASE_URL's PostgreSQL server (a fresh database, dropped after)
 * or, without it, the embedded PostgreSQL.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/prospect-metric-sort.ts
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { contactListQuerySchema, prospectListQuerySchema } from '../src/shared/schemas/prospects';
import { listCampaignProspects } from '../src/server/modules/campaigns/service';
import { listContacts } from '../src/server/modules/contacts/service';
import { createTestDatabase } from '../src/server/testing/database';
import { insertTestUser } from '../src/server/testing/users';
import { loadProspects } from './load-prospects';

const PROSPECTS = Number(process.env.BENCH_PROSPECTS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

const handle = await createTestDatabase();
const { db, pool } = handle;

/** The last statement the pool ran, to EXPLAIN it as it was sent (prepared ones by their text). */
let last: { text: string; values?: unknown[] } | null = null;
const query = pool.query.bind(pool) as (config: pg.QueryConfig) => Promise<pg.QueryResult>;
pool.query = ((config: string | pg.QueryConfig, values?: unknown[]) => {
  // drizzle passes the statement's config and its parameters apart.
  const sent =
    typeof config === 'string' ? { text: config, values } : { ...config, values: values ?? config.values };
  if (/^\s*(with|select)/i.test(sent.text)) last = { text: sent.text, values: sent.values };
  return query(sent);
}) as typeof pool.query;

try {
  const started = performance.now();
  const user = await insertTestUser(db, { name: 'Bench', email: 'bench@example.com' });
  const { workspaceId, campaignId } = await loadProspects(db, user.id, {
    campaigns: 1,
    prospects: PROSPECTS,
  });
  // The domains an import gives its prospects, and their metrics as it stores them.
  await db.execute(sql`update prospects set domain = website where workspace_id = ${workspaceId}`);
  await db.execute(sql`
    insert into domain_metrics (workspace_id, domain, source, metric, value, measured_on)
    select ${workspaceId}, 'blog-' || g || '.example.com', m.source, m.metric,
           case m.metric when 'dr' then (g * 37) % 101 else (g * 53) % 101 end, '2026-11-01'
    from generate_series(1, ${PROSPECTS}) g
    cross join (values ('ahrefs', 'dr'), ('moz', 'da')) as m(source, metric)
    where g % 10 <> 0`);
  await db.execute(sql`vacuum analyze`);
  console.log(
    `loaded ${PROSPECTS.toLocaleString()} prospects and ${(PROSPECTS * 0.9 * 2).toLocaleString()} metrics in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const cases: { name: string; run: () => Promise<{ items: unknown[] }> }[] = [];
  const pages = [
    { label: 'DR, best first, page 1', query: { sort: 'dr', order: 'desc' } },
    { label: 'DR, best first, page 2,000', query: { sort: 'dr', order: 'desc', page: '2000' } },
    { label: '"DR ≥ 50", newest first, page 1', query: { metric: 'dr', min: '50' } },
  ];
  for (const { label, query: q } of pages) {
    const campaignQuery = prospectListQuerySchema.parse({ pageSize: '25', ...q });
    cases.push({
      name: `campaign prospects: ${label}`,
      run: () => listCampaignProspects(db, workspaceId, campaignId, campaignQuery),
    });
    const contactQuery = contactListQuerySchema.parse({ pageSize: '25', ...q });
    cases.push({ name: `contacts: ${label}`, run: () => listContacts(db, workspaceId, contactQuery) });
  }

  const percentile = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  const plans: string[] = [];
  for (const { name, run } of cases) {
    await run();
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      rows = (await run()).items.length;
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${name.padEnd(58)} median ${percentile(times, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(7)} ms   (${rows} rows)`,
    );
    const statement = last as { text: string; values?: unknown[] } | null;
    if (statement) {
      const plan = await query({
        text: `explain (analyze, buffers, costs off, timing off) ${statement.text}`,
        values: statement.values,
      });
      plans.push(`--- ${name}\n${plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')}`);
    }
  }
  console.log(
    `\nload average (1, 5, 15 min): ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}\n`,
  );
  console.log(plans.join('\n\n'));
} finally {
  await handle.close();
}
