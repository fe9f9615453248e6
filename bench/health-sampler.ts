/**
 * Latency of `GET /api/health` sampled in a loop while a benchmark loads the server, and its summary:
 * how long other requests wait while the server works on something else.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { apiPaths } from '../src/shared/paths';

/**
 * Asks `base`/api/health every `everyMs` ms until `stop` is called; `stop` resolves to the latencies (ms).
 * @throws (from stop) when the health check answers anything but 2xx
 */
export function sampleHealth(base: string, everyMs: number): { stop(): Promise<number[]> } {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${base}${apiPaths.health}`);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`health answered ${response.status}`);
      latencies.push(performance.now() - started);
      await sleep(everyMs);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return latencies;
    },
  };
}

/** The p-th percentile (0–100) of ascending `sorted` values (nearest rank). */
export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** "N samples, p50 …, p99 …, max …" of latencies in ms. */
export function latencySummary(latencies: number[]): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  return `${sorted.length} samples, p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1)!)}`;
}
