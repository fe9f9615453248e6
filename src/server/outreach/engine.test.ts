import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '../db/client';
import { campaigns } from '../db/schema/campaigns';
import { prospects } from '../db/schema/prospects';
import { emailAccounts } from '../db/schema/mailboxes';
import { enrollments, outreachMessages, suppressions } from '../db/schema/outreach';
import { encryptSecret } from '../secrets';
import { testConfig } from '../testing/app';
import { createTestDatabase } from '../testing/database';
import {
  createOutreachFixture,
  type OutreachFixture,
  type OutreachFixtureOptions,
} from '../testing/outreach';
import { claimSendable } from './scheduling/claim';
import { queueDueSteps } from './scheduling/queue-steps';
import { reconcileInterrupted } from './sending/reconcile';
import { sendMessage } from './sending/send';

const MONDAY_10 = new Date('2026-11-23T10:00:00Z'); // inside the default window (Mon–Fri 08–18 UTC)
const minutes = (n: number) => n * 60_000;
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

const twoSteps = [
  {
    subject: 'Idea for [Website]',
    content: 'Hi [First Name],\n\nA guest post idea for [Website].\n\n[Your Name]',
    delayHours: 24,
  },
  { subject: 'Following up', content: 'Hi [First Name], any thoughts?', delayHours: null },
];

let handle: DatabaseHandle;
let fixture: OutreachFixture;
afterEach(async () => {
  await fixture?.close();
  await handle?.close();
});

async function setUp(options: Partial<OutreachFixtureOptions> = {}) {
  handle = await createTestDatabase();
  fixture = await createOutreachFixture(handle.db, {
    prospects: [{ website: 'https://blog-a.example', email: 'anna@blog-a.example', name: 'Anna Smith' }],
    steps: twoSteps,
    start: MONDAY_10,
    ...options,
  });
  return { db: handle.db, f: fixture };
}

/** One run of the engine at `now`, as the outreach-tick job does it (spacing at its minimum). */
async function tick(now: Date, hourMs = 3_600_000) {
  const config = testConfig({ APP_URL: 'https://app.example', OUTREACH_HOUR_MS: String(hourMs) });
  await reconcileInterrupted(handle.db, fixture.keys, config, now);
  await queueDueSteps(handle.db, now);
  const claimed = await claimSendable(handle.db, now, () => 0, hourMs);
  return Promise.all(claimed.map((id) => sendMessage(handle.db, { keys: fixture.keys, config }, id, now)));
}

const messagesOf = (prospectId: string) =>
  handle.db
    .select()
    .from(outreachMessages)
    .where(eq(outreachMessages.prospectId, prospectId))
    .orderBy(outreachMessages.stepNumber);

describe('sending a step', () => {
  it('delivers step 1 with placeholders filled, and records it on prospect, campaign and mailbox', async () => {
    const { db, f } = await setUp();
    expect(await tick(MONDAY_10)).toEqual(['sent']);
    const [received] = await f.smtp.waitFor(1);
    expect(received!.parsed.subject).toBe('Idea for blog-a.example');
    expect(received!.parsed.text).toContain('Hi Anna,');
    expect(received!.parsed.text).toContain('Grace Hopper');
    expect(received!.to).toEqual(['anna@blog-a.example', f.sender.user]); // the blind copy to itself
    expect(received!.parsed.headers.has('bcc')).toBe(false);

    const [prospect] = await db.select().from(prospects).where(eq(prospects.id, f.prospectIds[0]!));
    expect(prospect).toMatchObject({ status: 'sent', lastContacted: MONDAY_10 });
    const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, f.campaignId));
    expect(campaign!.emailsSent).toBe(1);
    const [mailbox] = await db.select().from(emailAccounts).where(eq(emailAccounts.id, f.mailboxId));
    expect(mailbox!.emailsSent).toBe(1);
    const [enrollment] = await db
      .select()
      .from(enrollments)
      .where(eq(enrollments.prospectId, f.prospectIds[0]!));
    expect(enrollment).toMatchObject({
      nextStep: 2,
      nextStepAt: at(MONDAY_10, 24 * 3600_000),
      status: 'active',
    });
  });

  it('sends the follow-up after its delay, in the same thread, then completes the enrollment', async () => {
    const { db, f } = await setUp();
    await tick(MONDAY_10);
    expect(await tick(at(MONDAY_10, 23 * 3600_000))).toEqual([]);
    expect(await tick(at(MONDAY_10, 24 * 3600_000))).toEqual(['sent']);
    const [first, second] = await f.smtp.waitFor(2);
    expect(second!.parsed.subject).toBe('Re: Idea for blog-a.example');
    expect(second!.parsed.inReplyTo).toBe(first!.parsed.messageId);
    expect(second!.parsed.references).toBe(first!.parsed.messageId);
    const [enrollment] = await db
      .select()
      .from(enrollments)
      .where(eq(enrollments.prospectId, f.prospectIds[0]!));
    expect(enrollment!.status).toBe('completed');
    expect(await tick(at(MONDAY_10, 48 * 3600_000))).toEqual([]);
  });

  it('runs delays and spacing on the shorter hour of a test install (OUTREACH_HOUR_MS)', async () => {
    const { db, f } = await setUp({
      prospects: [
        { website: 'https://blog-a.example', email: 'anna@blog-a.example', name: 'Anna Smith' },
        { website: 'https://blog-b.example', email: 'ben@blog-b.example', name: 'Ben Jones' },
      ],
    });
    const hourMs = 1_000; // one delay hour lasts a second: 24 h → 24 s; 2 min spacing → 1/30 s
    expect(await tick(MONDAY_10, hourMs)).toEqual(['sent']);
    const [enrollment] = await db
      .select()
      .from(enrollments)
      .where(eq(enrollments.prospectId, f.prospectIds[0]!));
    expect(enrollment!.nextStepAt).toEqual(at(MONDAY_10, 24 * hourMs));
    const [mailbox] = await db.select().from(emailAccounts).where(eq(emailAccounts.id, f.mailboxId));
    expect(mailbox!.nextSendAt).toEqual(at(MONDAY_10, Math.round((120 * 1000 * hourMs) / 3_600_000)));
    expect(await tick(at(MONDAY_10, 1_000), hourMs)).toEqual(['sent']);
    expect(await tick(at(MONDAY_10, 23 * hourMs), hourMs)).toEqual([]);
    expect(await tick(at(MONDAY_10, 24 * hourMs), hourMs)).toEqual(['sent']);
    const [, , followUp] = await f.smtp.waitFor(3);
    expect(followUp!.parsed.subject).toBe('Re: Idea for blog-a.example');
  });

  it('flags a step whose placeholder has no value for the prospect and never sends it', async () => {
    const { f } = await setUp({
      prospects: [{ website: 'https://nameless.example', email: 'info@nameless.example' }],
    });
    expect(await tick(MONDAY_10)).toEqual([]);
    const [message] = await messagesOf(f.prospectIds[0]!);
    expect(message).toMatchObject({ status: 'flagged', missingPlaceholders: ['[First Name]'] });
    expect(f.smtp.messages).toHaveLength(0);
  });

  it('fills {{custom.key}} from the prospect’s custom fields; without a value or a fallback it flags the step', async () => {
    const { db, f } = await setUp({
      prospects: [
        { website: 'https://blog-a.example', email: 'anna@blog-a.example', name: 'Anna Smith' },
        { website: 'https://blog-b.example', email: 'ben@blog-b.example', name: 'Ben Jones' },
      ],
      steps: [
        {
          subject: 'For {{custom.site_topic|your readers}}',
          content: 'Hi [First Name], {{custom.visits}} visits a month.',
          delayHours: null,
        },
      ],
    });
    await db
      .update(prospects)
      .set({ customFields: { site_topic: 'espresso fans', visits: 12000 } })
      .where(eq(prospects.id, f.prospectIds[0]!));
    expect(await tick(MONDAY_10)).toEqual(['sent']);
    const [received] = await f.smtp.waitFor(1);
    expect(received!.parsed.subject).toBe('For espresso fans');
    expect(received!.parsed.text).toContain('Hi Anna, 12000 visits a month.');
    const [held] = await messagesOf(f.prospectIds[1]!);
    expect(held).toMatchObject({
      status: 'flagged',
      subject: 'For your readers',
      missingPlaceholders: ['{{custom.visits}}'],
    });
  });
});

describe('sending rules', () => {
  const three = [
    { website: 'https://a.example', email: 'ann@a.example', name: 'Ann' },
    { website: 'https://b.example', email: 'bob@b.example', name: 'Bob' },
    { website: 'https://c.example', email: 'cy@c.example', name: 'Cy' },
  ];

  it('spaces the messages of one mailbox by at least the minimum spacing', async () => {
    await setUp({ prospects: three });
    expect(await tick(MONDAY_10)).toEqual(['sent']);
    expect(await tick(at(MONDAY_10, minutes(1)))).toEqual([]); // spacing is 2 minutes at least
    expect(await tick(at(MONDAY_10, minutes(2)))).toEqual(['sent']);
    expect(await tick(at(MONDAY_10, minutes(4)))).toEqual(['sent']);
  });

  it('stops at the daily limit and goes on the next day', async () => {
    await setUp({ prospects: three, dailyLimit: 2 });
    await tick(MONDAY_10);
    await tick(at(MONDAY_10, minutes(5)));
    expect(await tick(at(MONDAY_10, minutes(10)))).toEqual([]);
    expect(fixture.smtp.messages).toHaveLength(2);
    expect(await tick(new Date('2026-11-24T08:00:00Z'))).toEqual(['sent']);
  });

  it('sends only inside the sending window: nothing on Saturday, Monday from 08:00', async () => {
    await setUp({ start: new Date('2026-11-28T10:00:00Z') });
    expect(await tick(new Date('2026-11-28T10:00:00Z'))).toEqual([]);
    expect(await tick(new Date('2026-11-30T07:59:00Z'))).toEqual([]);
    expect(await tick(new Date('2026-11-30T08:00:00Z'))).toEqual(['sent']);
  });

  it('never has two messages to the same domain on their way at once', async () => {
    const { db } = await setUp({
      prospects: [
        { website: 'https://same.example', email: 'ann@same.example', name: 'Ann' },
        { website: 'https://same.example/team', email: 'bob@same.example', name: 'Bob' },
      ],
    });
    await queueDueSteps(db, MONDAY_10);
    const [first] = await claimSendable(db, MONDAY_10, () => 0);
    expect(first).toBeTruthy();
    // The first is still 'sending' (not yet sent) when the mailbox's spacing has passed.
    expect(await claimSendable(db, at(MONDAY_10, minutes(3)), () => 0)).toEqual([]);
    await sendMessage(
      db,
      { keys: fixture.keys, config: testConfig({ APP_URL: 'https://app.example' }) },
      first!,
      MONDAY_10,
    );
    expect(await claimSendable(db, at(MONDAY_10, minutes(3)), () => 0)).toHaveLength(1);
  });

  it('pausing the campaign stops sends at once; resuming continues where it stopped', async () => {
    const { db, f } = await setUp({ prospects: three });
    await tick(MONDAY_10);
    await db.update(campaigns).set({ status: 'paused' }).where(eq(campaigns.id, f.campaignId));
    expect(await tick(at(MONDAY_10, minutes(5)))).toEqual([]);
    expect(await tick(at(MONDAY_10, minutes(10)))).toEqual([]);
    await db.update(campaigns).set({ status: 'active' }).where(eq(campaigns.id, f.campaignId));
    expect(await tick(at(MONDAY_10, minutes(15)))).toEqual(['sent']);
    expect(await tick(at(MONDAY_10, minutes(20)))).toEqual(['sent']);
    expect(new Set(f.smtp.messages.map((m) => m.to[0])).size).toBe(3);
  });
});

describe('a campaign paused between claim and send', () => {
  it('keeps the claimed message unsent in the queue, and sends it once resumed', async () => {
    const { db, f } = await setUp();
    await queueDueSteps(db, MONDAY_10);
    const [claimed] = await claimSendable(db, MONDAY_10, () => 0);
    await db.update(campaigns).set({ status: 'paused' }).where(eq(campaigns.id, f.campaignId));
    const deps = { keys: f.keys, config: testConfig({ APP_URL: 'https://app.example' }) };
    expect(await sendMessage(db, deps, claimed!, MONDAY_10)).toBe('skipped');
    const [message] = await messagesOf(f.prospectIds[0]!);
    expect(message).toMatchObject({ status: 'queued', attempts: 0, claimedAt: null });
    expect(f.smtp.messages).toHaveLength(0);

    await db.update(campaigns).set({ status: 'active' }).where(eq(campaigns.id, f.campaignId));
    expect(await tick(at(MONDAY_10, minutes(5)))).toEqual(['sent']);
    expect(f.smtp.messages).toHaveLength(1);
  });
});

describe('failures', () => {
  it('retries a transient 4xx with back-off, then delivers', async () => {
    const { f } = await setUp();
    f.smtp.rejectRecipient('anna@blog-a.example', 451);
    expect(await tick(MONDAY_10)).toEqual(['retry']);
    const [message] = await messagesOf(f.prospectIds[0]!);
    expect(message).toMatchObject({ status: 'queued', notBefore: at(MONDAY_10, minutes(5)), attempts: 1 });
    f.smtp.rejectRecipient('anna@blog-a.example', 0);
    expect(await tick(at(MONDAY_10, minutes(4)))).toEqual([]);
    expect(await tick(at(MONDAY_10, minutes(5)))).toEqual(['sent']);
  });

  it('fails a permanent 5xx: prospect failed, enrollment stopped, address suppressed', async () => {
    const { db, f } = await setUp();
    f.smtp.rejectRecipient('anna@blog-a.example', 550);
    expect(await tick(MONDAY_10)).toEqual(['failed']);
    const [prospect] = await db.select().from(prospects).where(eq(prospects.id, f.prospectIds[0]!));
    expect(prospect!.status).toBe('failed');
    const [enrollment] = await db
      .select()
      .from(enrollments)
      .where(eq(enrollments.prospectId, f.prospectIds[0]!));
    expect(enrollment!.status).toBe('stopped');
    const suppressed = await db
      .select()
      .from(suppressions)
      .where(eq(suppressions.workspaceId, f.workspaceId));
    expect(suppressed).toMatchObject([{ email: 'anna@blog-a.example', reason: 'bounce' }]);
  });

  it('marks the mailbox as a connection error when the server refuses its login', async () => {
    const { db, f } = await setUp();
    // The password was changed on the server: the stored one is stale.
    await db
      .update(emailAccounts)
      .set({ secretEncrypted: encryptSecret(f.keys.credentials, 'stale-password') })
      .where(eq(emailAccounts.id, f.mailboxId));
    expect(await tick(MONDAY_10)).toEqual(['retry']);
    const [mailbox] = await db.select().from(emailAccounts).where(eq(emailAccounts.id, f.mailboxId));
    expect(mailbox).toMatchObject({
      status: 'error',
      statusReason: 'The SMTP server refused the user name or password.',
    });
    expect(await tick(at(MONDAY_10, minutes(10)))).toEqual([]); // a mailbox in error sends nothing
    const rows = await queryRows<{ status: string }>(db, sql`select status from outreach_messages`);
    expect(rows.map((r) => r.status)).toEqual(['queued']);
  });
});
