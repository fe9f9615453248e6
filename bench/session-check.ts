/**
 * Session check benchmark: what does a signed-in request's session check cost? Starts the built app
 * (`node dist/server/main.js`, on a fresh embedded database or on PostgreSQL when BENCH_DATABASE_URL
 * is set), signs a user up, and runs autocannon (CONNECTIONS connections, SECONDS s each) against
 * GET /api/health (no session) and GET /api/me (session check plus the user's role). Prints req/s
 * and latency p50/p99 (ms) for each, and the server's CPU time per request (µs, user + system):
 * on a shared machine the steadier figure.
 * Usage: npm run build:server && npx tsx bench/session-check.ts   (env: BENCH_PORT=3541, BENCH_DATABASE_URL)
 */
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { apiPaths } from '../src/shared/paths';
import { appProcess, signUpBenchUser } from './app-process';

const CONNECTIONS = 10;
const SECONDS = 10;
const app = appProcess(Number(process.env.BENCH_PORT ?? 3541), process.env.BENCH_DATABASE_URL);

/** CPU time (user + system, ms) the server process has used. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** Runs autocannon on `path` and prints its figures. @throws when any answer is not 2xx */
async function measure(path: string, cookie?: string): Promise<void> {
  const cpuBefore = cpuMs(app.pid());
  const result = await autocannon({
    url: `${app.base}${path}`,
    headers: cookie ? { cookie } : {},
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const cpuPerRequestUs = ((cpuMs(app.pid()) - cpuBefore) * 1000) / result.requests.total;
  console.log(
    `${path.padEnd(12)} ${String(Math.round(result.requests.average)).padStart(6)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   server CPU ${Math.round(cpuPerRequestUs)} µs/request`,
  );
}

async function main(): Promise<void> {
  await app.start();
  try {
    const { cookie } = await signUpBenchUser(app.base);
    console.log(`database: ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded'}`);
    await measure(apiPaths.health);
    await measure(apiPaths.me, cookie);
  } finally {
    await app.dispose();
  }
}

await main();
