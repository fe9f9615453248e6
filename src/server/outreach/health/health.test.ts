import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { notifications } from '../../db/schema/notifications';
import { emailAccounts } from '../../db/schema/mailboxes';
import { resumeMailbox } from '../../modules/email-accounts/service';
import { testConfig } from '../../testing/app';
import { createTestDatabase } from '../../testing/database';
import {
  APP_SMTP_USER,
  appSmtpSettings,
  startSmtpServer,
  type LocalSmtpServer,
} from '../../testing/mail-servers';
import { seedMailbox, seedSend, seedSends, type SeededMailbox } from '../../testing/mailbox-history';
import { unsubscribe } from '../tracking/events';
import { evaluateMailboxHealth } from './evaluate';
import { initialRampLimit, raiseRampLimits } from './ramp';
import { mailboxHealth } from './stats';

/** Mailbox health figures, automatic pause and warm-up ramp on hand-built sending histories. */
const NOW = new Date('2026-11-25T12:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

let handle: DatabaseHandle;
let smtp: LocalSmtpServer;
beforeAll(async () => {
  handle = await createTestDatabase();
  smtp = await startSmtpServer([APP_SMTP_USER]);
});
afterAll(async () => {
  await handle.close();
  await smtp.close();
});

const config = () =>
  testConfig({
    APP_URL: 'https://app.example',
    ...appSmtpSettings(smtp),
  });
const mailbox = async (id: string) =>
  (await handle.db.select().from(emailAccounts).where(eq(emailAccounts.id, id)))[0]!;
const notificationsOf = (id: string) =>
  handle.db.select().from(notifications).where(eq(notifications.emailAccountId, id));

describe('health figures', () => {
  it('counts each kind of answer over the window, as counts and % of sent', async () => {
    const m = await seedMailbox(handle.db);
    const day = ago(DAY);
    await seedSends(m, ago(8 * DAY), 3, ['hard']); // older than 7 days: outside the window
    await seedSends(m, day, 10);
    await seedSends(m, day, 2, ['hard']);
    await seedSend(m, day, ['soft']);
    await seedSend(m, day, ['policy']);
    await seedSend(m, day, ['delay']); // still retrying: counted as a send only
    await seedSend(m, day, ['unsubscribe']);
    await seedSend(m, day, ['unsubscribe-link']);
    await seedSend(m, day, ['reply', 'reply']); // two replies to one message count once
    await seedSend(m, day, ['reply']);
    await seedSend(m, day, ['auto_reply']); // not a reply
    const other = await seedMailbox(handle.db);
    await seedSends(other, day, 5, ['hard']);

    const { health, since } = await mailboxHealth(handle.db, m.mailboxId, NOW);
    expect(health).toEqual({
      sent: 20,
      hardBounces: 2,
      softBounces: 1,
      policyBlocks: 1,
      unsubscribes: 2,
      replies: 2,
      hardBouncePct: 10,
      softBouncePct: 5,
      policyBlockPct: 5,
      unsubscribePct: 10,
      replyPct: 10,
    });
    expect(since).toEqual(ago(7 * DAY));
  });

  it('judges at most the last 200 sends', async () => {
    const m = await seedMailbox(handle.db);
    await seedSends(m, ago(2 * DAY), 5, ['hard']); // the 5 oldest fall out
    await seedSends(m, ago(DAY), 200);
    const { health } = await mailboxHealth(handle.db, m.mailboxId, NOW);
    expect(health).toMatchObject({ sent: 200, hardBounces: 0, hardBouncePct: 0 });
  });

  it('counts only sends after the last resume (health_since), and zero rates when nothing was sent', async () => {
    const m = await seedMailbox(handle.db, { healthSince: ago(HOUR) });
    await seedSends(m, ago(2 * HOUR), 4, ['hard']);
    expect((await mailboxHealth(handle.db, m.mailboxId, NOW)).health).toMatchObject({
      sent: 0,
      hardBounces: 0,
      hardBouncePct: 0,
    });
    await seedSend(m, ago(HOUR / 2), ['hard']);
    const { health, since } = await mailboxHealth(handle.db, m.mailboxId, NOW);
    expect(health).toMatchObject({ sent: 1, hardBounces: 1, hardBouncePct: 100 });
    expect(since).toEqual(ago(HOUR));
  });
});

describe('automatic pause', () => {
  let m: SeededMailbox;
  afterEach(() => {
    smtp.messages.length = 0;
  });

  it('does not pause below the minimum sample, however high the rate', async () => {
    m = await seedMailbox(handle.db);
    await seedSends(m, ago(DAY), 5, ['hard']);
    await seedSends(m, ago(DAY), 14);
    expect(await evaluateMailboxHealth(handle.db, m.mailboxId, NOW, config())).toBe(false);
    expect((await mailbox(m.mailboxId)).status).toBe('connected');
  });

  it('pauses once the 20th send makes the sample, with the reason, one notification and one email', async () => {
    await seedSend(m, ago(DAY / 2));
    expect(await evaluateMailboxHealth(handle.db, m.mailboxId, NOW, config())).toBe(true);
    const reason = 'Paused: 25 % hard bounces over the last 20 sends (limit 5 %)';
    expect(await mailbox(m.mailboxId)).toMatchObject({
      status: 'paused',
      statusSource: 'health',
      statusReason: reason,
    });
    const [note, ...more] = await notificationsOf(m.mailboxId);
    expect(more).toEqual([]);
    expect(note).toMatchObject({
      kind: 'mailbox-paused',
      workspaceId: m.workspaceId,
      title: expect.stringContaining('paused'),
    });
    expect(note!.body).toContain(reason);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual([m.ownerEmail]);
    expect(mail!.parsed.subject).toContain('paused');
    expect(mail!.parsed.text).toContain(reason);
    expect(mail!.parsed.text).toContain('https://app.example/dashboard/emails');
  });

  it('notifies nobody again while it stays paused, however many bounces follow', async () => {
    await seedSends(m, ago(HOUR), 3, ['hard']);
    expect(await evaluateMailboxHealth(handle.db, m.mailboxId, NOW, config())).toBe(false);
    expect(await notificationsOf(m.mailboxId)).toHaveLength(1);
    expect(smtp.messages).toHaveLength(0);
  });

  it('after a resume, the old bounces do not pause it again; new ones over the limit do', async () => {
    const resumedAt = new Date(NOW.getTime() + 1_000);
    await resumeMailbox(handle.db, m, m.mailboxId, resumedAt);
    expect(await mailbox(m.mailboxId)).toMatchObject({
      status: 'connected',
      statusSource: null,
      statusReason: null,
      healthSince: resumedAt,
    });
    const later = new Date(resumedAt.getTime() + DAY);
    expect(await evaluateMailboxHealth(handle.db, m.mailboxId, later, config())).toBe(false);

    await seedSends(m, new Date(resumedAt.getTime() + HOUR), 18);
    await seedSends(m, new Date(resumedAt.getTime() + 2 * HOUR), 2, ['policy']);
    expect(await evaluateMailboxHealth(handle.db, m.mailboxId, later, config())).toBe(true);
    expect((await mailbox(m.mailboxId)).statusReason).toBe(
      'Paused: 10 % policy blocks over the last 20 sends (limit 3 %)',
    );
    expect(await notificationsOf(m.mailboxId)).toHaveLength(2);
  });

  it('needs two events of a kind: one unsubscribe in 20 sends (5 %) does not pause', async () => {
    const one = await seedMailbox(handle.db);
    await seedSends(one, ago(DAY), 19);
    await seedSend(one, ago(DAY), ['unsubscribe-link']);
    expect(await evaluateMailboxHealth(handle.db, one.mailboxId, NOW)).toBe(false);
    await seedSend(one, ago(DAY), ['unsubscribe']);
    expect(await evaluateMailboxHealth(handle.db, one.mailboxId, NOW)).toBe(true);
    expect((await mailbox(one.mailboxId)).statusReason).toBe(
      'Paused: 9.5 % unsubscribes over the last 21 sends (limit 2 %)',
    );
  });

  it('judges the mailbox again when a recipient unsubscribes through the link', async () => {
    const linked = await seedMailbox(handle.db);
    const hourAgo = new Date(Date.now() - HOUR); // the unsubscribe link judges at the real now
    await seedSends(linked, hourAgo, 19);
    await seedSend(linked, hourAgo, ['unsubscribe-link']);
    const last = await seedSend(linked, hourAgo);
    expect((await mailbox(linked.mailboxId)).status).toBe('connected');
    expect(await unsubscribe(handle.db, last)).toMatch(/@/);
    expect(await mailbox(linked.mailboxId)).toMatchObject({ status: 'paused', statusSource: 'health' });
    expect(await notificationsOf(linked.mailboxId)).toHaveLength(1);
  });

  it('uses the mailbox’s own thresholds, and only pauses a connected mailbox', async () => {
    const lenient = await seedMailbox(handle.db, { maxHardBouncePct: 30 });
    await seedSends(lenient, ago(DAY), 15);
    await seedSends(lenient, ago(DAY), 5, ['hard']); // 25 %: under its 30 % limit
    expect(await evaluateMailboxHealth(handle.db, lenient.mailboxId, NOW)).toBe(false);

    const broken = await seedMailbox(handle.db, { status: 'error', statusReason: 'refused' });
    await seedSends(broken, ago(DAY), 20, ['hard']);
    expect(await evaluateMailboxHealth(handle.db, broken.mailboxId, NOW)).toBe(false);
    expect(await mailbox(broken.mailboxId)).toMatchObject({ status: 'error', statusReason: 'refused' });
    expect(await evaluateMailboxHealth(handle.db, crypto.randomUUID(), NOW)).toBe(false);
  });
});

describe('warm-up ramp', () => {
  it('starts at MAILBOX_RAMP_START below the daily limit, not at all otherwise', () => {
    expect(initialRampLimit(30, 10)).toBe(10);
    expect(initialRampLimit(10, 10)).toBeNull();
    expect(initialRampLimit(5, 10)).toBeNull();
  });

  it('grows by the step each day without trouble, once a day, and ends at the daily limit', async () => {
    const m = await seedMailbox(handle.db, { dailyLimit: 22, rampLimit: 10, rampUpdatedAt: ago(DAY) });
    const untouched = await seedMailbox(handle.db, { rampLimit: null });
    const ramp = async () => (await mailbox(m.mailboxId)).rampLimit;
    const mine = (raised: { id: string }[]) => raised.filter((r) => r.id === m.mailboxId);

    expect(mine(await raiseRampLimits(handle.db, NOW, 5))).toEqual([{ id: m.mailboxId, rampLimit: 15 }]);
    expect(mine(await raiseRampLimits(handle.db, new Date(NOW.getTime() + HOUR), 5))).toEqual([]);
    expect(await ramp()).toBe(15);
    await raiseRampLimits(handle.db, new Date(NOW.getTime() + DAY), 5);
    expect(await ramp()).toBe(20);
    await raiseRampLimits(handle.db, new Date(NOW.getTime() + 2 * DAY), 5);
    expect(await ramp()).toBeNull(); // 25 would pass 22: the ramp is over
    expect((await mailbox(untouched.mailboxId)).rampLimit).toBeNull();
  });

  it('holds a mailbox with a hard bounce or policy block in the last 24 hours, and a paused one', async () => {
    const bounced = await seedMailbox(handle.db, { rampLimit: 10, rampUpdatedAt: ago(DAY) });
    await seedSend(bounced, ago(2 * DAY), ['policy'], DAY + HOUR); // the block came in 23 hours ago
    const soft = await seedMailbox(handle.db, { rampLimit: 10, rampUpdatedAt: ago(DAY) });
    await seedSend(soft, ago(HOUR), ['soft', 'delay']); // the recipient's side: no trouble of the sender
    const paused = await seedMailbox(handle.db, { rampLimit: 10, rampUpdatedAt: ago(DAY), status: 'paused' });

    const raised = (await raiseRampLimits(handle.db, NOW, 5)).map((r) => r.id);
    expect(raised).toContain(soft.mailboxId);
    expect(raised).not.toContain(bounced.mailboxId);
    expect(raised).not.toContain(paused.mailboxId);
    expect((await mailbox(bounced.mailboxId)).rampLimit).toBe(10);
    // A day later the block is older than 24 hours: it grows again.
    expect((await raiseRampLimits(handle.db, new Date(NOW.getTime() + DAY), 5)).map((r) => r.id)).toContain(
      bounced.mailboxId,
    );
  });
});
