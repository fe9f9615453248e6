/**
 * Import stall benchmark: does a 10,000-row CSV import hold up other requests? Starts the built app
 * (`node dist/server/main.js`, on a fresh embedded database or on PostgreSQL when BENCH_DATABASE_URL
 * is set), signs a user up, reads a generated 10,000-row CSV as the import dialog does
 * (parseProspectsCsv) and sends it as the dialog does (POST /api/campaigns with the first
 * PROSPECT_IMPORT_BATCH rows, then POST /api/campaigns/:id/prospects per batch), while another loop
 * asks GET /api/health every 10 ms. Prints the import's time and the health latency (p50, p99,
 * max, in ms) during the import and, for comparison, while idle. Goal: max < 100 ms.
 * Usage: npm run build && npx tsx bench/import-stall.ts   (env: BENCH_PORT=3440, BENCH_DATABASE_URL)
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseProspectsCsv } from '../src/shared/csv/prospects-csv';
import { apiPaths, withId } from '../src/shared/paths';
import { PROSPECT_IMPORT_BATCH } from '../src/shared/schemas/prospect-import';
import { appProcess, signUpBenchUser } from './app-process';
import { latencySummary, sampleHealth } from './health-sampler';

const ROWS = 10_000;
const SAMPLE_EVERY_MS = 10;
const app = appProcess(Number(process.env.BENCH_PORT ?? 3440), process.env.BENCH_DATABASE_URL);

/** A prospects CSV of `rows` rows with every column the import reads, notes of about 200 characters. */
function prospectsCsv(rows: number): string {
  const lines = ['Website,Email,Name,Notes'];
  const notes = 'Writes about gardening tools and soil care; accepted a guest post last spring. '.repeat(3);
  for (let i = 1; i <= rows; i++)
    lines.push(`https://blog-${i}.example.com,editor${i}@blog-${i}.example.com,Editor ${i},"${notes}${i}"`);
  return lines.join('\n');
}

/** POSTs `body` as JSON with the session cookie; resolves to the answer. @throws on a non-2xx answer */
async function post(path: string, cookie: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${app.base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** The import dialog's requests for `prospects`; resolves when all are in. */
async function importAll(cookie: string, prospects: unknown[]): Promise<void> {
  const first = prospects.slice(0, PROSPECT_IMPORT_BATCH);
  const campaign = (await post(apiPaths.campaigns, cookie, {
    type: 'manual',
    name: 'Imported',
    websiteUrl: 'https://garden.example',
    competitors: [],
    prospects: first,
  })) as { id: string };
  for (let done = first.length; done < prospects.length; done += PROSPECT_IMPORT_BATCH) {
    await post(withId(apiPaths.campaignProspects, campaign.id), cookie, {
      prospects: prospects.slice(done, done + PROSPECT_IMPORT_BATCH),
    });
  }
}

async function main(): Promise<void> {
  await app.start();
  try {
    const { cookie } = await signUpBenchUser(app.base);
    const parsed = parseProspectsCsv(prospectsCsv(ROWS));
    if (!parsed.ok || parsed.valid.length !== ROWS) throw new Error('the generated CSV did not parse');
    const prospects = parsed.valid.map((row) => row.prospect);

    const idle = sampleHealth(app.base, SAMPLE_EVERY_MS);
    await sleep(2_000);
    const idleLatencies = await idle.stop();

    const busy = sampleHealth(app.base, SAMPLE_EVERY_MS);
    const started = performance.now();
    await importAll(cookie, prospects);
    const importMs = performance.now() - started;
    const busyLatencies = await busy.stop();

    console.log(`database: ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL server' : 'embedded PostgreSQL'}`);
    console.log(`import of ${ROWS} rows: ${(importMs / 1000).toFixed(2)} s`);
    console.log(`health while idle:      ${latencySummary(idleLatencies)}`);
    console.log(`health during import:   ${latencySummary(busyLatencies)}`);
    const max = Math.max(...busyLatencies);
    console.log(max < 100 ? 'goal met: max < 100 ms' : `goal missed: max ${max.toFixed(1)} ms >= 100 ms`);
  } finally {
    await app.dispose();
  }
}

await main();
