import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { contactsCsvColumns } from '../src/shared/csv/contacts-csv';
import { apiPaths } from '../src/shared/paths';
import { campaignMessages } from '../src/shared/schemas/campaigns';
import { outreachMessages } from '../src/shared/schemas/outreach';
import { installOwner, logIn, newUser, signUp, type NewUser } from './support';

// Each test signs up users of its own (the last one only reads the install owner): they may run side by side.
test.describe.configure({ mode: 'parallel' });

const csv = [
  'website,email,name,notes',
  '"alpha.example.com",ann@alpha.example.com,"Ann Alpha","Likes long-form guides"',
  '',
  'beta.example.org,bob@beta.example.org,Bob Beta,',
  'gamma.example.net,,,"=cmd|calc"',
].join('\n');

/** Creates a manual campaign through the API with the page's session. */
async function createCampaign(request: APIRequestContext, name: string, websites: string[]): Promise<void> {
  const response = await request.post(apiPaths.campaigns, {
    data: {
      type: 'manual',
      name,
      websiteUrl: 'https://mysite.example',
      competitors: [],
      prospects: websites.map((website) => ({
        website,
        contactEmail: `hi@${website}`,
        contactName: `Editor of ${website}`,
      })),
    },
  });
  expect(response.status()).toBe(201);
}

const row = (page: Page, website: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: website, exact: true }) });

test('a manual campaign from a CSV file: prospects, Send / Success, competitors saved after confirmation', async ({
  page,
}) => {
  await signUp(page, newUser());
  await page.getByRole('button', { name: 'New Campaign' }).click();
  await page.getByRole('button', { name: /Manual/ }).click();
  const create = page.getByRole('button', { name: 'Create Campaign' });
  await expect(create).toBeDisabled();
  await page.getByLabel('Campaign name').fill('Spring guest posts');
  await page.getByLabel('Website URL').fill('analytical-engines.example');
  await page
    .getByLabel('Prospects CSV file')
    .setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('email\nx@y.z\n') });
  await expect(page.getByText(/Invalid CSV format/)).toBeVisible();
  await page
    .getByLabel('Prospects CSV file')
    .setInputFiles({ name: 'prospects.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText('3 prospects ready to import')).toBeVisible();
  await create.click();

  await expect(page).toHaveURL(/\/dashboard\/campaigns\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Spring guest posts' })).toBeVisible();
  for (const website of ['alpha.example.com', 'beta.example.org', 'gamma.example.net']) {
    await expect(row(page, website)).toBeVisible();
  }

  // Send enrolls the prospect in outreach (e2e/outreach.spec.ts); without a mailbox it says so.
  const alpha = row(page, 'alpha.example.com');
  await alpha.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(outreachMessages.noMailbox)).toBeVisible();
  await expect(alpha.getByText('pending', { exact: true })).toBeVisible();
  await expect(row(page, 'gamma.example.net').getByRole('button', { name: 'Send' })).toBeDisabled();
  const beta = row(page, 'beta.example.org');
  await beta.getByRole('button', { name: 'Success' }).click();
  await expect(beta.getByText('success', { exact: true })).toBeVisible();
  // Target Reached: 1 success of a target of 3 (its Success Rate line under it reads the same 33.3 % of 3 found).
  await expect(page.getByText('33.3%', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Add Competitors' }).click();
  const input = page.getByPlaceholder('Add competitor website (e.g., competitor.com)');
  await input.fill('not a website');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText(campaignMessages.invalidCompetitor)).toBeVisible();
  await input.fill('rival.example');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await input.fill('www.rival.example');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText(campaignMessages.duplicateCompetitor)).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(campaignMessages.saveCompetitorsConfirm);
  await confirm.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Competitor websites saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('https://rival.example')).toBeVisible();

  await page.getByRole('button', { name: 'Delete Campaign' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Campaign' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Campaign deleted')).toBeVisible();
  await expect(page.getByText('No campaigns yet')).toBeVisible();
});

test('contacts: search, filter by campaign and status, export the filtered CSV', async ({ page }) => {
  await signUp(page, newUser());
  await createCampaign(page.request, 'Blogs', ['cooking.example', 'travel.example']);
  await createCampaign(page.request, 'News', ['daily-news.example']);
  await page.goto('/dashboard/contacts');
  await expect(page.getByText('Manage your prospect contacts across all campaigns')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'daily-news.example', exact: true })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search contacts' }).fill('TRAVEL');
  await expect(page.getByRole('cell', { name: 'travel.example', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'cooking.example', exact: true })).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search contacts' }).fill('');

  await page.getByRole('combobox', { name: 'Filter by campaign' }).click();
  await page.getByRole('option', { name: 'News' }).click();
  await expect(page.getByRole('cell', { name: 'daily-news.example', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'travel.example', exact: true })).toHaveCount(0);
  // The filters live in the URL: a reload shows the same list.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Filter by campaign' })).toHaveText('News');
  await expect(page.getByRole('cell', { name: 'daily-news.example', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'travel.example', exact: true })).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: 'Success' }).click();
  await expect(page.getByText('No contacts match')).toBeVisible();
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: 'All Status' }).click();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^contacts_export_\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = Papa.parse<string[]>((await readFile(await download.path())).toString('utf8').trimEnd()).data;
  expect(rows[0]).toEqual([...contactsCsvColumns]);
  expect(rows.slice(1).map((r) => [r[0], r[3]])).toEqual([['daily-news.example', 'News']]);
});

test('live links: add one through the dialog and delete it after confirming', async ({ page }) => {
  await signUp(page, newUser());
  await createCampaign(page.request, 'Link bait', ['target.example']);
  await page.goto('/dashboard/live-links');
  await expect(page.getByText('No live links yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add Your First Link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Live Link' });
  await dialog.getByRole('button', { name: 'Add Link' }).click();
  await expect(dialog.getByText('Campaign is required')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Campaign' }).click();
  await page.getByRole('option', { name: 'Link bait' }).click();
  const longUrl = 'https://target.example/articles/2026/the-complete-guide-to-analytical-engines';
  await dialog.getByLabel('Link URL').fill(longUrl);
  await dialog.getByLabel('Anchor Text').fill('analytical engines');
  await dialog.getByLabel('Page URL').fill('https://mysite.example/engines');
  await dialog.getByRole('button', { name: 'Add Link' }).click();

  const link = page.getByRole('link', { name: `${longUrl.slice(0, 40)}...` });
  await expect(link).toHaveAttribute('href', longUrl);
  await expect(link).toHaveAttribute('target', '_blank');
  await page.getByRole('button', { name: `Delete link ${longUrl}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No live links yet')).toBeVisible();
});

test('workspaces: each account has its own; the Users tab lists only its members', async ({
  page,
  browser,
  request,
}) => {
  const other: NewUser = newUser({ firstName: 'Mia', lastName: `Member${Date.now()}` });
  const { firstName, lastName, companyName, email, password } = other;
  expect(
    (
      await request.post(apiPaths.signUp, { data: { firstName, lastName, companyName, email, password } })
    ).status(),
  ).toBe(200);
  const otherName = `${firstName} ${lastName}`;

  await logIn(page, installOwner.email, installOwner.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(page.getByRole('combobox', { name: 'Role of Owen Owner' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Remove Owen Owner' })).toHaveCount(0);
  await expect(page.getByText(other.email)).toHaveCount(0);

  const otherPage = await (await browser.newContext()).newPage();
  await logIn(otherPage, other.email, other.password);
  await expect(otherPage).toHaveURL(/\/dashboard$/);
  await expect(otherPage.getByTestId('sidebar').getByText(`Organization: ${companyName}`)).toBeVisible();
  await otherPage.goto('/dashboard/settings');
  await otherPage.getByRole('tab', { name: 'Users' }).click();
  await expect(otherPage.getByRole('combobox', { name: `Role of ${otherName}` })).toBeDisabled();
  await expect(otherPage.getByRole('combobox', { name: /^Role of / })).toHaveCount(1);
  await expect(otherPage.getByText(installOwner.email)).toHaveCount(0);
});
