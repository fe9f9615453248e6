import { expect, test } from '@playwright/test';
import { discoveryMessages } from '../src/shared/schemas/discovery';
import { holdRequests, newUser, signUp } from './support';

/**
 * End to end: an AI campaign for the fixture web's bike shop (e2e/fixture-web-server.ts,
 * reached through the app's proxy setting) finds its prospects while the detail page watches.
 */
test('an AI campaign finds prospects with contacts and scores while the detail page shows its progress', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUp(page, newUser());
  // The start call answers in milliseconds: held until the test has seen the button's state.
  const releaseStart = await holdRequests(page, '**/api/campaigns/*/find-prospects', 'POST');

  await page.getByRole('button', { name: 'New Campaign' }).click();
  await page.getByRole('button', { name: /AI-assisted/ }).click();
  await page.getByLabel('Campaign name').fill('Bike links');
  await page.getByLabel('Website URL').fill('http://www.bikeshop.test');
  await page.getByRole('textbox', { name: 'Competitor 1' }).fill('rivalbikes.test');
  await page.getByRole('button', { name: 'Add competitor' }).click();
  await page.getByRole('textbox', { name: 'Competitor 2' }).fill('pedalpro.test');
  await page.getByLabel('Number of prospects').fill('5');
  await page.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(page.getByRole('button', { name: 'Finding Prospects...' })).toBeVisible();
  releaseStart();

  await expect(page).toHaveURL(/\/dashboard\/campaigns\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Bike links' })).toBeVisible();
  const progress = page.getByRole('progressbar', { name: 'Prospect search' });
  // What the page shows while the run is under way, read in one look: the run may end at any moment,
  // even before the page has loaded (then its prospects are there and no progress is shown).
  let seen = '';
  await expect
    .poll(async () => {
      seen = await page.evaluate(() => {
        const card = document.querySelector('[aria-label="Prospect search progress"]');
        const find = [...document.querySelectorAll('button')].find(
          (button) => button.textContent?.trim() === 'Find Prospects',
        );
        if (card) return /\d+ pages? crawled/.test(card.textContent ?? '') && find?.disabled ? 'running' : '';
        return document.querySelector('tbody tr td') && find && !find.disabled ? 'ended' : '';
      });
      return seen;
    })
    .toMatch(/^(running|ended)$/);

  // The run ends on its own; the table fills with pending prospects found on the fixture web.
  if (seen === 'running')
    await expect(page.getByText(/Found \d+ new prospects/)).toBeVisible({ timeout: 30_000 });
  await expect(progress).toBeHidden();
  await expect(page.getByRole('button', { name: 'Find Prospects' })).toBeEnabled();

  // The competitor gap panel fills too (the same domains): the rows checked here are the prospects'.
  const prospectsTable = page
    .getByRole('table')
    .filter({ has: page.getByRole('columnheader', { name: 'Relevance' }) });
  const gearReview = prospectsTable.getByRole('row').filter({ hasText: 'gearreview.test' });
  await expect(gearReview).toContainText('editor@gearreview.test');
  await expect(gearReview).toContainText('pending');
  await expect(gearReview).toContainText('Links to a competitor');
  await expect(gearReview.getByRole('cell').nth(2)).toHaveText(/^\d+$/);
  await expect(gearReview.getByRole('cell').nth(3)).toHaveText(/^\d+\.\d%$/);
  const tourBlog = prospectsTable.getByRole('row').filter({ hasText: 'tourblog.test' });
  await expect(tourBlog).toContainText('redaktion@tourblog.test');
  await expect(tourBlog).toContainText('Links to several competitors');
  await expect(prospectsTable.getByRole('row').filter({ hasText: 'cyclingnews.test' })).toContainText(
    'pitches@cyclingnews.test',
  );
  await expect(prospectsTable.getByRole('row').filter({ hasText: 'bakery.test' })).toHaveCount(0);

  // The LinkPilot Score says what it means.
  await page.getByRole('button', { name: 'What LinkPilot Score means' }).hover();
  await expect(page.getByRole('tooltip')).toContainText(discoveryMessages.daScoreExplained);

  // Running again while nothing is running starts a new search, and it can be cancelled. The second
  // run finds nothing new and may end before the page shows its progress (the cancel route's own
  // tests cover a run cancelled mid-way): then it says so and there is nothing to cancel, and a
  // Cancel that arrives after its end says so instead.
  await page.getByRole('button', { name: 'Find Prospects' }).click();
  await expect(progress.or(page.getByText('No new prospects found')).first()).toBeVisible();
  if (await progress.isVisible()) {
    // The run may also end between that look and the click: then the button goes with the progress
    // card, and its end toast may be gone by the time the click gives up (sonner shows it for 4 s),
    // so that case is read from the page instead: no progress and Find Prospects offered again.
    const cancel = page.getByRole('button', { name: 'Cancel' });
    const clicked = await cancel.click({ timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    if (clicked) {
      await expect(
        page.getByText(discoveryMessages.cancelled).or(page.getByText(discoveryMessages.notRunning)),
      ).toBeVisible();
    }
  }
  await expect(page.getByRole('button', { name: 'Find Prospects' })).toBeEnabled();
  await expect(progress).toBeHidden();
});
