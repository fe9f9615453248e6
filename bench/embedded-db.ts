/**
 * Embedded database benchmark (docs/decisions/020-embedded-postgresql.md): the contacts screen's
 * first page — the app's own `listContacts` (page, capped count, campaign names, domain memory) —
 * asked by BENCH_CLIENTS concurrent clients for BENCH_SECONDS s over BENCH_ROWS prospects, against
 * (a) the embedded PostgreSQL server (node-postgres pool of 10), (b) PGlite in a worker thread
 * (drizzle-orm/pg-proxy over postMessage) and (c) PGlite in the main thread. Prints the load time,
 * pages/s, page latency p50/p99 and the main thread's event-loop delay (p99, max; see `timerGaps`),
 * which is what every other request of the app would wait on top of its own work.
 * Usage: npx tsx bench/embedded-db.ts   (env: BENCH_ROWS=100000, BENCH_SECONDS=10, BENCH_CLIENTS=10)
 */
import { sql } from 'drizzle-orm';
import { drizzle as drizzleProxy } from 'drizzle-orm/pg-proxy';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { openDatabase, queryRows, type Database } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { listContacts } from '../src/server/modules/contacts/service';
import { contactListQuerySchema } from '../src/shared/schemas/prospects';
import { loadProspects } from './load-prospects';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10);

interface Target {
  db: Database;
  workspaceId: string;
  close(): Promise<void>;
}

/** A migrated database of the app, opened in this thread, with one user and ROWS prospects. */
async function loadedInThread(options: Parameters<typeof openDatabase>[0]): Promise<Target> {
  const handle = await openDatabase(options);
  await runMigrations(handle);
  const [user] = await queryRows<{ id: string }>(
    handle.db,
    sql`insert into users (name, email) values ('Bench', 'bench@example.com') returning id`,
  );
  const { workspaceId } = await loadProspects(handle.db, user!.id, { prospects: ROWS });
  return { db: handle.db, workspaceId, close: () => handle.close() };
}

async function embeddedPostgres(): Promise<Target> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lp-bench-db-'));
  const target = await loadedInThread({ postgresDir: path.join(dir, 'postgres') });
  return {
    ...target,
    async close() {
      await target.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function pgliteInWorker(): Promise<Target> {
  // The worker is TypeScript too; Node 20 does not hand `--import tsx` on to workers, so it loads tsx itself.
  const script = new URL('./pglite-worker.ts', import.meta.url).href;
  const worker = new Worker(
    `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(script)}, ${JSON.stringify(import.meta.url)}))`,
    { eval: true, workerData: { prospects: ROWS } },
  );
  const pending = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  const workspaceId = await new Promise<string>((resolve, reject) => {
    worker.once('error', reject);
    worker.on(
      'message',
      (message: { ready?: true; workspaceId?: string; id?: number; rows?: unknown[]; error?: string }) => {
        if (message.ready) return resolve(message.workspaceId!);
        const waiting = pending.get(message.id!)!;
        pending.delete(message.id!);
        if (message.error) waiting.reject(new Error(message.error));
        else waiting.resolve(message.rows!);
      },
    );
  });
  const db = drizzleProxy(
    (text, params, method) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve: (rows) => resolve({ rows }), reject });
        worker.postMessage({ id, sql: text, params, method });
      }),
    { casing: 'snake_case' },
  ) as unknown as Database;
  return { db, workspaceId, close: () => worker.terminate().then(() => undefined) };
}

/**
 * The gaps between the runs of a 1 ms timer, in ms. monitorEventLoopDelay samples with a timer of
 * its own and records nothing while promise callbacks alone keep the thread busy (PGlite in the
 * main thread does that), so the gaps, including the last one up to `stop`, are measured too.
 */
function timerGaps(): { stop(): number[] } {
  const gaps: number[] = [];
  let last = performance.now();
  let timer: NodeJS.Timeout;
  const tick = () => {
    const now = performance.now();
    gaps.push(now - last);
    last = now;
    timer = setTimeout(tick, 1);
  };
  timer = setTimeout(tick, 1);
  return {
    stop() {
      clearTimeout(timer);
      gaps.push(performance.now() - last);
      return gaps.sort((a, b) => a - b);
    },
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

async function measure(name: string, open: () => Promise<Target>): Promise<void> {
  const loadStarted = performance.now();
  const target = await open();
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  const query = contactListQuerySchema.parse({ page: 1, pageSize: 25 });
  const check = await listContacts(target.db, target.workspaceId, query);
  if (check.items.length !== 25 || !check.totalIsCapped) throw new Error(`${name}: unexpected first page`);

  const delay = monitorEventLoopDelay({ resolution: 1 });
  const latencies: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  delay.enable();
  const gaps = timerGaps();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        await listContacts(target.db, target.workspaceId, query);
        latencies.push(performance.now() - started);
      }
    }),
  );
  delay.disable();
  const gapsMs = gaps.stop();
  await target.close();
  latencies.sort((a, b) => a - b);
  const ms = (ns: number) => (ns / 1e6).toFixed(1);
  console.log(
    `${name.padEnd(26)} load ${loadSeconds.toFixed(1).padStart(5)} s   ${String(Math.round(latencies.length / SECONDS)).padStart(5)} pages/s   p50 ${percentile(latencies, 50).toFixed(1).padStart(6)} ms   p99 ${percentile(latencies, 99).toFixed(1).padStart(6)} ms   event-loop delay p99 ${ms(delay.percentile(99)).padStart(6)} ms, max ${ms(delay.max).padStart(6)} ms   1 ms timer gap p99 ${percentile(gapsMs, 99).toFixed(1).padStart(6)} ms, max ${gapsMs.at(-1)!.toFixed(1).padStart(6)} ms`,
  );
}

async function main(): Promise<void> {
  console.log(
    `${ROWS} prospects; contacts first page, ${CLIENTS} concurrent clients, ${SECONDS} s per database`,
  );
  await measure('embedded PostgreSQL', embeddedPostgres);
  await measure('PGlite in a worker thread', pgliteInWorker);
  await measure('PGlite in the main thread', () => loadedInThread({}));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
