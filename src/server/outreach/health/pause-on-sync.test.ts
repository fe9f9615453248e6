import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { notifications } from '../../db/schema/notifications';
import { emailAccounts } from '../../db/schema/mailboxes';
import { outreachMessages, suppressions } from '../../db/schema/outreach';
import { testConfig } from '../../testing/app';
import { createTestDatabase } from '../../testing/database';
import { createOutreachFixture, sendDueSteps, type OutreachFixture } from '../../testing/outreach';
import { syncMailbox } from '../../inbox/pipeline/sync';
import { outreachInboundEffects } from '../inbound-effects';

/**
 * Crossing a health threshold through the real path (docs/decisions/014-mailbox-health.md): 20
 * messages sent over SMTP, hard bounces delivered to the mailbox's Dovecot INBOX, read by the
 * sync — the second bounce (10 % of 20 sends, over the 5 % limit) pauses the mailbox.
 */
const MONDAY_10 = new Date('2026-11-23T10:00:00Z');
const config = testConfig({ APP_URL: 'https://app.example' });
const SENDS = 20;
let handle: DatabaseHandle;
let f: OutreachFixture;
const address = (i: number) => `reader${i}@site${i}.example`;

beforeAll(async () => {
  handle = await createTestDatabase();
  f = await createOutreachFixture(handle.db, {
    prospects: Array.from({ length: SENDS }, (_, i) => ({
      website: `https://site${i}.example`,
      email: address(i),
      name: `Reader ${i}`,
    })),
    steps: [{ subject: 'Idea for [Website]', content: 'Hi [First Name], an idea.', delayHours: null }],
    start: MONDAY_10,
  });
  await sendDueSteps(handle.db, f, config, MONDAY_10, SENDS);
});
afterAll(async () => {
  await f?.close();
  await handle?.close();
});

/** A Postfix-style RFC 3464 report: `to` does not exist (5.1.1), with the returned headers. */
async function bounceOf(i: number): Promise<string> {
  const [sent] = await handle.db
    .select()
    .from(outreachMessages)
    .where(eq(outreachMessages.toEmail, address(i)));
  return [
    'From: Mail Delivery System <MAILER-DAEMON@mx.site.example>',
    `To: ${f.sender.user}`,
    'Subject: Undelivered Mail Returned to Sender',
    `Message-ID: <dsn-${i}@mx.site.example>`,
    'Date: Mon, 23 Nov 2026 12:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="B"',
    '',
    '--B',
    'Content-Type: text/plain',
    '',
    `<${address(i)}>: host mx.site.example said: 550 5.1.1 User unknown`,
    '--B',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.site.example',
    '',
    `Final-Recipient: rfc822; ${address(i)}`,
    'Action: failed',
    'Status: 5.1.1',
    `Diagnostic-Code: smtp; 550 5.1.1 <${address(i)}>: Recipient address rejected: User unknown`,
    '',
    '--B',
    'Content-Type: text/rfc822-headers',
    '',
    `From: ${f.sender.user}`,
    `To: ${address(i)}`,
    `Subject: ${sent!.subject}`,
    `Message-ID: ${sent!.messageId}`,
    '--B--',
    '',
  ].join('\r\n');
}

const mailbox = async () =>
  (await handle.db.select().from(emailAccounts).where(eq(emailAccounts.id, f.mailboxId)))[0]!;

describe('a mailbox crossing its hard-bounce limit', () => {
  it('stays connected at 5 % (one bounce of 20) and is paused, with one notification, at 10 %', async () => {
    const sentCount = await handle.db
      .select()
      .from(outreachMessages)
      .where(eq(outreachMessages.status, 'sent'));
    expect(sentCount).toHaveLength(SENDS);
    const later = new Date(MONDAY_10.getTime() + 3 * 3_600_000);

    await f.imap.deliver(f.sender, await bounceOf(0));
    await syncMailbox(handle.db, f.keys, outreachInboundEffects, config, f.mailboxId, later);
    expect(await mailbox()).toMatchObject({ status: 'connected' });
    expect((await handle.db.select().from(suppressions)).map((s) => s.email)).toEqual([address(0)]);

    await f.imap.deliver(f.sender, await bounceOf(1));
    await syncMailbox(handle.db, f.keys, outreachInboundEffects, config, f.mailboxId, later);
    const paused = await mailbox();
    expect(paused).toMatchObject({ status: 'paused', statusSource: 'health' });
    expect(paused.statusReason).toMatch(/10 % hard bounces over the last 20 sends \(limit 5 %\)/);
    const notes = await handle.db
      .select()
      .from(notifications)
      .where(eq(notifications.emailAccountId, f.mailboxId));
    expect(notes.map((n) => n.kind)).toEqual(['mailbox-paused']);
  });
});
