import { expect, test } from '@playwright/test';
import { apiPaths, paths } from '../src/shared/paths';
import type { Campaign } from '../src/shared/schemas/campaigns';
import { newUser, signUp } from './support';

/**
 * An Ahrefs "CSV for Excel" backlinks export (UTF-16 LE with a BOM, tab-separated, every field quoted,
 * as Ahrefs writes it) of the fixture web's rivalbikes.test (e2e/fixture-web-server.ts): two blogs
 * that link to it, and the bike shop's own blog, which is no prospect of the bike shop.
 */
function ahrefsExport(): Buffer {
  const header = [
    'Referring page title',
    'Referring page URL',
    'Domain rating',
    'UR',
    'Domain traffic',
    'Target URL',
    'Anchor',
    'Type',
    'Nofollow',
    'UGC',
    'Sponsored',
    'First seen',
  ];
  const row = (page: string, dr: number, anchor: string, nofollow: boolean) => [
    'A review',
    page,
    String(dr),
    '7',
    '1200',
    'http://rivalbikes.test/',
    anchor,
    'text',
    String(nofollow),
    'false',
    'false',
    '2024-03-05 10:00:00',
  ];
  const lines = [
    header,
    row('http://gearreview.test/', 45, 'Rival Bikes review', false),
    row('http://cyclingnews.test/', 30, 'rival', true),
    row('http://blog.bikeshop.test/', 10, 'our blog', false),
  ];
  return Buffer.from(
    `\uFEFF${lines.map((cells) => cells.map((c) => `"${c}"`).join('\t')).join('\n')}\n`,
    'utf16le',
  );
}

test('an Ahrefs export of a competitor’s backlinks becomes prospects with contacts, reasons and DR', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUp(page, newUser());
  const created = await page.request.post(apiPaths.campaigns, {
    data: {
      type: 'manual',
      name: 'Bike links from Ahrefs',
      websiteUrl: 'http://www.bikeshop.test',
      competitors: ['rivalbikes.test', 'pedalpro.test'],
      prospects: [{ website: 'alreadyhere.example' }],
    },
  });
  expect(created.status()).toBe(201);
  const campaign = (await created.json()) as Campaign;
  await page.goto(`${paths.campaign(campaign.id)}?tab=import`);

  await expect(page.getByRole('heading', { name: 'No exports imported yet' })).toBeVisible();
  await page.getByLabel('Export file').setInputFiles({
    name: 'rivalbikes.test-backlinks-subdomains.csv',
    mimeType: 'text/csv',
    buffer: ahrefsExport(),
  });

  // What was recognised, before anything is imported.
  const found = page.getByRole('region', { name: 'Recognised export' });
  await expect(found.getByRole('definition')).toHaveText(['Ahrefs', 'Backlinks', '3', '3']);
  await expect(found).toContainText('UTF-16LE, tab-separated');
  await expect(found.getByRole('list', { name: 'Columns' })).toContainText(
    'Referring page URL → Linking page',
  );
  await expect(found.getByRole('list', { name: 'Columns' })).toContainText('Domain rating → DR');
  await expect(found.getByLabel('Site these links point to')).toHaveValue('rivalbikes.test');
  await found.getByRole('button', { name: 'Import 3 domains' }).click();

  // The import runs as a job; its row shows the progress, then the counts.
  const importRow = page.getByRole('row').filter({ hasText: 'rivalbikes.test-backlinks-subdomains.csv' });
  await expect(importRow.getByRole('progressbar')).toBeVisible();
  await expect(importRow).toContainText('Done', { timeout: 30_000 });
  await expect(importRow.getByRole('cell').nth(3)).toHaveText('2');
  await expect(importRow.getByRole('cell').nth(4)).toHaveText('1');

  // The prospects: contacts found on the sites, the link as the reason, Ahrefs' metrics in their columns.
  await page.getByRole('tab', { name: 'Prospects' }).click();
  const table = page
    .getByRole('table')
    .filter({ has: page.getByRole('columnheader', { name: 'Relevance' }) });
  await expect(table.getByRole('columnheader', { name: 'DR' })).toBeVisible();
  const gear = table.getByRole('row').filter({ hasText: 'gearreview.test' });
  await expect(gear).toContainText('editor@gearreview.test');
  await expect(gear).toContainText('Links to a competitor');
  await expect(gear).toContainText('“Rival Bikes review” · followed · first seen 2024-03-05');
  await expect(gear.getByRole('cell', { name: '45' })).toBeVisible();
  const news = table.getByRole('row').filter({ hasText: 'cyclingnews.test' });
  await expect(news).toContainText('pitches@cyclingnews.test');
  await expect(news).toContainText('“rival” · nofollow');
  await expect(table.getByRole('row').filter({ hasText: 'blog.bikeshop.test' })).toHaveCount(0);

  // Sorted by DR, best first; filtered to DR ≥ 40, only the review site is left.
  await table.getByRole('button', { name: 'DR' }).click();
  await expect(table.getByRole('row').nth(1)).toContainText('gearreview.test');
  await page.getByRole('group', { name: 'Filter by metric' }).getByRole('combobox').selectOption('dr');
  await page.getByRole('group', { name: 'Filter by metric' }).getByRole('spinbutton').fill('40');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('gearreview.test');

  // The contacts screen carries the same metrics beside the LinkPilot Score, sorted and filtered by the server.
  await page.goto(paths.contacts);
  const contacts = page.getByRole('table');
  await expect(contacts.getByRole('columnheader', { name: 'DR' })).toBeVisible();
  await contacts.getByRole('button', { name: 'DR' }).click();
  await expect(page).toHaveURL(/sort=dr/);
  await expect(contacts.getByRole('row').nth(1)).toContainText('gearreview.test');
  await expect(contacts.getByRole('row').nth(1).getByRole('cell', { name: '45' })).toBeVisible();
  await page.getByRole('group', { name: 'Filter by metric' }).getByRole('combobox').selectOption('dr');
  await page.getByRole('group', { name: 'Filter by metric' }).getByRole('spinbutton').fill('40');
  await expect(page).toHaveURL(/metric=dr&min=40|min=40.*metric=dr/);
  await expect(contacts.getByRole('row')).toHaveCount(2);
});
