import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { apiPaths, withId, withQuery } from '../src/shared/paths';
import type { ProspectPage } from '../src/shared/schemas/prospects';
import { newUser, signUp } from './support';

// Each test signs up a user of its own: the tests may run side by side.
test.describe.configure({ mode: 'parallel' });

/** A file as people send them: good rows, a bad email, a row without a website, quotes inside fields. */
const upload = [
  'Website,Email,Name,Notes',
  'alpha.example.com,ann@alpha.example.com,"Ann ""The Editor"" Alpha","said ""hi"" twice"',
  'beta.example.org,not-an-email,Bob Beta,',
  '',
  ',orphan@nowhere.example,,',
  'gamma.example.net,,=1+1,x;=1+1;',
].join('\r\n');

/** Opens the manual campaign form, names the campaign and chooses the file. */
async function startManualImport(page: Page, name: string, file: { name: string; buffer: Buffer }) {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'New Campaign' }).click();
  await page.getByRole('button', { name: /Manual/ }).click();
  await page.getByLabel('Campaign name').fill(name);
  await page.getByLabel('Website URL').fill('mysite.example');
  await page.getByLabel('Prospects CSV file').setInputFiles({ ...file, mimeType: 'text/csv' });
}

/** The campaign's prospects through the API, as [website, email, name, notes], sorted by website. */
async function prospectsOf(page: Page, campaignId: string) {
  const response = await page.request.get(
    withQuery(withId(apiPaths.campaignProspects, campaignId), { pageSize: 100 }),
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as ProspectPage).items
    .map((p) => [p.website, p.contactEmail, p.contactName, p.notes])
    .sort((a, b) => a[0]!.localeCompare(b[0]!));
}

const campaignIdIn = (url: string) => /\/dashboard\/campaigns\/([0-9a-f-]{36})$/.exec(url)![1]!;

test('CSV import: bad rows listed and skipped, good rows imported; the export re-imports into another campaign', async ({
  page,
}) => {
  await signUp(page, newUser());
  await startManualImport(page, 'Imported; =1+1', { name: 'prospects.csv', buffer: Buffer.from(upload) });

  await expect(page.getByText('2 prospects ready to import')).toBeVisible();
  await expect(page.getByText('2 rows will be skipped:')).toBeVisible();
  const skipped = page.getByRole('list', { name: 'Skipped rows' });
  await expect(skipped.getByRole('listitem')).toHaveText([
    'Row 3: Invalid email address',
    'Row 5: Website is required',
  ]);
  await page.getByRole('button', { name: 'Import the 2 valid rows and skip 2' }).click();
  await expect(page.getByText('Campaign created with 2 prospects')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/campaigns\/[0-9a-f-]{36}$/);
  const firstId = campaignIdIn(page.url());
  const imported = await prospectsOf(page, firstId);
  expect(imported).toEqual([
    ['alpha.example.com', 'ann@alpha.example.com', 'Ann "The Editor" Alpha', 'said "hi" twice'],
    ['gamma.example.net', null, '=1+1', 'x;=1+1;'],
  ]);

  // The contacts export of that campaign: every text cell quoted, nothing a ;-splitting spreadsheet runs.
  await page.goto('/dashboard/contacts');
  await page.getByRole('combobox', { name: 'Filter by campaign' }).click();
  await page.getByRole('option', { name: 'Imported; =1+1' }).click();
  await expect(page.getByRole('cell', { name: 'beta.example.org' })).toHaveCount(0);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const exported = (await readFile(await download.path())).toString('utf8');
  const bySemicolon = Papa.parse<string[]>(exported, { delimiter: ';' }).data.flat();
  expect(bySemicolon.filter((cell) => cell.trimStart().startsWith('='))).toEqual([]);
  expect(Papa.parse<string[]>(exported.trimEnd()).data).toHaveLength(3);

  // ...re-imported as it is into another campaign: same prospects, quotes and all.
  await startManualImport(page, 'Re-imported', {
    name: download.suggestedFilename(),
    buffer: Buffer.from(exported),
  });
  await expect(page.getByText('2 prospects ready to import')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Skipped rows' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(page.getByText('Campaign created with 2 prospects')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/campaigns\/[0-9a-f-]{36}$/);
  const secondId = campaignIdIn(page.url());
  expect(secondId).not.toBe(firstId);
  expect(await prospectsOf(page, secondId)).toEqual(imported);
});

test('CSV import: a header-only file says it has no prospects', async ({ page }) => {
  await signUp(page, newUser());
  await startManualImport(page, 'Empty', {
    name: 'empty.csv',
    buffer: Buffer.from('website,email,name,notes\n'),
  });
  await expect(page.getByText('This file has no prospects')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Campaign' })).toBeDisabled();
});

test('CSV import: 10,000 rows go in batches with a progress bar', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, newUser());
  const rows = Array.from(
    { length: 10_000 },
    (_, i) => `site${i}.example.com,editor${i}@site${i}.example.com`,
  );
  const file = Buffer.from(['website,email', ...rows].join('\n'));
  await startManualImport(page, 'Ten thousand', { name: 'big.csv', buffer: file });
  await expect(page.getByText('10,000 prospects ready to import')).toBeVisible();
  await page.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(page.getByRole('progressbar', { name: 'Prospect import' })).toBeVisible();
  await expect(page.getByText('Campaign created with 10000 prospects')).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveURL(/\/dashboard\/campaigns\/[0-9a-f-]{36}$/);
  const response = await page.request.get(
    withQuery(withId(apiPaths.campaignProspects, campaignIdIn(page.url())), { pageSize: 1 }),
  );
  expect(((await response.json()) as ProspectPage).total).toBe(10_000);
});
