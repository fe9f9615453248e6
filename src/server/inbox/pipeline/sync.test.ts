import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { prospects } from '../../db/schema/prospects';
import { emailAccounts } from '../../db/schema/mailboxes';
import { enrollments, inboundMessages, outreachMessages, suppressions } from '../../db/schema/outreach';
import { testConfig } from '../../testing/app';
import { createTestDatabase } from '../../testing/database';
import { createOutreachFixture, sendDueSteps, type OutreachFixture } from '../../testing/outreach';
import { queueDueSteps } from '../../outreach/scheduling/queue-steps';
import { recountCampaign } from '../../campaigns/counters';
import { MailboxAccessError } from '../../mail/mailboxes/access-error';
import { syncMailboxJob } from '../../jobs/mailbox-sync';
import { syncMailbox } from './sync';
import { outreachInboundEffects } from '../../outreach/inbound-effects';

/** Replies, an auto-reply, a bounce and an unsubscribe request delivered as real MIME into a real IMAP mailbox. */
const MONDAY_10 = new Date('2026-11-23T10:00:00Z');
const config = testConfig({ APP_URL: 'https://app.example' });
let handle: DatabaseHandle;
let f: OutreachFixture;
const people = {
  anna: { website: 'https://blog-a.example', email: 'anna@blog-a.example', name: 'Anna' },
  bob: { website: 'https://b.example', email: 'bob@b.example', name: 'Bob' },
  carl: { website: 'https://c.example', email: 'carl@c.example', name: 'Carl' },
  dave: { website: 'https://d.example', email: 'dave@d.example', name: 'Dave' },
  erin: { website: 'https://e.example', email: 'erin@e.example', name: 'Erin' },
  eve: { website: 'https://blog-a.example/team', email: 'eve@blog-a.example', name: 'Eve' },
};
type Person = keyof typeof people;
let sent: Record<string, { messageId: string; subject: string }> = {};

beforeAll(async () => {
  handle = await createTestDatabase();
  f = await createOutreachFixture(handle.db, {
    prospects: Object.values(people),
    steps: [
      { subject: 'Idea for [Website]', content: 'Hi [First Name], a guest post idea.', delayHours: 24 },
      { subject: 'Following up', content: 'Hi [First Name], any thoughts?', delayHours: null },
    ],
    start: MONDAY_10,
  });
  // Step 1 to everyone, one message per mailbox slot (spacing at its 2-minute minimum).
  sent = await sendDueSteps(handle.db, f, config, MONDAY_10, Object.keys(people).length);
});
afterAll(async () => {
  await f.close();
  await handle.close();
});

const mime = (from: string, headers: string, body: string) =>
  `From: ${from}\r\nTo: ${f.sender.user}\r\nDate: Mon, 23 Nov 2026 12:00:00 +0000\r\nMessage-ID: <${crypto.randomUUID()}@reply.example>\r\n${headers}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body.replace(/\n/g, '\r\n')}\r\n`;
const replyTo = (who: Person) =>
  `Subject: Re: ${sent[people[who].email]!.subject}\r\nIn-Reply-To: ${sent[people[who].email]!.messageId}\r\nReferences: ${sent[people[who].email]!.messageId}`;
const prospectOf = async (who: Person) =>
  (await handle.db.select().from(prospects).where(eq(prospects.contactEmail, people[who].email)))[0]!;
const enrollmentOf = async (who: Person) =>
  (
    await handle.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.prospectId, (await prospectOf(who)).id))
  )[0]!;
const campaign = async () =>
  (await handle.db.select().from(campaigns).where(eq(campaigns.id, f.campaignId)))[0]!;

describe('mailbox sync', () => {
  it('reads each kind of answer and ends each prospect in the right state', async () => {
    expect(Object.keys(sent)).toHaveLength(6);
    await f.imap.deliver(
      f.sender,
      mime(
        'Anna <anna@blog-a.example>',
        replyTo('anna'),
        'Sounds good, send me the draft!\n\n> Hi Anna, a guest post idea.',
      ),
    );
    await f.imap.deliver(
      f.sender,
      mime(
        'Bob <bob@b.example>',
        `${replyTo('bob')}\r\nAuto-Submitted: auto-replied`,
        'I am out of the office until December 2, 2026.',
      ),
    );
    await f.imap.deliver(
      f.sender,
      `From: MAILER-DAEMON@c.example\r\nTo: ${f.sender.user}\r\nSubject: Undelivered Mail Returned to Sender\r\nMIME-Version: 1.0\r\nContent-Type: multipart/report; report-type=delivery-status; boundary="B"\r\n\r\n--B\r\nContent-Type: text/plain\r\n\r\nYour message could not be delivered.\r\n--B\r\nContent-Type: message/delivery-status\r\n\r\nFinal-Recipient: rfc822; carl@c.example\r\nAction: failed\r\nStatus: 5.1.1\r\n\r\n--B\r\nContent-Type: text/rfc822-headers\r\n\r\nMessage-ID: ${sent['carl@c.example']!.messageId}\r\n\r\n--B--\r\n`,
    );
    // Dave's client drops In-Reply-To and References: matched by address and thread subject.
    await f.imap.deliver(
      f.sender,
      mime(
        'Dave <dave@d.example>',
        `Subject: RE: ${sent['dave@d.example']!.subject}`,
        'Interesting — what would it cost?',
      ),
    );
    await f.imap.deliver(
      f.sender,
      mime('Erin <erin@e.example>', replyTo('erin'), 'Please remove me from your list.'),
    );

    const result = await syncMailbox(
      handle.db,
      f.keys,
      outreachInboundEffects,
      config,
      f.mailboxId,
      new Date('2026-11-23T12:05:00Z'),
    );
    expect(result.applied).toBe(5);

    expect((await prospectOf('anna')).status).toBe('responded');
    expect(await enrollmentOf('anna')).toMatchObject({ status: 'stopped', stopReason: 'Replied' });
    expect(await enrollmentOf('eve')).toMatchObject({
      status: 'stopped',
      stopReason: 'Someone at the same domain replied',
    });
    expect((await prospectOf('dave')).status).toBe('responded');
    expect((await campaign()).responses).toBe(2);

    expect((await prospectOf('bob')).status).toBe('sent');
    expect(await enrollmentOf('bob')).toMatchObject({
      status: 'active',
      nextStepAt: new Date('2026-12-02T08:00:00Z'),
    });

    // A bounce fails the prospect but keeps when it was last contacted: the message did go out.
    expect(await prospectOf('carl')).toMatchObject({ status: 'failed', lastContacted: expect.any(Date) });
    expect(await enrollmentOf('carl')).toMatchObject({ status: 'stopped', stopReason: 'Bounced (5.1.1)' });
    expect(await enrollmentOf('erin')).toMatchObject({
      status: 'stopped',
      stopReason: 'Asked to be removed',
    });
    const suppressed = await handle.db
      .select({ email: suppressions.email, reason: suppressions.reason })
      .from(suppressions);
    expect(suppressed).toEqual(
      expect.arrayContaining([
        { email: 'carl@c.example', reason: 'bounce' },
        { email: 'erin@e.example', reason: 'unsubscribe' },
      ]),
    );

    const kinds = (await handle.db.select({ kind: inboundMessages.kind }).from(inboundMessages))
      .map((r) => r.kind)
      .sort();
    expect(kinds).toEqual(['auto_reply', 'bounce', 'reply', 'reply', 'unsubscribe']);
    const [mailbox] = await handle.db.select().from(emailAccounts).where(eq(emailAccounts.id, f.mailboxId));
    expect(mailbox!.lastSync).toEqual(new Date('2026-11-23T12:05:00Z'));
  });

  it('sends the follow-up only to prospects still in sequence, and to Bob once he is back', async () => {
    const nextDay = new Date('2026-11-24T10:00:00Z');
    await queueDueSteps(handle.db, nextDay);
    const followUps = await handle.db
      .select()
      .from(outreachMessages)
      .where(eq(outreachMessages.stepNumber, 2));
    expect(followUps).toHaveLength(0); // Anna, Eve, Dave, Carl, Erin stopped; Bob waits until December 2
    await queueDueSteps(handle.db, new Date('2026-12-02T08:00:00Z'));
    const bob = await handle.db.select().from(outreachMessages).where(eq(outreachMessages.stepNumber, 2));
    expect(bob.map((m) => m.toEmail)).toEqual(['bob@b.example']);
  });

  it('never counts a message twice: not on the next run, not after losing its position (restart mid-sync)', async () => {
    const before = await campaign();
    expect(
      (await syncMailbox(handle.db, f.keys, outreachInboundEffects, config, f.mailboxId, new Date())).applied,
    ).toBe(0);
    // As if the worker died after applying messages but before saving its position.
    await handle.db.update(emailAccounts).set({ imapLastUid: 0 }).where(eq(emailAccounts.id, f.mailboxId));
    const again = await syncMailbox(
      handle.db,
      f.keys,
      outreachInboundEffects,
      config,
      f.mailboxId,
      new Date(),
    );
    expect(again.read).toBeGreaterThanOrEqual(5);
    expect(again.applied).toBe(0);
    expect((await campaign()).responses).toBe(before.responses);
    expect(await handle.db.select().from(inboundMessages)).toHaveLength(5);
  });

  it('keeps counters that a recount from the recorded events confirms', async () => {
    const live = await campaign();
    const recounted = await recountCampaign(handle.db, f.campaignId);
    expect(recounted).toEqual({
      prospects: 6,
      emailsSent: live.emailsSent,
      emailsOpened: live.emailsOpened,
      emailsClicked: live.emailsClicked,
      responses: live.responses,
      successCount: live.successCount,
    });
    expect(recounted).toMatchObject({ emailsSent: 6, responses: 2 });
    // A counter gone wrong (a crash before the fixes above, a manual edit) is repaired.
    await handle.db
      .update(campaigns)
      .set({ emailsSent: 99, responses: 0 })
      .where(eq(campaigns.id, f.campaignId));
    expect(await recountCampaign(handle.db, f.campaignId)).toMatchObject({ emailsSent: 6, responses: 2 });
  });

  it('turns the mailbox into a connection error when the IMAP login is refused', async () => {
    const { encryptSecret } = await import('../../secrets');
    await handle.db
      .update(emailAccounts)
      .set({ secretEncrypted: encryptSecret(f.keys.credentials, 'wrong') })
      .where(eq(emailAccounts.id, f.mailboxId));
    await expect(
      syncMailbox(handle.db, f.keys, outreachInboundEffects, config, f.mailboxId, new Date()),
    ).rejects.toBeInstanceOf(MailboxAccessError);
    const [mailbox] = await handle.db.select().from(emailAccounts).where(eq(emailAccounts.id, f.mailboxId));
    expect(mailbox).toMatchObject({
      status: 'error',
      statusReason: 'The IMAP server refused the user name or password.',
    });
    // The job reports it and ends: no retries, no error in the worker's log; the next run tries again.
    expect(
      await syncMailboxJob.handle(
        { mailboxId: f.mailboxId },
        { db: handle.db, config, appSecret: config.APP_SECRET! },
      ),
    ).toEqual({ skipped: 'unreachable', reason: 'The IMAP server refused the user name or password.' });
  });
});
