/**
 * Anonymous stall benchmark: can visitors posting huge, deeply nested JSON hold up the server?
 * Starts the built app (`node dist/server/main.js`, on a fresh embedded database or on PostgreSQL
 * when BENCH_DATABASE_URL is set), then, while another loop asks GET /api/health every few ms,
 * sends ROUNDS rounds of PARALLEL anonymous ~10 MB `{"name":[[[[…` bodies to POST /api/campaigns,
 * then one signed-in body of just under 1 MB nested as deep and one signed-in 10 MB body. Prints each
 * answer's status and time (ms, from the first byte sent to the response headers) and the health
 * latency (p50, p99, max) during the posts and, for comparison, while idle.
 * Goal: every anonymous post refused in < 50 ms, health p99 < 20 ms.
 * Usage: npm run build:server && npx tsx bench/anonymous-stall.ts   (env: BENCH_PORT=3540, BENCH_DATABASE_URL)
 */
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { apiPaths } from '../src/shared/paths';
import { appProcess, cpuMs, signUpBenchUser } from './app-process';
import { latencySummary, percentile, sampleHealth } from './health-sampler';

const BODY_BYTES = 10 * 1024 * 1024;
const SIGNED_IN_DEEP_BYTES = 1024 * 1024 - 4096;
const PARALLEL = 4;
const ROUNDS = 5;
const SAMPLE_EVERY_MS = 5;
const app = appProcess(Number(process.env.BENCH_PORT ?? 3540), process.env.BENCH_DATABASE_URL);

/** `{"name":[[[…` of `bytes` bytes, never closed: the shape that cost 4.85 s of parsing per request. */
const deepBody = (bytes: number) => Buffer.from(`{"name":${'['.repeat(bytes - 9)}`);

/**
 * POSTs `body` as JSON; resolves to the status and the ms until the response headers arrived. The
 * server closes the connection of a refused upload over 1 MB: when that reset comes before its answer
 * could be read, the status is 0 (refused all the same) and the time is the reset's.
 */
function post(path: string, body: Buffer, cookie?: string): Promise<{ status: number; ms: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = request(`${app.base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': body.length,
        ...(cookie ? { cookie } : {}),
      },
    });
    req.on('response', (response) => {
      const ms = performance.now() - started;
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, ms }));
    });
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(body);
  });
}

const ms = (v: number) => `${v.toFixed(1)} ms`;

async function main(): Promise<void> {
  await app.start();
  try {
    const { cookie } = await signUpBenchUser(app.base);
    const anonymousBody = deepBody(BODY_BYTES);

    // Alone first (no health loop): the server CPU these posts cost, the machine's load aside.
    const warm = cpuMs(app.pid());
    for (let round = 1; round <= ROUNDS; round++) {
      await Promise.all(Array.from({ length: PARALLEL }, () => post(apiPaths.campaigns, anonymousBody)));
    }
    const cpuAlone = cpuMs(app.pid()) - warm;

    const idle = sampleHealth(app.base, SAMPLE_EVERY_MS);
    await sleep(2_000);
    const idleLatencies = await idle.stop();

    const cpuBefore = cpuMs(app.pid());
    const busy = sampleHealth(app.base, SAMPLE_EVERY_MS);
    const refusals: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, () => post(apiPaths.campaigns, anonymousBody)),
      );
      for (const a of answers) {
        if (a.status !== 401 && a.status !== 0) throw new Error(`an anonymous post answered ${a.status}`);
        refusals.push(a.ms);
      }
      console.log(
        `round ${round}: ${PARALLEL} anonymous 10 MB posts refused in ${answers.map((a) => `${ms(a.ms)} (${a.status || 'reset'})`).join(', ')}`,
      );
      await sleep(100);
    }
    const cpuAnonymous = cpuMs(app.pid()) - cpuBefore;
    const deep = await post(apiPaths.campaigns, deepBody(SIGNED_IN_DEEP_BYTES), cookie);
    console.log(`signed-in ~1 MB too-deep body → ${deep.status} in ${ms(deep.ms)}`);
    const large = await post(apiPaths.campaigns, anonymousBody, cookie);
    console.log(`signed-in 10 MB body → ${large.status} in ${ms(large.ms)}`);
    const busyLatencies = await busy.stop();

    console.log(`database: ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL server' : 'embedded PostgreSQL'}`);
    console.log(`server CPU for ${ROUNDS * PARALLEL} anonymous posts alone: ${ms(cpuAlone)}`);
    console.log(
      `server CPU for ${ROUNDS * PARALLEL} more, with the health checks meanwhile: ${ms(cpuAnonymous)}`,
    );
    console.log(`health while idle:        ${latencySummary(idleLatencies)}`);
    console.log(`health during the posts:  ${latencySummary(busyLatencies)}`);
    const slowest = Math.max(...refusals);
    const p99 = percentile(
      [...busyLatencies].sort((a, b) => a - b),
      99,
    );
    console.log(
      slowest < 50 && p99 < 20
        ? 'goal met: every refusal < 50 ms, health p99 < 20 ms'
        : `goal missed: slowest refusal ${ms(slowest)}, health p99 ${ms(p99)}`,
    );
  } finally {
    await app.dispose();
  }
}

await main();
