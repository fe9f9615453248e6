import type { Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { THEME_STORAGE_KEY } from '../src/shared/limits';

/** Where journeys put their screenshots for a person to look at (SHOTS_DIR, default /tmp/shots). */
export const shotsDir = process.env.SHOTS_DIR ?? '/tmp/shots';

/**
 * Screenshots of the page in both themes at 1280 and 390 px wide, as `<name>-<width>-<theme>.png`;
 * `afterReload` runs after each reload (re-open a tab or a thread), then the page settles.
 */
export async function screenshots(
  page: Page,
  name: string,
  afterReload?: () => Promise<void>,
): Promise<void> {
  mkdirSync(shotsDir, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
      key: THEME_STORAGE_KEY,
      value: theme,
    });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await afterReload?.();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${shotsDir}/${name}-${width}-${theme}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
