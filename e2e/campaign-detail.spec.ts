import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { apiPaths, paths } from '../src/shared/paths';
import { THEME_STORAGE_KEY } from '../src/shared/limits';
import { newUser, signUp, verifyEmail } from './support';

// Each test signs up a user of its own: the tests may run side by side.
test.describe.configure({ mode: 'parallel' });

/**
 * The campaign detail page organised for work: on a 1280×800 screen the prospects table's first row
 * shows without scrolling, Campaign Progress says 'Not started' before Send Emails, and the Outreach,
 * Competitor gap and AI first lines panels are tabs whose choice survives a reload (?tab=).
 * Screenshots at 1280 and 390 px in both themes go to /tmp/shots (SHOTS_DIR) for review.
 */
const shots = process.env.SHOTS_DIR ?? '/tmp/shots';

/** A manual campaign with two competitors and three prospects, made through the API as its owner. */
async function createCampaign(page: Page): Promise<string> {
  const created = await page.request.post(apiPaths.campaigns, {
    data: {
      type: 'manual',
      name: 'Bike locks',
      websiteUrl: 'https://lockshop.example',
      competitors: ['rivallocks.example', 'chainstore.example'],
      prospects: [
        { website: 'cyclingweekly.example', contactEmail: 'ed@cyclingweekly.example', contactName: 'Ed' },
        { website: 'commuterlife.example', contactEmail: 'cat@commuterlife.example', contactName: 'Cat' },
        { website: 'gearreview.example', contactEmail: 'gil@gearreview.example', contactName: 'Gil' },
      ],
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

const progressCard = (page: Page) => page.getByText('Campaign Progress', { exact: true }).locator('..');

test('the prospects table is in view at 1280×800, progress reads Not started, tabs survive a reload', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const user = newUser({ firstName: 'Lena', lastName: 'Lock' });
  await signUp(page, user);
  // The layout of a verified account: until then a banner above every page asks to verify.
  await verifyEmail(page, user.email);
  const id = await createCampaign(page);
  await page.goto(paths.campaign(id));

  const firstRow = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .first();
  await expect(firstRow).toContainText('cyclingweekly.example');
  await expect(firstRow).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByRole('tab', { name: 'Prospects' })).toHaveAttribute('aria-selected', 'true');

  // Before Send Emails nobody is enrolled: no "100% Complete" just because the prospects are in.
  await expect(progressCard(page)).toContainText('Not started');
  await expect(progressCard(page)).not.toContainText('Complete');
  await expect(page.getByRole('button', { name: 'Send Emails' })).toBeVisible();

  await page.getByRole('tab', { name: 'Outreach' }).click();
  await expect(page).toHaveURL(/\?tab=outreach$/);
  await expect(page.getByRole('button', { name: 'Outreach Settings' })).toBeVisible();
  await expect(firstRow).toBeHidden();
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Outreach' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'Outreach' })).toBeVisible();
  await page.getByRole('tab', { name: 'Prospects' }).click();
  await expect(page).toHaveURL(new RegExp(`${paths.campaign(id)}$`));
  await expect(firstRow).toBeVisible();
});

test('the detail page in both themes on a desktop and a phone', async ({ page }) => {
  mkdirSync(shots, { recursive: true });
  await signUp(page, newUser({ firstName: 'Lena', lastName: 'Lock' }));
  const id = await createCampaign(page);
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
      key: THEME_STORAGE_KEY,
      value: theme,
    });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(paths.campaign(id));
      await expect(page.getByRole('row').filter({ hasText: 'cyclingweekly.example' })).toBeVisible();
      await expect(progressCard(page)).toContainText('Not started');
      // Nothing wider than the screen: the tabs and the table scroll inside themselves on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `${shots}/detail-${width}-${theme}.png`, fullPage: true });
    }
  }
});
