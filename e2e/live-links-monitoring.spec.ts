import { expect, test } from '@playwright/test';
import { apiPaths, paths } from '../src/shared/paths';
import { newUser, signUp } from './support';

/** The fixture web (e2e/fixture-web-server.ts), as playwright.config.ts starts it. */
const fixtureWeb = `http://127.0.0.1:${process.env.FIXTURE_WEB_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 1000}`;

/**
 * End to end: a live link on a fixture page is checked when added (active), the
 * page loses the link, Check now finds it lost, and the alert is in the notifications.
 */
test('a live link is checked when added, found lost after the page changed, and the alert is in the notifications', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const token = `t${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const pageUrl = `http://links.test/post/${token}`;
  await signUp(page, newUser());
  const campaign = await page.request.post(apiPaths.campaigns, {
    data: {
      type: 'manual',
      name: 'Tool links',
      websiteUrl: 'http://shop.test',
      competitors: [],
      prospects: [{ website: 'links.test' }],
    },
  });
  expect(campaign.status()).toBe(201);

  await page.goto(paths.liveLinks);
  await page.getByRole('button', { name: 'Add Link' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Campaign' }).click();
  await page.getByRole('option', { name: 'Tool links' }).click();
  await dialog.getByLabel('Link URL').fill('http://shop.test/tools');
  await dialog.getByLabel('Anchor Text').fill('e2e tools');
  await dialog.getByLabel('Page URL').fill(pageUrl);
  await dialog.getByRole('button', { name: 'Add Link' }).click();
  await expect(page.getByText('Live link added')).toBeVisible();

  // The first check runs as a job: reload until it has run.
  // Page URLs are shown cut at 40 characters: the row is found by its Check now button.
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `Check now ${pageUrl}` }) });
  await expect(async () => {
    await page.reload();
    await expect(row).not.toContainText('Not checked yet', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row.getByRole('button', { name: /^active: check history/ })).toBeVisible();
  await expect(row).toContainText('rel: follow');

  // The post loses its link; Check now finds it lost.
  expect((await request.get(`${fixtureWeb}/links-test/${token}/removed`)).ok()).toBe(true);
  await row.getByRole('button', { name: `Check now ${pageUrl}` }).click();
  await expect(row.getByRole('button', { name: /^lost: check history/ })).toBeVisible();
  await expect(row).toContainText('The link was removed from the page');

  // Its history shows both checks, newest first.
  await row.getByRole('button', { name: `Check history of ${pageUrl}`, exact: true }).click();
  const history = page.getByRole('dialog', { name: 'Check history' });
  const checks = history.getByRole('list', { name: 'Checks' }).locator(':scope > li');
  await expect(checks).toHaveCount(2);
  await expect(checks.first()).toContainText('lost');
  await expect(checks.last()).toContainText('active');
  await page.keyboard.press('Escape');

  // The alert is in the notifications (the bell of the layout in view), and can be marked read.
  const bell = page.getByRole('button', { name: /^Notifications \(1 unread\)$/ }).locator('visible=true');
  await bell.click();
  const menu = page.getByRole('menu');
  await expect(menu).toContainText('Link lost on links.test');
  await expect(menu).toContainText(pageUrl);
  await menu.getByRole('menuitem', { name: 'Mark all as read' }).click();
  await expect(menu.getByRole('menuitem', { name: /Link lost on links\.test/ })).not.toContainText(
    '(unread)',
  );
  await page.keyboard.press('Escape');
  await expect(
    page.getByRole('button', { name: 'Notifications', exact: true }).locator('visible=true'),
  ).toBeVisible();

  // The counts follow: one lost link, and the filter shows it among the lost ones only.
  const counts = page.getByRole('region', { name: 'Link counts' });
  await expect(counts.getByText('Lost', { exact: true }).locator('..')).toContainText('1');
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: 'Lost' }).click();
  await expect(row).toBeVisible();
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: 'Active' }).click();
  await expect(row).toBeHidden();
});
