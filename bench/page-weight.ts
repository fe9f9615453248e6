/**
 * Page weight: the JavaScript a first visit downloads, per page, measured in Chromium against a running
 * LinkPilot (`BENCH_URL`, default http://localhost:3000; start it with `npm start`). Prints, per page, the
 * number of script files, their raw size and their gzip size (KB, gzip level 9, as a compressing proxy
 * would send them). /dashboard is measured signed in (a new account is created).
 *
 *   BENCH_URL=http://localhost:3211 npx tsx bench/page-weight.ts
 */
import { chromium, type Page, type Response } from '@playwright/test';
import { gzipSync } from 'node:zlib';

const base = process.env.BENCH_URL ?? 'http://localhost:3000';
const pages = ['/', '/blog', '/about', '/contact', '/dashboard'];

async function measure(page: Page, path: string) {
  const scripts = new Map<string, Buffer>();
  const onResponse = async (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.set(response.url(), await response.body().catch(() => Buffer.alloc(0)));
  };
  page.on('response', onResponse);
  await page.goto(base + path, { waitUntil: 'networkidle' });
  page.off('response', onResponse);
  const bodies = [...scripts.values()];
  const kb = (n: number) => (n / 1024).toFixed(1);
  return {
    path,
    files: bodies.length,
    rawKb: kb(bodies.reduce((sum, b) => sum + b.length, 0)),
    gzipKb: kb(bodies.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0)),
    dashboardChunks: [...scripts.keys()].filter((u) => /\/dashboard-[^/]*\.js$/.test(u)).length,
  };
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
const results = [];
for (const path of pages) {
  // A fresh context per page: a first visit with an empty cache.
  const context = await browser.newContext();
  if (path.startsWith('/dashboard')) {
    const email = `bench-${Date.now()}@example.com`;
    const response = await context.request.post(`${base}/api/auth/sign-up/email`, {
      data: { email, password: 'bench-password', firstName: 'Bench', lastName: 'Mark', companyName: 'Bench' },
    });
    if (!response.ok()) throw new Error(`sign-up failed: ${response.status()}`);
  }
  results.push(await measure(await context.newPage(), path));
  await context.close();
}
await browser.close();
console.table(results);
