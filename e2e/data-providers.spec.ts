import { expect, test } from '@playwright/test';
import { apiPaths, paths } from '../src/shared/paths';
import { screenshots } from './screenshots';
import { newUser, signUp } from './support';

/**
 * Settings → Data providers and a campaign's Live data providers card (docs/decisions/046-live-seo-data-providers.md):
 * a Full Access member connects Ahrefs (the key is checked before sending, then never shown again),
 * and the campaign's Import backlinks tab shows the expected cost of a run before it starts. No run
 * is started: the e2e app speaks to the providers' real hosts, which tests never call (the clients
 * are tested against a local protocol server in src/server/seo-data/clients.test.ts).
 * Screenshots at 1280 and 390 px in both themes go to /tmp/shots (SHOTS_DIR).
 */
test('a Full Access member connects Ahrefs, and a campaign shows the cost of a run before it starts', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newUser({ firstName: 'Dana', lastName: 'Data', companyName: 'Backlink Co' }));

  await page.goto(paths.settingsTab('data-providers'));
  await expect(page.getByText('No data provider is connected yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Connect Ahrefs API v3' }).click();
  await page.getByRole('button', { name: 'Save key' }).click();
  await expect(page.getByText('API key is required')).toBeVisible();
  await page.getByRole('textbox', { name: 'API key' }).fill('e2e-ahrefs-key-7788');
  await page.getByRole('button', { name: 'Save key' }).click();
  await expect(page.getByText('Connected · key …7788')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'API key' })).toHaveCount(0);
  await expect(page.getByText('e2e-ahrefs-key-7788')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Test connection' })).toBeVisible();
  await screenshots(page, 'data-providers-settings', () =>
    expect(page.getByText('Connected · key …7788')).toBeVisible(),
  );

  const created = await page.request.post(apiPaths.campaigns, {
    data: {
      type: 'manual',
      name: 'Bike locks',
      websiteUrl: 'https://bikeshop.example',
      competitors: ['https://www.rivalbikes.test/'],
      prospects: [{ website: 'gearreview.test' }],
    },
  });
  expect(created.status()).toBe(201);
  const campaign = (await created.json()) as { id: string };
  await page.goto(`${paths.campaign(campaign.id)}?tab=import`);
  await expect(page.getByRole('textbox', { name: /Competitor/ })).toHaveValue('rivalbikes.test');
  // Ahrefs: 9 fields a backlink row, 200 rows.
  await expect(page.getByTestId('estimate-backlinks')).toHaveText('Expected cost: 1,800 API units');
  await page.getByRole('spinbutton', { name: 'Backlinks, at most' }).fill('1000');
  await expect(page.getByTestId('estimate-backlinks')).toHaveText('Expected cost: 9,000 API units');
  // Manually added prospects have no domain of their own yet: the refresh says so before any cost.
  await expect(page.getByText('This campaign has no prospects with a domain yet')).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Get competitor backlinks from Ahrefs API v3' }),
  ).toBeEnabled();
  await screenshots(page, 'data-providers-campaign', () =>
    expect(page.getByTestId('estimate-backlinks')).toBeVisible(),
  );
});
