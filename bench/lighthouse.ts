/**
 * Lighthouse (npm `lighthouse` 12, the last line that runs on Node 20) in Debian's Chromium against the
 * built app on a fresh database: performance and accessibility scores (0–100) of `/`, `/blog` and
 * `/dashboard` (signed in, three campaigns of 20 prospects), with Lighthouse's mobile profile (simulated
 * slow 4G and a 4× slower CPU, its default) and its desktop profile. Each page is run `BENCH_RUNS`
 * times (default 3) and the median performance run is reported with its key timings, as Lighthouse's
 * own guidance on variability recommends.
 *
 *   npm run bench:lighthouse          (env: BENCH_PORT=3313, BENCH_RUNS=3, CHROMIUM_PATH=/usr/bin/chromium)
 *
 * `BENCH_PAGES=/dashboard` (comma-separated) and `BENCH_PROFILES=mobile` narrow the run; with
 * `BENCH_REPORT_DIR` set, each run's full Lighthouse JSON is written there, to read its diagnostics.
 */
import * as chromeLauncher from 'chrome-launcher';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';
import { appProcess, seedCampaigns, signUpBenchUser } from './app-process';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const pages = process.env.BENCH_PAGES?.split(',') ?? ['/', '/blog', '/dashboard'];
const profiles = { mobile: undefined, desktop: desktopConfig } as const;
const profileNames = (process.env.BENCH_PROFILES?.split(',') ??
  Object.keys(profiles)) as (keyof typeof profiles)[];
const reportDir = process.env.BENCH_REPORT_DIR;
let reportCount = 0;
const app = appProcess(Number(process.env.BENCH_PORT ?? 3313));

interface Run {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  failedAudits: string[];
}

async function audit(
  port: number,
  url: string,
  profile: keyof typeof profiles,
  cookie?: string,
  attempt = 1,
): Promise<Run> {
  const result = await lighthouse(
    url,
    {
      port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility'],
      ...(cookie ? { extraHeaders: { cookie } } : {}),
    },
    profiles[profile],
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) {
    // NO_NAVSTART and its kin are trace hiccups of a newer Chromium than Lighthouse 12 knows; it asks
    // for another run itself. Counted and retried, never averaged in.
    console.error(`${profile} ${url}: ${runtimeError.code} (attempt ${attempt})`);
    if (attempt < 3) return audit(port, url, profile, cookie, attempt + 1);
    throw new Error(`${url}: ${runtimeError.code} ${runtimeError.message}`);
  }
  if (reportDir) {
    mkdirSync(reportDir, { recursive: true });
    const name = `${profile}${url.replace(/^https?:\/\/[^/]+/, '').replace(/\W+/g, '-')}-${++reportCount}.json`;
    writeFileSync(path.join(reportDir, name), JSON.stringify(result.lhr));
  }
  const numeric = (id: string) => Math.round(audits[id]?.numericValue ?? NaN);
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: Number((audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
    // Accessibility audits that failed: what to fix to reach 100.
    failedAudits: (categories.accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
      .map((ref) => ref.id),
  };
}

await app.start();
const user = await signUpBenchUser(app.base);
// A verified user, as nearly every visit is: the banner asking to verify would otherwise be the
// phone's largest paint, shown only once the session check has answered.
await app.verifyEmail(user.email);
await seedCampaigns(app.base, user.cookie);
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: chromiumArgs,
});
const rows = [];
try {
  for (const profile of profileNames) {
    for (const path of pages) {
      const cookie = path.startsWith('/dashboard') ? user.cookie : undefined;
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(chrome.port, app.base + path, profile, cookie));
      const sorted = [...runs].sort((a, b) => a.performance - b.performance);
      const median = sorted[Math.floor(sorted.length / 2)]!;
      rows.push({
        profile,
        path,
        performance: `${median.performance} (${sorted[0]!.performance}–${sorted.at(-1)!.performance})`,
        accessibility: median.accessibility,
        'FCP ms': median.fcpMs,
        'LCP ms': median.lcpMs,
        'TBT ms': median.tbtMs,
        CLS: median.cls,
        'failed a11y audits': median.failedAudits.join(', ') || '—',
      });
    }
  }
} finally {
  chrome.kill();
  await app.dispose();
}
console.table(rows);
