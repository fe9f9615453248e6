import { expect, test } from '@playwright/test';
import { apiPaths } from '../src/shared/paths';
import { guestPostMessages } from '../src/shared/schemas/guest-posts';
import { newUser, signUp } from './support';

// The app writes with e2e/fake-openai-server.ts (playwright.config.ts AI_BASE_URL): a short post that
// links each internal link once, streamed in small pieces.

test('generate a guest post: links saved to the campaign, text streams in, copy, reopen', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUp(page, newUser());
  const created = await page.request.post(apiPaths.campaigns, {
    data: {
      type: 'manual',
      name: 'Bike commuters',
      websiteUrl: 'https://bikeshop.example',
      competitors: [],
      prospects: [{ website: 'citycycling.example' }],
    },
  });
  expect(created.status()).toBe(201);

  await page.goto('/dashboard/guest-posts');
  await expect(page.getByRole('heading', { name: 'Guest Post Generator', level: 1 })).toBeVisible();
  await expect(page.getByText(guestPostMessages.placeholder)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Writing Tips' })).toBeVisible();
  await expect(page.getByText('No saved posts yet')).toBeVisible();

  // The form's rules: a campaign is required; the list starts with one row and no remove control.
  await page.getByRole('button', { name: 'Generate Guest Post' }).click();
  await expect(page.getByText(guestPostMessages.campaignRequired)).toBeVisible();
  await expect(page.getByRole('button', { name: /Remove internal link/ })).toHaveCount(0);

  // Choosing the campaign fills your website; editing links shows Save Links, which stores them.
  await page.getByLabel('Campaign').click();
  await page.getByRole('option', { name: 'Bike commuters' }).click();
  await expect(page.getByLabel('Your website')).toHaveValue('https://bikeshop.example');
  await page.getByRole('textbox', { name: 'Internal link 1' }).fill('https://bikeshop.example/winter-tyres');
  await page.getByRole('button', { name: 'Add link' }).click();
  await page
    .getByRole('textbox', { name: 'Internal link 2' })
    .fill('https://bikeshop.example/commuter-checklist');
  await expect(page.getByRole('button', { name: 'Remove internal link 2' })).toBeVisible();
  await page.getByRole('button', { name: 'Save Links' }).click();
  await expect(page.getByText('Internal links saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Links' })).toBeHidden();
  const campaigns = await (await page.request.get(apiPaths.guestPostCampaigns)).json();
  expect(campaigns[0].internalLinks).toEqual([
    'https://bikeshop.example/winter-tyres',
    'https://bikeshop.example/commuter-checklist',
  ]);

  await page.getByLabel('Target website').fill('citycycling.example');
  await page.getByLabel('Topic (optional)').fill('Commuting by bike through winter');
  await page.getByLabel('Word count').click();
  await page.getByRole('option', { name: '800 words' }).click();
  await page.getByRole('button', { name: 'Generate Guest Post' }).click();

  // Streaming: part of the post is on screen while the button still says Generating...
  const content = page.getByTestId('generated-content');
  await expect(page.getByRole('button', { name: 'Generating...' })).toBeDisabled();
  await expect(content).toContainText('Commuting by bike');
  await expect(page.getByRole('button', { name: 'Generating...' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Writing Tips' })).toBeHidden();

  // Done: rendered as formatted text, every internal link used once.
  await expect(page.getByRole('button', { name: 'Generate Guest Post' })).toBeEnabled({ timeout: 20_000 });
  await expect(content.getByRole('heading', { name: 'Start small' })).toBeVisible();
  await expect(content.getByRole('link', { name: 'our guide to winter tyres' })).toHaveAttribute(
    'href',
    'https://bikeshop.example/winter-tyres',
  );
  await expect(page.getByText("once, as 'our guide to winter tyres'")).toBeVisible();
  await expect(page.getByText("once, as 'a checklist for commuters'")).toBeVisible();
  await expect(page.getByText(/^Saved to Bike commuters/)).toBeVisible();

  // Copy gives plain text and says Copied! for a moment.
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.startsWith('Commuting by bike through winter\n')).toBe(true);
  expect(copied).toContain('our guide to winter tyres (https://bikeshop.example/winter-tyres)');
  expect(copied).not.toMatch(/[#*]/);
  await expect(page.getByRole('button', { name: 'Copy', exact: true })).toBeVisible();

  // The post was saved to its campaign: it is listed and reopens after a reload.
  await page.reload();
  await expect(page.getByText(guestPostMessages.placeholder)).toBeVisible();
  await page.getByRole('button', { name: 'Open Commuting by bike through winter' }).click();
  await expect(
    page.getByTestId('generated-content').getByRole('heading', { name: 'Keep going' }),
  ).toBeVisible();
  await expect(page.getByText(/^Saved to Bike commuters/)).toBeVisible();

  // Closing returns to the dashboard.
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
