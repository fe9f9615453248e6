import { expect, test } from '@playwright/test';
import { apiPaths } from '../src/shared/paths';
import { outreachMessages as m } from '../src/shared/schemas/outreach';
import {
  connectLocalMailbox,
  openSendingWindowAlways,
  saveOutreachSettings,
  sequenceFromTemplate,
} from './outreach-steps';
import { newUser, signUp } from './support';
import { localMailServers } from './mail-servers';

/**
 * Starting outreach end to end: the app under test runs its outreach tick every few seconds
 * (OUTREACH_TICK_SECONDS in playwright.config.ts); the user opens the sending window to every hour
 * of every day, so the first step goes out as soon as the prospect is enrolled.
 */
const mailUser = { user: 'grace@outreach.test', pass: 'cobol-forever' };
const postalAddress = 'Analytical Engines Ltd, 12 Dorset Street, London';
const mail = localMailServers([mailUser]);

test('connect a mailbox, pick a sequence, Send Emails: the first step arrives and the prospect turns sent', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newUser({ firstName: 'Grace', lastName: 'Hopper' }));
  await openSendingWindowAlways(page, postalAddress);
  await connectLocalMailbox(page, mailUser, { smtp: mail.smtp.port, imap: mail.imap.port });
  await sequenceFromTemplate(page);
  const created = await page.request.post(apiPaths.campaigns, {
    data: {
      type: 'manual',
      name: 'Compilers',
      websiteUrl: 'https://hopper.example',
      competitors: [],
      prospects: [
        {
          website: 'https://www.cobol-weekly.example',
          contactEmail: 'jean@cobol-weekly.example',
          contactName: 'Jean Sammet',
        },
        { website: 'no-address.example' },
      ],
    },
  });
  expect(created.status()).toBe(201);
  await page.goto(`/dashboard/campaigns/${(await created.json()).id}`);

  // Without a mailbox and sequence, Send Emails says what is missing and leads to the settings.
  await page.getByRole('button', { name: 'Send Emails' }).click();
  const confirm = page.getByRole('dialog', { name: 'Send Emails' });
  await expect(confirm.getByText(m.noMailbox)).toBeVisible();
  await confirm.getByRole('button', { name: 'Open Outreach Settings' }).click();

  await saveOutreachSettings(page, mailUser.user);
  const panel = page.getByRole('region', { name: 'Outreach' });
  await expect(panel.getByText(mailUser.user)).toBeVisible();
  await expect(panel.getByText('Not started')).toBeVisible();

  await page.getByRole('button', { name: 'Send Emails' }).click();
  await expect(confirm.getByText('1 prospect will be enrolled')).toBeVisible();
  await confirm.getByRole('button', { name: 'Send to 1 prospect' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Campaign status' })).toHaveText('Active');
  // Enrolled, its sequence under way: Campaign Progress counts it, none ended yet.
  await expect(page.getByText('Campaign Progress', { exact: true }).locator('..')).toContainText(
    /0% Complete\s*0 of 1 sequence ended/,
  );

  const [message] = await mail.smtp.waitFor(1, 60_000);
  expect(message!.to).toEqual(['jean@cobol-weekly.example', mailUser.user]);
  const unfolded = message!.raw.replace(/\r?\n(?=[ \t])/g, '');
  expect(unfolded).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
  expect(unfolded).toMatch(
    /^List-Unsubscribe: <http:\/\/localhost:\d+\/u\/[^>]+>, <mailto:grace@outreach\.test\?subject=unsubscribe>/m,
  );
  expect(message!.parsed.messageId).toMatch(/^<[0-9a-f-]{36}@outreach\.test>$/);
  expect(message!.parsed.subject).toBe('Article idea for cobol-weekly.example');
  expect(message!.parsed.text).toContain('Hi Jean,');
  expect(message!.parsed.text).toContain('Grace Hopper');
  expect(message!.parsed.text).toContain('https://hopper.example');
  expect(message!.parsed.text).toContain(postalAddress);
  expect(message!.parsed.text).not.toMatch(/\[(First Name|Website|Your Name|Campaign Website)\]/);

  // The settings opened on the Outreach tab; the prospects are on their own.
  await page.getByRole('tab', { name: 'Prospects' }).click();
  const row = page.getByRole('row').filter({ hasText: 'cobol-weekly.example' });
  await expect(row.getByText('sent', { exact: true })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Outreach' }).click();
  await expect(panel.getByText('Sending', { exact: true })).toBeVisible();

  // Pausing shows at once; resuming brings the campaign back.
  await panel.getByRole('button', { name: 'Pause Sending' }).click();
  await expect(panel.getByText('Paused', { exact: true })).toBeVisible();
  await panel.getByRole('button', { name: 'Resume Sending' }).click();
  await expect(panel.getByText('Sending', { exact: true })).toBeVisible();
});
