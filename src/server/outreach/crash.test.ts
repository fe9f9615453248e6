import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../db/client';
import { campaigns } from '../db/schema/campaigns';
import { prospects } from '../db/schema/prospects';
import { enrollments, outreachMessages } from '../db/schema/outreach';
import { workspaces } from '../db/schema/workspaces';
import { testConfig } from '../testing/app';
import { createTestDatabase } from '../testing/database';
import { JOB_PROCESS_TEST_TIMEOUT_MS, startJobProcess } from '../testing/job-process';
import { createOutreachFixture, type OutreachFixture } from '../testing/outreach';
import { claimSendable } from './scheduling/claim';
import { queueDueSteps } from './scheduling/queue-steps';
import { deliveryGraceMs, reconcileInterrupted, sendingLeaseMs } from './sending/reconcile';
import { MAX_ATTEMPTS, sendMessage } from './sending/send';
import { recordHit } from './tracking/events';

/**
 * The crash test of the outreach engine (docs/decisions/009-outreach-sending.md): a worker process is killed in the middle of a send, at the two
 * moments that matter, and after the restart every step goes out exactly once.
 */

let fixture: OutreachFixture | undefined;
let handle: DatabaseHandle | undefined;
afterEach(async () => {
  await fixture?.close();
  await handle?.close().catch(() => undefined);
});

type Steps = Parameters<typeof createOutreachFixture>[1]['steps'];

/**
 * A test database with one always-open sequence (by default one step); returns the database URL
 * the worker process opens it with.
 */
async function setUpAlwaysOpen(
  steps: Steps = [{ subject: 'Idea', content: 'Hi [First Name]', delayHours: null }],
): Promise<string> {
  handle = await createTestDatabase();
  const start = new Date(Date.now() - 60_000);
  fixture = await createOutreachFixture(handle.db, {
    prospects: [{ website: 'https://blog.example', email: 'anna@blog.example', name: 'Anna' }],
    steps,
    start,
  });
  // An always-open window, so the worker's real clock is inside it whatever day the test runs.
  await handle.db
    .update(workspaces)
    .set({ sendWindowDays: [1, 2, 3, 4, 5, 6, 7], sendWindowStartHour: 0, sendWindowEndHour: 24 })
    .where(eq(workspaces.id, fixture.workspaceId));
  return handle.connectionString;
}

const deps = () => ({ keys: fixture!.keys, config: testConfig({ APP_URL: 'https://app.example' }) });

/**
 * Runs the worker on an always-open set-up and kills it from the SMTP hook `at`: before the server
 * accepted the message (the connection is then lost too) or just after. Returns the database and
 * the message the worker left mid-send.
 */
async function killWorkerWhileSending(
  at: 'beforeAccept' | 'afterAccept',
  setUp: () => Promise<string> = () => setUpAlwaysOpen(),
) {
  const databaseUrl = await setUp();
  // Set in the same tick as the spawn: the worker needs far longer to reach the SMTP server.
  const worker = startJobProcess('outreach-tick', {}, databaseUrl);
  fixture!.smtp.hooks[at] = async () => {
    await worker.kill();
    if (at === 'beforeAccept') throw new Error('connection lost before the message was accepted');
  };
  expect(await worker.exited).toBe('SIGKILL');
  fixture!.smtp.hooks[at] = undefined;

  // The enrollment's latest message: the one the worker was sending (a follow-up's step 1 went out before).
  const [stuck] = await handle!.db
    .select()
    .from(outreachMessages)
    .where(eq(outreachMessages.enrollmentId, (await handle!.db.select().from(enrollments))[0]!.id))
    .orderBy(outreachMessages.stepNumber)
    .then((rows) => rows.slice(-1));
  expect(stuck!.status).toBe('sending');
  return { db: handle!.db, stuck: stuck! };
}

/** What the campaign counts as sent. */
async function emailsSent(db: Database): Promise<number> {
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, fixture!.campaignId));
  return campaign!.emailsSent;
}

describe('a worker killed in the middle of a send', () => {
  it(
    'before the mail server accepted the message: it is queued again and sent once, with the same Message-ID',
    async () => {
      const { db, stuck } = await killWorkerWhileSending('beforeAccept');
      expect(fixture!.smtp.messages).toHaveLength(0);

      const claimedAt = stuck.claimedAt!.getTime();
      // Within the grace period nothing is decided: the blind copy could still be on its way.
      expect(
        await reconcileInterrupted(
          db,
          fixture!.keys,
          testConfig(),
          new Date(claimedAt + sendingLeaseMs(testConfig()) + 1000),
        ),
      ).toEqual({
        sent: 0,
        requeued: 0,
        failed: 0,
        waiting: 1,
      });
      const later = new Date(claimedAt + deliveryGraceMs(testConfig()) + 1000);
      expect(await reconcileInterrupted(db, fixture!.keys, testConfig(), later)).toEqual({
        sent: 0,
        requeued: 1,
        failed: 0,
        waiting: 0,
      });
      await queueDueSteps(db, later);
      const [id] = await claimSendable(db, later);
      expect(await sendMessage(db, deps(), id!, later)).toBe('sent');

      expect(fixture!.smtp.messages).toHaveLength(1);
      expect(fixture!.smtp.messages[0]!.parsed.messageId).toBe(stuck.messageId);
      expect(await emailsSent(db)).toBe(1);
    },
    JOB_PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'after the mail server accepted it but before the worker recorded it: it is recorded as sent and never resent',
    async () => {
      const { db, stuck } = await killWorkerWhileSending('afterAccept');
      expect(fixture!.smtp.messages).toHaveLength(1);

      const later = new Date(stuck.claimedAt!.getTime() + sendingLeaseMs(testConfig()) + 1000);
      expect(await reconcileInterrupted(db, fixture!.keys, testConfig(), later)).toEqual({
        sent: 1,
        requeued: 0,
        failed: 0,
        waiting: 0,
      });
      await queueDueSteps(db, new Date(later.getTime() + deliveryGraceMs(testConfig())));
      expect(await claimSendable(db, new Date(later.getTime() + deliveryGraceMs(testConfig())))).toEqual([]);

      expect(fixture!.smtp.messages).toHaveLength(1);
      const [prospect] = await db.select().from(prospects).where(eq(prospects.id, fixture!.prospectIds[0]!));
      expect(prospect!.status).toBe('sent');
      expect(await emailsSent(db)).toBe(1);
    },
    JOB_PROCESS_TEST_TIMEOUT_MS,
  );
});

const variant = (content: string) => ({ id: crypto.randomUUID(), subject: '', content, weight: 1 });

/**
 * A follow-up with conditions (docs/decisions/045-conditional-follow-ups.md) whose step 1 went out
 * two hours ago unopened, due now: the worker chooses the "not opened" set.
 */
async function setUpConditionalFollowUp() {
  const databaseUrl = await setUpAlwaysOpen([
    { subject: 'Idea', content: 'Hi [First Name]', delayHours: 1 },
    {
      subject: 'Idea',
      content: 'Just checking in.',
      delayHours: null,
      branches: [
        { condition: 'not_opened', variants: [variant('Resending in case it got buried.')] },
        { condition: 'clicked', variants: [variant('Thanks for having a look.')] },
      ],
    },
  ]);
  const db = handle!.db;
  const now = Date.now();
  await queueDueSteps(db, new Date(now - 60_000));
  await db
    .update(outreachMessages)
    .set({ status: 'sent', sentAt: new Date(now - 2 * 3_600_000) })
    .where(eq(outreachMessages.stepNumber, 1));
  await db.update(enrollments).set({ nextStep: 2, nextStepAt: new Date(now - 60_000) });
  return databaseUrl;
}

describe('a worker killed between choosing a follow-up’s variant and sending it', () => {
  it.each(['beforeAccept', 'afterAccept'] as const)(
    '%s: the prospect gets the variant chosen first, once, though what they did changed meanwhile',
    async (at) => {
      const { db, stuck } = await killWorkerWhileSending(at, setUpConditionalFollowUp);
      expect(stuck).toMatchObject({
        stepNumber: 2,
        branch: 'not_opened',
        body: 'Resending in case it got buried.',
      });
      expect(fixture!.smtp.messages).toHaveLength(at === 'afterAccept' ? 1 : 0);

      // Meanwhile the prospect clicks step 1: queued now, the follow-up would be the "clicked" one.
      const [first] = await db
        .select()
        .from(outreachMessages)
        .where(
          and(eq(outreachMessages.stepNumber, 1), eq(outreachMessages.enrollmentId, stuck.enrollmentId)),
        );
      const person = { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0', ipAddress: '203.0.113.9' };
      expect(await recordHit(db, first!.id, 'click', person, new Date(), 'https://blog.example/x')).toBe(
        true,
      );

      // The restart: the interrupted send is settled, the tick runs again, whatever is sendable goes.
      const later = new Date(stuck.claimedAt!.getTime() + deliveryGraceMs(testConfig()) + 1000);
      await reconcileInterrupted(db, fixture!.keys, testConfig(), later);
      expect(await queueDueSteps(db, later)).toBe(0);
      for (const id of await claimSendable(db, later)) await sendMessage(db, deps(), id, later);

      const received = fixture!.smtp.messages.map((m) => m.parsed.text ?? '');
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('Resending in case it got buried.');
      expect(received.some((text) => text.includes('Thanks for having a look.'))).toBe(false);
      const followUps = await db.select().from(outreachMessages).where(eq(outreachMessages.stepNumber, 2));
      expect(followUps.map((m) => [m.status, m.branch, m.messageId])).toEqual([
        ['sent', 'not_opened', stuck.messageId],
      ]);
    },
    JOB_PROCESS_TEST_TIMEOUT_MS,
  );
});

describe('a message that is interrupted again and again', () => {
  it('is set aside as failed, with the reason, on its last attempt instead of queued forever', async () => {
    await setUpAlwaysOpen();
    const db = handle!.db;
    const now = new Date();
    await queueDueSteps(db, now);
    const [id] = await claimSendable(db, now);
    // Claimed for the MAX_ATTEMPTS-th time, and its worker died before the server took it.
    await db.update(outreachMessages).set({ attempts: MAX_ATTEMPTS }).where(eq(outreachMessages.id, id!));
    const later = new Date(now.getTime() + deliveryGraceMs(testConfig()) + 1000);
    const notInMailbox = async () => false;

    expect(await reconcileInterrupted(db, fixture!.keys, testConfig(), later, notInMailbox)).toEqual({
      sent: 0,
      requeued: 0,
      failed: 1,
      waiting: 0,
    });
    const [message] = await db.select().from(outreachMessages).where(eq(outreachMessages.id, id!));
    expect(message).toMatchObject({
      status: 'failed',
      lastError: `Interrupted before the mail server accepted it, on ${MAX_ATTEMPTS} attempts; set aside`,
    });
    const [prospect] = await db.select().from(prospects).where(eq(prospects.id, fixture!.prospectIds[0]!));
    expect(prospect!.status).toBe('failed');
    const [enrollment] = await db.select().from(enrollments);
    expect(enrollment!.status).toBe('stopped');
    // Nothing is claimed again, and a second reconciler finds nothing left to settle.
    expect(await claimSendable(db, later)).toEqual([]);
    expect(await reconcileInterrupted(db, fixture!.keys, testConfig(), later, notInMailbox)).toEqual({
      sent: 0,
      requeued: 0,
      failed: 0,
      waiting: 0,
    });
    expect(fixture!.smtp.messages).toHaveLength(0);
  });
});
