/**
 * Page weight: the JavaScript a first visit downloads, per page, measured in Chromium against the built
 * app on a fresh database. Prints, per page, the number of script files, their raw size, their gzip
 * size (KB, level 9) and the bytes that crossed the wire (the app sends brotli to browsers).
 * /dashboard is measured signed in, with three campaigns of 20 prospects.
 *
 *   npm run bench:page-weight          (env: BENCH_PORT=3312, CHROMIUM_PATH=/usr/bin/chromium)
 */
import { chromium, type Page, type Response } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';
import { appProcess, seedCampaigns, signUpBenchUser } from './app-process';

const pages = ['/', '/blog', '/about', '/contact', '/dashboard'];
const app = appProcess(Number(process.env.BENCH_PORT ?? 3312));

async function measure(page: Page, path: string) {
  const scripts = new Map<string, { body: Buffer; wire: number }>();
  const pending: Promise<void>[] = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const body = await response.body().catch(() => Buffer.alloc(0));
        const { responseBodySize } = await response.request().sizes();
        scripts.set(response.url(), { body, wire: responseBodySize });
      })(),
    );
  };
  page.on('response', onResponse);
  await page.goto(app.base + path, { waitUntil: 'networkidle' });
  page.off('response', onResponse);
  await Promise.all(pending);
  const files = [...scripts.values()];
  const kb = (sum: (file: { body: Buffer; wire: number }) => number) =>
    (files.reduce((total, file) => total + sum(file), 0) / 1024).toFixed(1);
  return {
    path,
    files: files.length,
    rawKb: kb((file) => file.body.length),
    gzipKb: kb((file) => gzipSync(file.body, { level: 9 }).length),
    wireKb: kb((file) => file.wire),
    dashboardChunks: [...scripts.keys()].filter((url) => /\/dashboard-[^/]*\.js$/.test(url)).length,
  };
}

await app.start();
const user = await signUpBenchUser(app.base);
await seedCampaigns(app.base, user.cookie);
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: chromiumArgs,
});
const results = [];
try {
  for (const path of pages) {
    // A fresh context per page: a first visit with an empty cache.
    const context = await browser.newContext();
    if (path.startsWith('/dashboard')) {
      const at = user.cookie.indexOf('=');
      const [name, value] = [user.cookie.slice(0, at), user.cookie.slice(at + 1)];
      await context.addCookies([{ name, value, url: app.base }]);
    }
    results.push(await measure(await context.newPage(), path));
    await context.close();
  }
} finally {
  await browser.close();
  await app.dispose();
}
console.table(results);
