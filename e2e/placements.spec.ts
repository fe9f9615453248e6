import { expect, test } from '@playwright/test';
import { apiPaths, paths, withId } from '../src/shared/paths';
import { screenshots } from './screenshots';
import { newUser, signUp } from './support';

/**
 * End to end on local servers (docs/decisions/034-clients-and-placements.md): a client with a
 * campaign, a prospect is won → its placement exists in the ledger → it gets a price and a 12-month
 * warranty in the edit dialog → the spend totals show it in its currency.
 */
test('a won prospect opens a placement that takes a price and a 12-month warranty, and the totals show it', async ({
  page,
}) => {
  await signUp(page, newUser());
  const client = await page.request.post(apiPaths.clients, {
    data: { name: 'Acme Roasters', domains: ['acme.test'] },
  });
  expect(client.status()).toBe(201);
  const campaign = await page.request.post(apiPaths.campaigns, {
    data: {
      type: 'manual',
      name: 'Coffee guides',
      websiteUrl: 'http://roastery.test',
      competitors: [],
      prospects: [{ website: 'beanblog.test', contactEmail: 'ed@beanblog.test' }],
      clientId: (await client.json()).id,
    },
  });
  expect(campaign.status()).toBe(201);
  const prospects = await (
    await page.request.get(withId(apiPaths.campaignProspects, (await campaign.json()).id))
  ).json();
  const won = await page.request.patch(withId(apiPaths.prospect, prospects.items[0].id), {
    data: { status: 'success' },
  });
  expect(won.status()).toBe(200);

  await page.goto(paths.placements);
  const row = page.getByRole('row').filter({ hasText: 'beanblog.test' });
  await expect(row).toContainText('Acme Roasters');
  await expect(row).toContainText('Unpaid');
  await expect(page.getByText('No priced placements yet')).toBeVisible();

  await row.getByRole('button', { name: /^Edit placement/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Price').fill('150');
  await expect(dialog.getByRole('combobox', { name: 'Currency' })).toHaveText('EUR');
  await dialog.getByRole('combobox', { name: 'Warranty' }).click();
  await page.getByRole('option', { name: '12 months' }).click();
  await dialog.getByRole('combobox', { name: 'Payment' }).click();
  await page.getByRole('option', { name: 'Paid', exact: true }).click();
  await dialog.getByRole('button', { name: 'Save placement' }).click();
  await expect(page.getByText('Placement saved')).toBeVisible();

  await expect(row).toContainText('€150.00');
  await expect(row).toContainText('12 months');
  await expect(row).toContainText('Paid');
  const totals = page
    .getByRole('region', { name: 'Spend' })
    .or(page.locator('[aria-labelledby="placement-totals-title"]'));
  const line = totals.getByRole('row').filter({ hasText: 'Acme Roasters' });
  await expect(line).toContainText('€150.00');
  await expect(line.getByRole('cell').nth(1)).toHaveText('1');

  await screenshots(page, 'placements');
  await page.goto(paths.clients);
  await expect(page.getByRole('row').filter({ hasText: 'Acme Roasters' })).toContainText('acme.test');
  await screenshots(page, 'clients');
});
