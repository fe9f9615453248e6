import { expect, test } from '@playwright/test';
import { ImapFlow } from 'imapflow';
import { simpleParser, type ParsedMail } from 'mailparser';
import { apiPaths, paths, withId } from '../src/shared/paths';
import { inboxMessages } from '../src/shared/schemas/inbox';
import type { MailUser } from '../src/server/testing/mail-servers';
import { localMailServers } from './mail-servers';
import { campaignReadyToSend, okJson } from './outreach-api';
import { screenshots } from './screenshots';
import { newUser, signUp } from './support';

/**
 * The inbox end to end (docs/product.md#inbox): the campaign's first email goes out through a local
 * SMTP server, the prospect's reply lands in the mailbox's Dovecot INBOX, and the running app shows it
 * in the Inbox; the user answers from the app, the prospect's own mailbox (read over IMAP) receives
 * the answer in the thread and the copy is in the sender's Sent folder; labelling "Link placed" turns
 * the prospect Success and proposes the live link; a reminder fires when due. Screenshots of the
 * inbox at 1280 and 390 px in both themes go to /tmp/shots (SHOTS_DIR).
 */
const grace = { user: 'grace@inbox.test', pass: 'mailbox-password' };
const anna = { user: 'anna@annas-blog.test', pass: 'anna-password' };
const mail = localMailServers([grace, anna]);

/** Every message of one folder of a Dovecot mailbox, parsed, as a mail client reads them. */
async function readFolder(
  user: MailUser,
  folder: (paths: { path: string; specialUse?: string }[]) => string,
) {
  const client = new ImapFlow({
    host: '127.0.0.1',
    port: mail.imap.port,
    secure: false,
    auth: { user: user.user, pass: user.pass },
    logger: false,
  });
  await client.connect();
  try {
    const lock = await client.getMailboxLock(folder(await client.list()));
    const found: ParsedMail[] = [];
    try {
      const status = client.mailbox;
      if (status && status.exists > 0)
        for await (const m of client.fetch('1:*', { source: true }))
          found.push(await simpleParser(m.source!));
    } finally {
      lock.release();
    }
    return found;
  } finally {
    await client.logout();
  }
}

test('a reply reaches the Inbox, is answered in the thread from the app, labelled and followed up', async ({
  page,
}) => {
  // Sending waits for the engine's tick; reading waits for the IDLE watch (it re-reads every 30 s).
  test.setTimeout(240_000);
  // The prospect's own server: what the app sends to Anna lands in her Dovecot INBOX.
  mail.smtp.hooks.deliver = async (recipient, raw) => {
    if (recipient === anna.user) await mail.imap.deliver(anna, raw);
  };
  await signUp(page, newUser({ firstName: 'Grace', lastName: 'Hopper' }));
  const { campaignId } = await campaignReadyToSend(page, {
    mailUser: grace,
    ports: { smtp: mail.smtp.port, imap: mail.imap.port },
    name: 'Inbox campaign',
    prospects: [{ website: 'annas-blog.test', contactEmail: anna.user, contactName: 'Anna Blog' }],
  });
  await okJson(await page.request.post(withId(apiPaths.campaignEnrollment, campaignId)));

  const [pitch] = await mail.smtp.waitFor(1, 60_000);
  expect(pitch!.to).toContain(anna.user);
  const replyId = `<${crypto.randomUUID()}@annas-blog.test>`;
  await page.goto(paths.inbox);
  await expect(page.getByText('No conversations yet', { exact: false })).toBeVisible();
  await mail.imap.deliver(
    grace,
    [
      'From: Anna Blog <anna@annas-blog.test>',
      `To: ${grace.user}`,
      `Subject: Re: ${pitch!.parsed.subject}`,
      `In-Reply-To: ${pitch!.parsed.messageId}`,
      `References: ${pitch!.parsed.messageId}`,
      `Message-ID: ${replyId}`,
      `Date: ${new Date().toUTCString()}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Sounds great! What would the post be about?',
      '',
      'On Mon, Nov 23, 2026 at 10:00 AM Grace Hopper <grace@inbox.test> wrote:',
      '> Hi Anna, a guest post idea.',
      '',
    ].join('\r\n'),
  );

  // Live: no reload, the row and the sidebar's unread count arrive through the event stream.
  const list = page.getByRole('region', { name: 'Conversations list' });
  const row = list.getByRole('link', { name: /annas-blog\.test/ });
  await expect(row).toBeVisible({ timeout: 100_000 });
  const nav = page.getByRole('link', { name: /^Inbox/ }).first();
  await expect(nav).toContainText('1');

  await row.click();
  const conversation = page.getByRole('region', { name: 'Conversation', exact: true });
  await expect(conversation.getByText('Sounds great! What would the post be about?')).toBeVisible();
  await expect(conversation.getByText('> Hi Anna, a guest post idea.')).toBeHidden();
  await expect(nav).not.toContainText('1');

  await conversation
    .getByLabel('Your answer')
    .fill('Hi [First Name],\n\nA post on static sites. Draft by Friday?\n\n[Your Name]');
  await conversation.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText(inboxMessages.sent)).toBeVisible();
  await expect(conversation.getByText('A post on static sites. Draft by Friday?')).toBeVisible();

  // Anna's mail client gets it in the thread; Grace's own client shows it in Sent.
  await expect
    .poll(async () => (await readFolder(anna, () => 'INBOX')).filter((m) => m.inReplyTo === replyId).length, {
      timeout: 20_000,
    })
    .toBe(1);
  const annasInbox = await readFolder(anna, () => 'INBOX');
  const answer = annasInbox.find((m) => m.inReplyTo === replyId)!;
  expect(answer.subject).toBe(`Re: ${pitch!.parsed.subject}`);
  expect(answer.references).toEqual([pitch!.parsed.messageId, replyId]);
  expect(answer.text).toContain('Hi Anna,');
  expect(answer.text).toContain('Grace Hopper');
  const sentCopies = await readFolder(
    grace,
    (all) => all.find((f) => f.specialUse === '\\Sent')?.path ?? 'Sent',
  );
  expect(sentCopies.map((m) => m.messageId)).toContain(answer.messageId);

  // "Link placed": the prospect turns Success, and the live link is proposed for monitoring.
  await conversation.getByRole('combobox', { name: 'Label' }).click();
  await page.getByRole('option', { name: 'Link placed' }).click();
  await expect(page.getByText('Labelled Link placed · status → Success')).toBeVisible();
  await expect(conversation.getByText('success', { exact: true }).first()).toBeVisible();
  await conversation.getByRole('button', { name: 'Add live link' }).click();
  const addLink = page.getByRole('dialog', { name: /Add Live Link/i });
  await expect(addLink.getByLabel('Page URL')).toHaveValue(/annas-blog\.test/);
  await page.keyboard.press('Escape');

  // A reminder in one day fires after 9.6 s here (OUTREACH_HOUR_MS 400).
  await conversation.getByRole('button', { name: 'Remind me' }).click();
  await page.getByRole('menuitem', { name: /1 day/ }).click();
  await expect(page.getByText(inboxMessages.reminderSet)).toBeVisible();
  // The notification arrives live: the bell's unread count, then the entry.
  const bell = page.getByRole('button', { name: /Notifications/ });
  await expect(bell).toContainText('1', { timeout: 60_000 });
  await bell.click();
  await expect(page.getByText('No answer yet from annas-blog.test')).toBeVisible();
  await page.keyboard.press('Escape');

  const threadUrl = page.url();
  await screenshots(page, 'inbox-thread', async () => {
    if (!page.url().startsWith(threadUrl)) await page.goto(threadUrl);
  });
  await page.goto(paths.inbox);
  await screenshots(page, 'inbox-list');
});
