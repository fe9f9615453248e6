import { expect, test } from '@playwright/test';
import { apiPaths, paths, withId } from '../src/shared/paths';
import { workspaceMessages } from '../src/shared/roles';
import type { Client } from '../src/shared/schemas/clients';
import type { Placement } from '../src/shared/schemas/placements';
import { screenshots } from './screenshots';
import { fillSignUpForm, newUser, signUp, verifyEmail } from './support';

/**
 * The Client role (docs/decisions/040-client-role.md): a Full Access member with a client and its
 * placement invites a person of that client, who joins from the link and sees that client's
 * placements, read only; every other dashboard page says it is not available for their role, and
 * the API refuses them the rest (403) and another client's placement (404). Screenshots of the
 * invite form, the Client's placements, the not-available state and the members list at 1280 and
 * 390 px in both themes go to SHOTS_DIR.
 */
test('a Client joins for their client and sees its placements only, read only', async ({ browser }) => {
  test.setTimeout(180_000);
  const a = newUser({ firstName: 'Ada', lastName: 'Agency', companyName: 'Ada Agency' });
  const c = newUser({ firstName: 'Cy', lastName: 'Client', companyName: 'Northwind Bikes' });
  const pageA = await (await browser.newContext()).newPage();
  const pageC = await (await browser.newContext()).newPage();

  await signUp(pageA, a);
  const client = async (name: string) => {
    const created = await pageA.request.post(apiPaths.clients, { data: { name } });
    expect(created.status()).toBe(201);
    return (await created.json()) as Client;
  };
  const placement = async (clientId: string, pageUrl: string) => {
    const created = await pageA.request.post(apiPaths.placements, {
      data: {
        clientId,
        pageUrl,
        targetUrl: 'https://northwind.example/bikes',
        anchorText: 'city bikes',
        liveAt: '2026-11-02',
        priceMinor: 12000,
        currency: 'EUR',
        warrantyMonths: 12,
      },
    });
    expect(created.status()).toBe(201);
    return (await created.json()) as Placement;
  };
  const northwind = await client('Northwind');
  const contoso = await client('Contoso');
  await placement(northwind.id, 'https://cyclingweekly.example/best-city-bikes');
  const hidden = await placement(contoso.id, 'https://gardening.example/tools');

  // A invites C as a Client of Northwind: the role offers a client picker.
  await pageA.goto(paths.settings);
  await pageA.getByRole('tab', { name: 'Users' }).click();
  await pageA.getByLabel('Email address').fill(c.email);
  await pageA.getByRole('combobox', { name: 'Role', exact: true }).click();
  await pageA.getByRole('option', { name: 'Client', exact: true }).click();
  await pageA.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(pageA.getByText('Choose the client this person belongs to.')).toBeVisible();
  await pageA.getByRole('combobox', { name: 'Client', exact: true }).click();
  await pageA.getByRole('option', { name: 'Northwind' }).click();
  await pageA.getByRole('button', { name: 'Invite', exact: true }).click();
  const link = await pageA.getByLabel('Invitation link').inputValue();
  await expect(pageA.getByText('Client · Northwind')).toBeVisible();

  // C opens the link, creates an account from it, verifies the address and joins.
  await pageC.goto(link);
  await expect(pageC.getByText(/as Client of Northwind/)).toBeVisible();
  await pageC.getByRole('link', { name: 'Create account' }).click();
  await fillSignUpForm(pageC, c);
  await pageC.getByRole('button', { name: 'Create Account' }).click();
  await expect(pageC).toHaveURL(new URL(link).pathname);
  await verifyEmail(pageC, c.email);
  await pageC.goto(link);
  await pageC.getByRole('button', { name: 'Join Ada Agency' }).click();

  // Their dashboard is their client's placements, read only.
  await expect(pageC).toHaveURL(/\/dashboard\/placements$/);
  await expect(pageC.getByRole('heading', { name: 'Placements' })).toBeVisible();
  await expect(pageC.getByText('The links built for Northwind')).toBeVisible();
  await expect(pageC.getByRole('link', { name: 'cyclingweekly.example/best-city-bikes' })).toBeVisible();
  await expect(pageC.getByText('gardening.example')).toHaveCount(0);
  await expect(
    pageC.getByRole('button', { name: /^Edit placement|^Delete placement|Add placement/ }),
  ).toHaveCount(0);
  const nav = pageC.getByTestId('sidebar').getByRole('navigation', { name: 'Dashboard' });
  await expect(nav.getByRole('link')).toHaveText(['Placements', 'Reports']);
  await screenshots(pageC, 'client-placements');

  // Their own account's settings: profile and sign-in security, none of the workspace's.
  await pageC.getByTestId('sidebar').getByRole('link', { name: 'Settings' }).click();
  await expect(pageC.getByRole('tab')).toHaveText(['Profile', 'Security']);
  await expect(pageC.getByText('Manage your profile and how you sign in')).toBeVisible();
  await pageC.getByRole('tab', { name: 'Security' }).click();
  await expect(pageC.getByRole('heading', { name: 'Password', exact: true })).toBeVisible();
  await expect(pageC.getByRole('heading', { name: /^Two-factor sign-in/ })).toBeVisible();
  await expect(pageC.getByText('Require two-factor sign-in')).toHaveCount(0);
  await expect(pageC.getByText('Not available for your role')).toHaveCount(0);
  await screenshots(pageC, 'client-settings');

  // Their report: their client's links and spend, to read and download; no sharing or scheduling.
  await nav.getByRole('link', { name: 'Reports' }).click();
  await expect(pageC).toHaveURL(/\/dashboard\/reports/);
  await pageC.getByRole('textbox', { name: 'From', exact: true }).fill('2026-11-01');
  await pageC.getByRole('textbox', { name: 'To', exact: true }).fill('2026-11-30');
  await expect(
    pageC.getByRole('cell', { name: 'https://cyclingweekly.example/best-city-bikes' }),
  ).toBeVisible();
  await expect(pageC.getByText('gardening.example')).toHaveCount(0);
  await expect(pageC.getByText('€120.00').first()).toBeVisible();
  await expect(pageC.getByRole('link', { name: 'PDF' })).toBeVisible();
  await expect(pageC.getByRole('button', { name: 'Create share link' })).toHaveCount(0);
  await expect(pageC.getByRole('combobox', { name: 'Client or campaign' })).toHaveCount(0);
  await screenshots(pageC, 'client-report');

  // Every other dashboard page says it is not theirs, without failing.
  for (const path of [paths.contacts, paths.inbox, paths.clients, paths.liveLinks]) {
    await pageC.goto(path);
    await expect(pageC.getByRole('heading', { name: 'Not available for your role' })).toBeVisible();
  }
  await screenshots(pageC, 'client-not-available');
  await pageC.goto(paths.dashboard);
  await expect(pageC).toHaveURL(/\/dashboard\/placements$/);

  // The API refuses them the rest, and another client's placement is not found.
  const workspaceId = await pageC.evaluate(() => sessionStorage.getItem('workspace-id'));
  const headers = workspaceId ? { 'x-workspace-id': workspaceId } : undefined;
  for (const url of [apiPaths.campaigns, apiPaths.contacts, apiPaths.clients, apiPaths.users]) {
    const refused = await pageC.request.get(url, { headers });
    expect(refused.status(), url).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      workspaceMessages.clientOnly,
    );
  }
  const edit = await pageC.request.patch(withId(apiPaths.placement, hidden.id), {
    headers,
    data: { anchorText: 'x' },
  });
  expect(edit.status()).toBe(403);
  expect((await pageC.request.get(withId(apiPaths.placement, hidden.id), { headers })).status()).toBe(404);

  // A sees C among the members as a Client of Northwind.
  await pageA.goto(paths.settings);
  await pageA.getByRole('tab', { name: 'Users' }).click();
  await expect(pageA.getByRole('row').filter({ hasText: c.email })).toContainText('Client · Northwind');
  await pageA.getByRole('combobox', { name: 'Role', exact: true }).click();
  await pageA.getByRole('option', { name: 'Client', exact: true }).click();
  await screenshots(pageA, 'client-users', async () => {
    await pageA.getByRole('tab', { name: 'Users' }).click();
    await pageA.getByRole('combobox', { name: 'Role', exact: true }).click();
    await pageA.getByRole('option', { name: 'Client', exact: true }).click();
  });
});
