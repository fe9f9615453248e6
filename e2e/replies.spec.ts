import { expect, test } from '@playwright/test';
import { newUser, signUp } from './support';
import { localMailServers, replyMime } from './mail-servers';
import { campaignReadyToSend } from './outreach-api';
import { confirmSendEmails } from './outreach-steps';

/**
 * End to end: the app sends a campaign's first email through a local SMTP server, a reply
 * is delivered into the mailbox's Dovecot INBOX, and the running app (worker role: IMAP IDLE and
 * the per-mailbox sync) turns the prospect 'Responded' and shows the reply in its timeline.
 */
const mailUser = { user: 'grace@replies.test', pass: 'mailbox-password' };
const mail = localMailServers([mailUser]);

test('a reply delivered to the mailbox turns the prospect Responded and appears in its timeline', async ({
  page,
}) => {
  // Sending waits for the engine's tick; reading waits for the IDLE watch (it re-reads mailboxes every 30 s).
  test.setTimeout(150_000);
  await signUp(page, newUser());
  const { campaignId } = await campaignReadyToSend(page, {
    mailUser,
    ports: { smtp: mail.smtp.port, imap: mail.imap.port },
    name: 'Replies campaign',
    prospects: [
      { website: 'annas-blog.test', contactEmail: 'anna@annas-blog.test', contactName: 'Anna Blog' },
    ],
  });

  await page.goto(`/dashboard/campaigns/${campaignId}`);
  await confirmSendEmails(page, /^Send to 1/);

  const [sent] = await mail.smtp.waitFor(1, 60_000);
  expect(sent!.to).toContain('anna@annas-blog.test');
  await mail.imap.deliver(
    mailUser,
    replyMime(
      sent!,
      'Anna Blog <anna@annas-blog.test>',
      mailUser.user,
      'Sounds great, send me the draft by Friday!\r\n\r\n> Hi Anna, a guest post idea.',
    ),
  );

  const row = page.getByRole('row', { name: /annas-blog\.test/ });
  await expect(async () => {
    await page.reload();
    await expect(row.getByText('responded', { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 100_000, intervals: [2_000] });

  await row.getByRole('button', { name: /annas-blog\.test/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Prospect history' });
  await expect(drawer.getByText('Step 1 · Sent')).toBeVisible();
  await expect(drawer.getByText('Reply from anna@annas-blog.test')).toBeVisible();
  await expect(drawer.getByText('Sounds great, send me the draft by Friday!')).toBeVisible();
  // The quoted original is not part of the reply's own text.
  await expect(drawer.getByText('> Hi Anna')).toHaveCount(0);
  await expect(drawer.getByText('Replied', { exact: true })).toBeVisible();

  await drawer.getByRole('button', { name: 'Success' }).click();
  await expect(drawer.getByText('Marked by you')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(row.getByText('success', { exact: true })).toBeVisible();
});
