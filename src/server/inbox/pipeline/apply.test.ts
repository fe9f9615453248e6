import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { enrollments, inboundMessages, outreachMessages, suppressions } from '../../db/schema/outreach';
import { testConfig } from '../../testing/app';
import { createTestDatabase } from '../../testing/database';
import {
  createOutreachFixture,
  prospectWithEmail,
  receiveInbound,
  sendClaimable,
  sendDueSteps,
  type OutreachFixture,
} from '../../testing/outreach';
import { recountCampaign } from '../../campaigns/counters';
import type { Bounce, Inbound } from '../../mail/messages/inbound';

/**
 * What each kind of inbound message does once matched (docs/decisions/014-mailbox-health.md), on
 * messages really sent through the local SMTP server. The inbound meaning is given as the
 * classifier's contract (inbound.ts) states it, so these rules are tested apart from how a report
 * is read.
 */
const MONDAY_10 = new Date('2026-11-23T10:00:00Z');
const HOUR = 3_600_000;
const config = testConfig({ APP_URL: 'https://app.example' });
let handle: DatabaseHandle;
let f: OutreachFixture;
const names = ['anna', 'bob', 'carl', 'dave', 'erin', 'frank', 'gina', 'hank', 'ivy'] as const;
type Name = (typeof names)[number];
const address = (who: Name) => `${who}@${who}.example`;
const sent = {} as Record<Name, string>;

beforeAll(async () => {
  handle = await createTestDatabase();
  f = await createOutreachFixture(handle.db, {
    prospects: names.map((n) => ({ website: `https://${n}.example`, email: address(n), name: n })),
    steps: [
      { subject: 'Idea for [Website]', content: 'Hi [First Name], a guest post idea.', delayHours: 48 },
      { subject: 'Following up', content: 'Any thoughts?', delayHours: null },
    ],
    start: MONDAY_10,
  });
  const byAddress = await sendDueSteps(handle.db, f, config, MONDAY_10, names.length);
  for (const [email, message] of Object.entries(byAddress))
    sent[email.split('@')[0] as Name] = message.messageId;
});
afterAll(async () => {
  await f?.close();
  await handle?.close();
});

const sendDue = (now: Date) => sendClaimable(handle.db, f, config, now);

/** A report as a mail server sends it; only its threading headers matter here. */
const report = (headers = '') =>
  `From: MAILER-DAEMON@relay.example\r\nTo: ${f.sender.user}\r\nSubject: Undelivered Mail\r\nMessage-ID: <${crypto.randomUUID()}@relay.example>\r\n${headers}Content-Type: text/plain\r\n\r\nSee the report.\r\n`;
const bounce = (type: Bounce['type'], fields: Partial<Bounce>): Bounce => ({
  kind: 'bounce',
  type,
  hard: type === 'hard',
  reason:
    type === 'hard'
      ? 'userunknown'
      : type === 'soft'
        ? 'mailboxfull'
        : type === 'policy'
          ? 'blocked'
          : 'delayed',
  status: null,
  recipient: null,
  originalMessageId: null,
  diagnostic: null,
  ...fields,
});

const receive = (raw: string, inbound: Inbound, now: Date) => receiveInbound(handle.db, f, raw, inbound, now);

const prospectOf = (who: Name) => prospectWithEmail(handle.db, address(who));
const enrollmentOf = async (who: Name) =>
  (
    await handle.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.prospectId, (await prospectOf(who)).id))
  )[0]!;
const messageOf = async (who: Name) =>
  (await handle.db.select().from(outreachMessages).where(eq(outreachMessages.messageId, sent[who])))[0]!;
const inboundOf = async (who: Name) =>
  handle.db
    .select()
    .from(inboundMessages)
    .where(eq(inboundMessages.prospectId, (await prospectOf(who)).id))
    .orderBy(inboundMessages.imapUid);
const suppressed = async () =>
  (await handle.db.select().from(suppressions).where(eq(suppressions.workspaceId, f.workspaceId))).map(
    (s) => s.email,
  );
const campaign = async () =>
  (await handle.db.select().from(campaigns).where(eq(campaigns.id, f.campaignId)))[0]!;

describe('soft bounces', () => {
  it('resends the step after 1 h, then 4 h, and fails the prospect on the third without suppressing', async () => {
    const mailboxFull = bounce('soft', {
      status: '4.2.2',
      recipient: address('anna'),
      originalMessageId: sent.anna,
    });
    const sentBefore = (await campaign()).emailsSent;
    const first = new Date('2026-11-23T12:00:00Z');
    expect(await receive(report(), mailboxFull, first)).toMatchObject({ via: 'original' });
    expect(await messageOf('anna')).toMatchObject({
      status: 'queued',
      notBefore: new Date(first.getTime() + HOUR),
      sentAt: null,
      attempts: 0,
      lastError: 'Bounced: mailbox full (4.2.2)',
    });
    expect(await enrollmentOf('anna')).toMatchObject({
      status: 'active',
      softBounces: 1,
      nextStep: 1,
      nextStepAt: null,
    });
    // It no longer counts as sent; the recount from the messages agrees.
    expect((await campaign()).emailsSent).toBe(sentBefore - 1);
    expect((await recountCampaign(handle.db, f.campaignId))?.emailsSent).toBe(sentBefore - 1);

    expect(await sendDue(new Date(first.getTime() + HOUR - 60_000))).toEqual([]);
    expect(await sendDue(new Date(first.getTime() + HOUR))).toEqual(['sent']);
    expect(await enrollmentOf('anna')).toMatchObject({ nextStep: 2, status: 'active' });

    const second = new Date('2026-11-23T13:05:00Z');
    await receive(report(), mailboxFull, second);
    expect(await messageOf('anna')).toMatchObject({
      status: 'queued',
      notBefore: new Date(second.getTime() + 4 * HOUR),
    });
    expect(await sendDue(new Date(second.getTime() + 4 * HOUR))).toEqual(['sent']);

    await receive(report(), { ...mailboxFull, status: '5.2.2' }, new Date('2026-11-23T17:30:00Z'));
    expect(await prospectOf('anna')).toMatchObject({ status: 'failed' });
    expect(await enrollmentOf('anna')).toMatchObject({
      status: 'stopped',
      stopReason: 'Bounced 3 times: mailbox full (5.2.2)',
      softBounces: 3,
    });
    expect(await messageOf('anna')).toMatchObject({ status: 'sent' });
    expect(await suppressed()).not.toContain(address('anna'));
    expect((await inboundOf('anna')).map((i) => [i.kind, i.bounceType])).toEqual([
      ['bounce', 'soft'],
      ['bounce', 'soft'],
      ['bounce', 'soft'],
    ]);
  });

  it('treats a policy block like a soft bounce for the prospect, never suppresses, and stores it as policy', async () => {
    const blocked = bounce('policy', {
      status: '5.7.1',
      recipient: address('bob'),
      originalMessageId: sent.bob,
      diagnostic: '550 5.7.1 Message rejected as spam',
    });
    const at = new Date('2026-11-23T12:00:00Z');
    await receive(report(), blocked, at);
    expect(await messageOf('bob')).toMatchObject({
      status: 'queued',
      notBefore: new Date(at.getTime() + HOUR),
    });
    expect(await prospectOf('bob')).toMatchObject({ status: 'sent' });
    expect(await suppressed()).not.toContain(address('bob'));
    const [row] = await inboundOf('bob');
    expect(row).toMatchObject({
      kind: 'bounce',
      bounceType: 'policy',
      details: {
        hard: false,
        type: 'policy',
        reason: 'blocked',
        status: '5.7.1',
        recipient: address('bob'),
        diagnostic: '550 5.7.1 Message rejected as spam',
      },
    });
  });
});

describe('hard bounces', () => {
  it('fail the prospect and suppress the failed recipient', async () => {
    await receive(
      report(),
      bounce('hard', { status: '5.1.1', recipient: address('carl'), originalMessageId: sent.carl }),
      MONDAY_10,
    );
    expect(await prospectOf('carl')).toMatchObject({ status: 'failed' });
    expect(await enrollmentOf('carl')).toMatchObject({ status: 'stopped', stopReason: 'Bounced (5.1.1)' });
    expect(await suppressed()).toContain(address('carl'));
  });

  it('never suppress one of the user’s own mailboxes: a bounced blind copy leaves the prospect alone', async () => {
    await receive(
      report(),
      bounce('hard', {
        status: '5.1.1',
        recipient: f.sender.user.toUpperCase(),
        originalMessageId: sent.dave,
      }),
      MONDAY_10,
    );
    expect(await suppressed()).not.toContain(f.sender.user);
    expect(await suppressed()).not.toContain(address('dave'));
    expect(await prospectOf('dave')).toMatchObject({ status: 'sent' });
    expect(await enrollmentOf('dave')).toMatchObject({ status: 'active' });
    expect(await inboundOf('dave')).toHaveLength(1);
  });

  it('without a recipient, suppress the address the returned Message-ID was sent to', async () => {
    const matched = await receive(report(), bounce('hard', { originalMessageId: sent.erin }), MONDAY_10);
    expect(matched).toMatchObject({ via: 'original', toEmail: address('erin') });
    expect(await prospectOf('erin')).toMatchObject({ status: 'failed' });
    expect(await suppressed()).toContain(address('erin'));
  });

  it('without a recipient or a returned Message-ID, fail the prospect found by References but suppress nothing', async () => {
    const before = await suppressed();
    const matched = await receive(report(`References: ${sent.frank}\r\n`), bounce('hard', {}), MONDAY_10);
    expect(matched).toMatchObject({ via: 'thread' });
    expect(await prospectOf('frank')).toMatchObject({ status: 'failed' });
    expect(await suppressed()).toEqual(before);
  });

  it('are never matched through In-Reply-To', async () => {
    expect(await receive(report(`In-Reply-To: ${sent.gina}\r\n`), bounce('hard', {}), MONDAY_10)).toBeNull();
    expect(await prospectOf('gina')).toMatchObject({ status: 'sent' });
  });
});

describe('delay notices and challenges', () => {
  it('record a delay notice on the timeline and change nothing else', async () => {
    const enrollment = await enrollmentOf('hank');
    await receive(
      report(),
      bounce('delay', { status: '4.4.7', recipient: address('hank'), originalMessageId: sent.hank }),
      MONDAY_10,
    );
    expect(await inboundOf('hank')).toMatchObject([{ kind: 'bounce', bounceType: 'delay' }]);
    expect(await prospectOf('hank')).toMatchObject({ status: 'sent' });
    expect(await enrollmentOf('hank')).toEqual(enrollment);
    expect(await messageOf('hank')).toMatchObject({ status: 'sent' });
  });

  it('record a challenge without counting it as a response', async () => {
    const responses = (await campaign()).responses;
    const raw = `From: Spam Guard <verify@ivy.example>\r\nTo: ${f.sender.user}\r\nSubject: Re: Idea for ivy.example\r\nIn-Reply-To: ${sent.ivy}\r\nMessage-ID: <${crypto.randomUUID()}@ivy.example>\r\nContent-Type: text/plain\r\n\r\nPlease confirm you are human.\r\n`;
    await receive(raw, { kind: 'challenge' }, MONDAY_10);
    expect(await inboundOf('ivy')).toMatchObject([{ kind: 'challenge', bounceType: null }]);
    expect((await campaign()).responses).toBe(responses);
    expect(await prospectOf('ivy')).toMatchObject({ status: 'sent' });
    expect(await enrollmentOf('ivy')).toMatchObject({ status: 'active' });
  });
});

describe('text from outside', () => {
  it('is stored without NUL characters, in the row and in the bounce details', async () => {
    const raw = `From: MAILER-DAEMON@relay.example\r\nTo: ${f.sender.user}\r\nSubject: =?utf-8?Q?Undelivered=00_Mail?=\r\nMessage-ID: <${crypto.randomUUID()}@relay.example>\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nbroken=00text\r\n`;
    await receive(
      raw,
      bounce('delay', { originalMessageId: sent.gina, diagnostic: 'still\u0000trying' }),
      MONDAY_10,
    );
    const [row] = await handle.db
      .select()
      .from(inboundMessages)
      .where(
        and(
          eq(inboundMessages.prospectId, (await prospectOf('gina')).id),
          eq(inboundMessages.kind, 'bounce'),
        ),
      );
    expect(row).toMatchObject({
      subject: 'Undelivered Mail',
      text: 'brokentext\n',
      details: { diagnostic: 'stilltrying' },
    });
  });
});
