import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { emailAccounts } from '../../db/schema/mailboxes';
import { outreachMessages } from '../../db/schema/outreach';
import { workspaces } from '../../db/schema/workspaces';
import { prospectTimeline } from '../../modules/prospects/timeline';
import { claimSendable } from '../../outreach/scheduling/claim';
import { queueDueSteps } from '../../outreach/scheduling/queue-steps';
import { deliveryGraceMs, reconcileInterrupted, sendingLeaseMs } from '../../outreach/sending/reconcile';
import { sendMessage } from '../../outreach/sending/send';
import { testConfig } from '../app';
import { createTestDatabase } from '../database';
import { createOutreachFixture, sendClaimable, type OutreachFixture } from '../outreach';

/**
 * The SMTP server failing after the message body was handed over (docs/decisions/042-fault-suite.md):
 * the connection dropped before the 250 reply, or the server hung after DATA. The client cannot know
 * whether the message went out, so it must neither resend it blindly nor drop it: the row stays
 * 'sending' and the reconciler decides from the mailbox's blind copy. Counted at the real local
 * SMTP server: one message each time.
 */

let fixture: OutreachFixture | undefined;
let handle: DatabaseHandle | undefined;
afterEach(async () => {
  await fixture?.close();
  await handle?.close();
  fixture = undefined;
});

const config = testConfig({ APP_URL: 'https://app.example' });

/** One always-open sequence of one step for Anna, claimed and ready to send. */
async function claimOne() {
  handle = await createTestDatabase();
  const start = new Date(Date.now() - 60_000);
  fixture = await createOutreachFixture(handle.db, {
    prospects: [{ website: 'https://blog.example', email: 'anna@blog.example', name: 'Anna' }],
    steps: [{ subject: 'Idea', content: 'Hi [First Name]', delayHours: null }],
    start,
  });
  await handle.db
    .update(workspaces)
    .set({ sendWindowDays: [1, 2, 3, 4, 5, 6, 7], sendWindowStartHour: 0, sendWindowEndHour: 24 })
    .where(eq(workspaces.id, fixture.workspaceId));
  await queueDueSteps(handle.db, start);
  const [id] = await claimSendable(handle.db, start, () => 0);
  return { db: handle.db, start, id: id! };
}

/** The message as the prospect's timeline (GET /api/prospects/:id/timeline) shows it. */
async function timelineMessage() {
  const timeline = await prospectTimeline(handle!.db, fixture!.workspaceId, fixture!.prospectIds[0]!);
  return timeline.entries.find((e) => e.type === 'message');
}

async function emailsSent(): Promise<number> {
  const [campaign] = await handle!.db.select().from(campaigns).where(eq(campaigns.id, fixture!.campaignId));
  return campaign!.emailsSent;
}

describe('the SMTP server drops the connection after DATA, before its 250', () => {
  it('keeps the message sending, never resends it, and records it sent once the blind copy is found', async () => {
    const { db, start, id } = await claimOne();
    fixture!.smtp.hooks.afterData = 'drop';

    expect(await sendMessage(db, { keys: fixture!.keys, config }, id, start)).toBe('unconfirmed');
    fixture!.smtp.hooks.afterData = undefined;
    expect(fixture!.smtp.messages).toHaveLength(1);
    const [unknown] = await db.select().from(outreachMessages).where(eq(outreachMessages.id, id));
    expect(unknown).toMatchObject({ status: 'sending', attempts: 1 });
    // The screen shows it as being sent, with why it is not yet confirmed; the mailbox is not blamed.
    expect(await timelineMessage()).toMatchObject({
      status: 'sending',
      error: expect.stringMatching(/dropped the connection after the message was handed over/),
    });
    const [mailbox] = await db.select().from(emailAccounts).where(eq(emailAccounts.id, fixture!.mailboxId));
    expect(mailbox!.status).toBe('connected');

    // Ticks before the lease is over neither claim nor resend it.
    const soon = new Date(start.getTime() + sendingLeaseMs(config) - 1000);
    await queueDueSteps(db, soon);
    expect(await sendClaimable(db, fixture!, config, soon)).toEqual([]);

    // The first tick after the lease finds the blind copy: sent, at the moment it was claimed.
    const later = new Date(unknown!.claimedAt!.getTime() + sendingLeaseMs(config) + 1000);
    expect(await reconcileInterrupted(db, fixture!.keys, config, later)).toEqual({
      sent: 1,
      requeued: 0,
      failed: 0,
      waiting: 0,
    });
    const muchLater = new Date(later.getTime() + deliveryGraceMs(config));
    await queueDueSteps(db, muchLater);
    expect(await sendClaimable(db, fixture!, config, muchLater)).toEqual([]);

    expect(fixture!.smtp.messages).toHaveLength(1);
    const rows = await db.select().from(outreachMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'sent', sentAt: unknown!.claimedAt });
    expect(await timelineMessage()).toMatchObject({ status: 'sent', error: null });
    expect(await emailsSent()).toBe(1);
  });
});

describe('the SMTP server hangs after DATA', () => {
  it('waits for the grace period, then sends the message once with its first Message-ID', async () => {
    const { db, start, id } = await claimOne();
    fixture!.smtp.hooks.afterData = 'stall';

    // The client gives up after its socket timeout (30 s): the server never delivered it.
    expect(await sendMessage(db, { keys: fixture!.keys, config }, id, start)).toBe('unconfirmed');
    fixture!.smtp.hooks.afterData = undefined;
    expect(fixture!.smtp.messages).toHaveLength(0);
    const [unknown] = await db.select().from(outreachMessages).where(eq(outreachMessages.id, id));
    expect(unknown!.status).toBe('sending');
    expect(await timelineMessage()).toMatchObject({
      status: 'sending',
      error: expect.stringMatching(/stopped answering after the message was handed over/),
    });

    // After the lease: no blind copy yet, but it may still be on its way: nothing decided.
    const claimedAt = unknown!.claimedAt!.getTime();
    const afterLease = new Date(claimedAt + sendingLeaseMs(config) + 1000);
    expect(await reconcileInterrupted(db, fixture!.keys, config, afterLease)).toEqual({
      sent: 0,
      requeued: 0,
      failed: 0,
      waiting: 1,
    });
    // After the grace period it never arrived: queued again and sent once, by the same tick.
    const afterGrace = new Date(claimedAt + deliveryGraceMs(config) + 1000);
    expect(await reconcileInterrupted(db, fixture!.keys, config, afterGrace)).toEqual({
      sent: 0,
      requeued: 1,
      failed: 0,
      waiting: 0,
    });
    await queueDueSteps(db, afterGrace);
    expect(await sendClaimable(db, fixture!, config, afterGrace)).toEqual(['sent']);

    expect(fixture!.smtp.messages).toHaveLength(1);
    expect(fixture!.smtp.messages[0]!.parsed.messageId).toBe(unknown!.messageId);
    const rows = await db.select().from(outreachMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'sent' });
    expect(await emailsSent()).toBe(1);
  }, 60_000);
});
