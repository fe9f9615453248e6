import { expect, test } from '@playwright/test';
import { apiPaths, withId } from '../src/shared/paths';
import { competitorGapMessages } from '../src/shared/schemas/competitor-gap';
import { newUser, signUp } from './support';
import { localMailServers, replyMime } from './mail-servers';
import { campaignReadyToSend } from './outreach-api';
import { confirmSendEmails } from './outreach-steps';

/**
 * Screens follow the worker's changes without a reload or a poll (docs/decisions/019-live-updates.md):
 * a reply the worker applies reaches the open campaign page's stat cards and prospects table, and a
 * finished discovery run fills the competitor gap and AI first lines panels.
 */
const mailUser = { user: 'lin@live-updates.test', pass: 'mailbox-password' };
const mail = localMailServers([mailUser]);

test('a reply applied by the worker shows in the open page’s stat cards and prospects within 2 s', async ({
  page,
}) => {
  // Sending waits for the engine's tick; reading waits for the IDLE watch (it re-reads mailboxes every 30 s).
  test.setTimeout(150_000);
  await signUp(page, newUser());
  const { campaignId } = await campaignReadyToSend(page, {
    mailUser,
    ports: { smtp: mail.smtp.port, imap: mail.imap.port },
    name: 'Live campaign',
    prospects: [{ website: 'olas-blog.test', contactEmail: 'ola@olas-blog.test', contactName: 'Ola Blog' }],
  });

  await page.goto(`/dashboard/campaigns/${campaignId}`);
  await confirmSendEmails(page, /^Send to 1/);

  const row = page.getByRole('row', { name: /olas-blog\.test/ });
  const [sent] = await mail.smtp.waitFor(1, 60_000);
  // The send itself is a worker's change too: the open page shows it without a reload.
  await expect(row.getByText('sent', { exact: true })).toBeVisible({ timeout: 5_000 });
  await expect(page.getByText(/Contacted 1 · Responded 0/)).toBeVisible({ timeout: 5_000 });

  await mail.imap.deliver(
    mailUser,
    replyMime(sent!, 'Ola Blog <ola@olas-blog.test>', mailUser.user, 'Yes please, send it over.'),
  );

  // Wait, through the API and not the page, until the worker has applied the reply...
  await expect
    .poll(
      async () => {
        const prospects = await page.request.get(withId(apiPaths.campaignProspects, campaignId));
        return ((await prospects.json()) as { items: { status: string }[] }).items[0]?.status;
      },
      { timeout: 100_000, intervals: [500] },
    )
    .toBe('responded');
  // ...then the page, never reloaded, must already show it or within 2 s.
  await expect(row.getByText('responded', { exact: true })).toBeVisible({ timeout: 2_000 });
  await expect(page.getByText(/Contacted 0 · Responded 1/)).toBeVisible({ timeout: 2_000 });
});

test('a finished discovery run fills the competitor gap and AI first lines without a reload', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUp(page, newUser());
  await page.getByRole('button', { name: 'New Campaign' }).click();
  await page.getByRole('button', { name: /AI-assisted/ }).click();
  await page.getByLabel('Campaign name').fill('Live bike links');
  await page.getByLabel('Website URL').fill('http://www.bikeshop.test');
  await page.getByRole('textbox', { name: 'Competitor 1' }).fill('rivalbikes.test');
  await page.getByLabel('Number of prospects').fill('5');
  await page.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(page).toHaveURL(/\/dashboard\/campaigns\/[0-9a-f-]{36}$/);

  const progress = page.getByRole('progressbar', { name: 'Prospect search' });
  // The run's progress comes from its events: there is no poll left to show it.
  await expect(progress).toBeVisible();
  await expect(page.getByText(/Found \d+ new prospects/)).toBeVisible({ timeout: 30_000 });
  await expect(progress).toBeHidden({ timeout: 2_000 });

  // The panels sit in tabs that stay mounted: a tab shows what its events already refreshed.
  await page.getByRole('tab', { name: 'Competitor gap' }).click();
  const gap = page.getByTestId('competitor-gap');
  await expect(gap).toBeVisible();
  await expect(gap.getByText(competitorGapMessages.empty)).toBeHidden({ timeout: 2_000 });
  await expect(gap.getByRole('checkbox', { name: /^Choose .+\.test$/ }).first()).toBeVisible({
    timeout: 2_000,
  });
  await page.getByRole('tab', { name: 'AI first lines' }).click();
  await expect(page.getByText('No prospects yet')).toHaveCount(0, { timeout: 2_000 });
  // The AI first lines panel lists the found prospects, each with its Draft button.
  const firstLineRows = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: 'Draft first line' }) });
  await expect(firstLineRows.first()).toBeVisible({ timeout: 2_000 });
});
