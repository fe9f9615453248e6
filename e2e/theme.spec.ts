import { expect, test, type Page } from '@playwright/test';
import { THEME_STORAGE_KEY } from '../src/shared/limits';
import { gotoHydrated, newUser, signUp } from './support';

// Each test has its own browser context (its own stored theme): the tests may run side by side.
test.describe.configure({ mode: 'parallel' });

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

test('the theme is dark by default, toggles, and survives a reload', async ({ page }) => {
  // The landing page is server-rendered: wait for hydration before clicking.
  await gotoHydrated(page, '/');
  expect(await isDark(page)).toBe(true);

  await page.getByTestId('theme-toggle').first().click();
  expect(await isDark(page)).toBe(false);
  expect(await page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY)).toBe('light');

  await page.reload();
  expect(await isDark(page)).toBe(false);
  await page.getByTestId('theme-toggle').first().click();
  await page.reload();
  expect(await isDark(page)).toBe(true);
});

test('the stored theme is applied before first paint, with no flash', async ({ page }) => {
  await page.addInitScript((key) => localStorage.setItem(key, 'light'), THEME_STORAGE_KEY);
  // Read the class as soon as the document's first script ran, before any module loads.
  await page.goto('/login', { waitUntil: 'commit' });
  await page.waitForSelector('head script', { state: 'attached' });
  expect(await isDark(page)).toBe(false);
});

test('the dashboard sidebar toggles the theme too', async ({ page }) => {
  await signUp(page, newUser());
  const toggle = page.getByTestId('sidebar').getByTestId('theme-toggle');
  const before = await isDark(page);
  await toggle.click();
  expect(await isDark(page)).toBe(!before);
  await page.reload();
  expect(await isDark(page)).toBe(!before);
});
