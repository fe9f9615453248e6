import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { emailAccounts } from '../../db/schema/mailboxes';
import {
  enrollments,
  inboundMessages,
  outreachMessages,
  quarantinedMessages,
} from '../../db/schema/outreach';
import { testConfig } from '../../testing/app';
import { createTestDatabase } from '../../testing/database';
import { startImapServer, startSmtpServer } from '../../testing/mail-servers';
import {
  createOutreachFixture,
  prospectWithEmail,
  sendClaimable,
  sendDueSteps,
  type OutreachFixture,
} from '../../testing/outreach';
import { queueDueSteps } from '../../outreach/scheduling/queue-steps';
import { syncMailbox } from './sync';
import { outreachInboundEffects } from '../../outreach/inbound-effects';

/**
 * A mailbox sync against a real IMAP server (Dovecot) when the world misbehaves: messages that
 * cannot be read, huge ones, NUL characters, a looped copy of our own message, a server that stops
 * and comes back, an SMTP server that stops, a paused mailbox (docs/decisions/014-mailbox-health.md).
 */
const MONDAY_10 = new Date('2026-11-23T10:00:00Z');
const LATER = new Date('2026-11-30T10:00:00Z');
const config = testConfig({ APP_URL: 'https://app.example' });
let handle: DatabaseHandle;
let f: OutreachFixture;
const names = ['anna', 'bob', 'nora', 'dan', 'erin', 'carl', 'fay'] as const;
type Name = (typeof names)[number];
const address = (who: Name) => `${who}@${who}.example`;
const sent = {} as Record<Name, { messageId: string; subject: string }>;

beforeAll(async () => {
  handle = await createTestDatabase();
  f = await createOutreachFixture(handle.db, {
    prospects: names.map((n) => ({ website: `https://${n}.example`, email: address(n), name: n })),
    steps: [
      { subject: 'Idea for [Website]', content: 'Hi [First Name], a guest post idea.', delayHours: null },
    ],
    start: MONDAY_10,
  });
  // Fay's first step is kept for the SMTP test, a week later.
  const fay = await prospectWithEmail(handle.db, address('fay'));
  await handle.db.update(enrollments).set({ nextStepAt: LATER }).where(eq(enrollments.prospectId, fay.id));
  const byAddress = await sendDueSteps(handle.db, f, config, MONDAY_10, names.length - 1);
  for (const [email, message] of Object.entries(byAddress)) sent[email.split('@')[0] as Name] = message;
});
afterAll(async () => {
  await f?.close();
  await handle?.close();
});

const sendDue = (now: Date) => sendClaimable(handle.db, f, config, now);

const message = (headers: string[], body: string) =>
  [...headers, `To: ${f.sender.user}`, 'Date: Mon, 23 Nov 2026 12:00:00 +0000', '', body, ''].join('\r\n');
const reply = (who: Name, body: string, extra: string[] = []) =>
  message(
    [
      `From: ${who} <${address(who)}>`,
      `Subject: Re: ${sent[who].subject}`,
      `Message-ID: <${crypto.randomUUID()}@${who}.example>`,
      `In-Reply-To: ${sent[who].messageId}`,
      ...(extra.length ? extra : ['Content-Type: text/plain; charset=utf-8']),
    ],
    body,
  );
const sync = (now: Date, maxMessageBytes?: number) =>
  syncMailbox(handle.db, f.keys, outreachInboundEffects, config, f.mailboxId, now, { maxMessageBytes });
const mailbox = async () =>
  (await handle.db.select().from(emailAccounts).where(eq(emailAccounts.id, f.mailboxId)))[0]!;
const prospectOf = (who: Name) => prospectWithEmail(handle.db, address(who));
const inboundOf = async (who: Name) =>
  handle.db
    .select()
    .from(inboundMessages)
    .where(eq(inboundMessages.prospectId, (await prospectOf(who)).id));

describe('a batch with messages that cannot be read', () => {
  it('sets the poison aside and applies every reply around it in the same run; the next run moves on', async () => {
    await f.imap.deliver(f.sender, reply('anna', 'Sounds good, send me the draft!'));
    // A header block over the MIME parser's 1 MB limit: it cannot be parsed.
    await f.imap.deliver(
      f.sender,
      message(
        [
          'From: Header Bomb <bomb@spam.example>',
          'Subject: Look at this',
          'Message-ID: <bomb@spam.example>',
          ...Array.from({ length: 20_000 }, (_, i) => `X-Filler-${i}: ${'z'.repeat(60)}`),
        ],
        'hi',
      ),
    );
    // NUL characters in the subject (encoded word) and in the quoted-printable body.
    await f.imap.deliver(
      f.sender,
      reply('nora', 'Happy=00 to help=00!', [
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: quoted-printable',
      ]).replace(/^Subject: .*$/m, 'Subject: =?utf-8?Q?Re:_Idea=00_for_you?='),
    );
    // Broken MIME: a multipart whose boundary never closes, a base64 part that is not base64.
    await f.imap.deliver(
      f.sender,
      reply(
        'erin',
        '--b1\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: base64\r\n\r\n!!not base64**\r\n--b1\r\nContent-Type: text/plain\r\n\r\nYes, interested.',
        ['MIME-Version: 1.0', 'Content-Type: multipart/mixed; boundary="b1"'],
      ),
    );
    // 10,000 lines of body.
    await f.imap.deliver(
      f.sender,
      reply('dan', Array.from({ length: 10_000 }, (_, i) => `Line ${i} of a very long answer.`).join('\n')),
    );
    // Over this run's size limit: set aside without being downloaded.
    await f.imap.deliver(
      f.sender,
      message(
        ['From: Big Sender <big@x.example>', 'Subject: Our catalogue', 'Message-ID: <big@x.example>'],
        `${'x'.repeat(75)}\r\n`.repeat(32_000),
      ),
    );
    // A copy of our own message to Bob come back through a list: same Message-ID, same subject, his address.
    await f.imap.deliver(
      f.sender,
      message(
        [
          `From: bob <${address('bob')}>`,
          `Subject: Re: ${sent.bob.subject}`,
          `Message-ID: ${sent.bob.messageId}`,
        ],
        'Hi bob, a guest post idea.',
      ),
    );
    await f.imap.deliver(f.sender, reply('bob', 'What topics do you have in mind?'));

    const now = new Date('2026-11-23T12:05:00Z');
    const result = await sync(now, 2_000_000);
    // The blind copies of the six sends are read too (and skipped as ours).
    expect(result).toEqual({ read: 6 + 8, applied: 5, quarantined: 2 });

    const aside = await handle.db.select().from(quarantinedMessages).orderBy(quarantinedMessages.imapUid);
    expect(aside).toMatchObject([
      {
        emailAccountId: f.mailboxId,
        workspaceId: f.workspaceId,
        messageId: '<bomb@spam.example>',
        fromEmail: 'bomb@spam.example',
        subject: 'Look at this',
        reason: 'Max header size for a MIME node exceeded',
        size: expect.any(Number),
      },
      {
        messageId: '<big@x.example>',
        fromEmail: 'big@x.example',
        subject: 'Our catalogue',
        reason: expect.stringMatching(/^Too large to read \(2\.\d MB\)$/),
      },
    ]);
    expect(aside[0]!.size).toBeGreaterThan(1_500_000);

    for (const who of ['anna', 'nora', 'erin', 'dan', 'bob'] as const)
      expect((await prospectOf(who)).status, who).toBe('responded');
    const [nora] = await inboundOf('nora');
    expect(nora).toMatchObject({ subject: 'Re: Idea for you', text: 'Happy to help!\n' });
    const [dan] = await inboundOf('dan');
    expect(dan!.text.length).toBe(20_000);
    const bob = await inboundOf('bob');
    expect(bob.map((i) => i.messageId)).not.toContain(sent.bob.messageId);
    expect(bob).toHaveLength(1);

    const after = await mailbox();
    expect(after).toMatchObject({ status: 'connected', lastSync: now });
    const again = await sync(new Date('2026-11-23T12:07:00Z'), 2_000_000);
    expect(again).toEqual({ read: 0, applied: 0, quarantined: 0 });
    expect(await handle.db.select().from(quarantinedMessages)).toHaveLength(2);
    expect((await mailbox()).imapLastUid).toBe(after.imapLastUid);
  });
});

describe('connection state', () => {
  it('turns the mailbox error when its IMAP server is stopped, and connected again once it is back', async () => {
    const own = await mailbox();
    const first = await startImapServer([f.sender]);
    await handle.db
      .update(emailAccounts)
      .set({ imapPort: first.port })
      .where(eq(emailAccounts.id, f.mailboxId));
    await sync(new Date('2026-11-24T09:00:00Z'));
    expect(await mailbox()).toMatchObject({ status: 'connected' });

    await first.close();
    await expect(sync(new Date('2026-11-24T09:02:00Z'))).rejects.toThrow();
    expect(await mailbox()).toMatchObject({
      status: 'error',
      statusSource: 'imap',
      statusReason: `Could not connect to the IMAP server 127.0.0.1:${first.port} (connection refused). Check host and port.`,
      lastSync: new Date('2026-11-24T09:00:00Z'),
    });

    const restarted = await startImapServer([f.sender]);
    try {
      await handle.db
        .update(emailAccounts)
        .set({ imapPort: restarted.port })
        .where(eq(emailAccounts.id, f.mailboxId));
      await sync(new Date('2026-11-24T09:04:00Z'));
      expect(await mailbox()).toMatchObject({
        status: 'connected',
        statusReason: null,
        statusSource: null,
        lastSync: new Date('2026-11-24T09:04:00Z'),
      });
    } finally {
      await restarted.close();
      await handle.db
        .update(emailAccounts)
        .set({ imapPort: own.imapPort, imapUidValidity: own.imapUidValidity, imapLastUid: own.imapLastUid })
        .where(eq(emailAccounts.id, f.mailboxId));
    }
  });

  it('turns the mailbox error when its SMTP server is stopped, keeps the message queued, and clears it once SMTP answers', async () => {
    const stopped = await startSmtpServer([f.sender]);
    await stopped.close();
    await handle.db
      .update(emailAccounts)
      .set({ smtpPort: stopped.port })
      .where(eq(emailAccounts.id, f.mailboxId));
    await queueDueSteps(handle.db, LATER);
    expect(await sendDue(LATER)).toEqual(['retry']);
    expect(await mailbox()).toMatchObject({
      status: 'error',
      statusSource: 'smtp',
      statusReason: `Could not connect to the SMTP server 127.0.0.1:${stopped.port} (connection refused). Check host and port.`,
    });
    const [queued] = await handle.db
      .select()
      .from(outreachMessages)
      .where(eq(outreachMessages.toEmail, address('fay')));
    expect(queued).toMatchObject({ status: 'queued', notBefore: new Date(LATER.getTime() + 5 * 60_000) });
    const afterBackOff = new Date(LATER.getTime() + 10 * 60_000);
    expect(await sendDue(afterBackOff)).toEqual([]); // a mailbox in error sends nothing

    // The server is back: the next sync's SMTP check clears the error, and the message goes out.
    await handle.db
      .update(emailAccounts)
      .set({ smtpPort: f.smtp.port })
      .where(eq(emailAccounts.id, f.mailboxId));
    await sync(afterBackOff);
    expect(await mailbox()).toMatchObject({ status: 'connected', statusSource: null, statusReason: null });
    expect(await sendDue(afterBackOff)).toEqual(['sent']);
  });

  it('keeps reading a paused mailbox without ever turning it connected or error', async () => {
    await handle.db
      .update(emailAccounts)
      .set({ status: 'paused', statusSource: 'health', statusReason: 'Bounce rate above 5%' })
      .where(eq(emailAccounts.id, f.mailboxId));
    await f.imap.deliver(f.sender, reply('carl', 'Sure, let us talk.'));
    await sync(new Date('2026-11-30T12:00:00Z'));
    expect((await prospectOf('carl')).status).toBe('responded');
    expect(await mailbox()).toMatchObject({
      status: 'paused',
      statusSource: 'health',
      lastSync: new Date('2026-11-30T12:00:00Z'),
    });

    const port = (await mailbox()).imapPort;
    await handle.db.update(emailAccounts).set({ imapPort: 1 }).where(eq(emailAccounts.id, f.mailboxId));
    await expect(sync(new Date('2026-11-30T12:02:00Z'))).rejects.toThrow();
    expect(await mailbox()).toMatchObject({ status: 'paused', statusReason: 'Bounce rate above 5%' });
    await handle.db.update(emailAccounts).set({ imapPort: port }).where(eq(emailAccounts.id, f.mailboxId));
  });
});
