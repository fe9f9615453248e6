import { eq } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { prospects } from '../../db/schema/prospects';
import { emailAccounts } from '../../db/schema/mailboxes';
import { inboundMessages, outreachMessages } from '../../db/schema/outreach';
import { queueMailboxSync, syncMailboxJob } from '../../jobs/mailbox-sync';
import { createQueue } from '../../jobs/queue';
import { startWorkers } from '../../jobs/worker';
import { testConfig } from '../../testing/app';
import { createTestDatabase } from '../../testing/database';
import {
  createOutreachFixture,
  sendDueSteps,
  TEST_APP_SECRET,
  type OutreachFixture,
} from '../../testing/outreach';
import { reconnectDelay, watchMailboxes, type MailboxIdle } from './idle';

/**
 * IMAP IDLE against a real Dovecot: a reply delivered while the worker idles is read through the
 * per-mailbox sync job at once. No cron is scheduled here, so nothing else could have read it.
 */
const MONDAY_10 = new Date('2026-11-23T10:00:00Z');
const config = testConfig({ APP_URL: 'https://app.example' });
let handle: DatabaseHandle;
let boss: PgBoss;
let f: OutreachFixture;
let idle: MailboxIdle;
const watched: string[] = [];
const newMail: string[] = [];

beforeAll(async () => {
  handle = await createTestDatabase();
  f = await createOutreachFixture(handle.db, {
    prospects: [
      { website: 'https://anna.example', email: 'anna@anna.example', name: 'Anna' },
      { website: 'https://bob.example', email: 'bob@bob.example', name: 'Bob' },
    ],
    steps: [{ subject: 'Idea for [Website]', content: 'Hi [First Name]', delayHours: null }],
    start: MONDAY_10,
  });
  await sendDueSteps(handle.db, f, config, MONDAY_10, 2);
  boss = createQueue(handle);
  await boss.start();
  await startWorkers(boss, { db: handle.db, config, appSecret: TEST_APP_SECRET }, [syncMailboxJob as never]);
  idle = watchMailboxes({
    db: handle.db,
    keys: f.keys,
    config,
    onNewMail: (id) => {
      newMail.push(id);
      return queueMailboxSync(boss, id);
    },
    onWatching: (id) => watched.push(id),
    refreshMs: 3_600_000,
    reconnectMs: 50,
  });
});
afterAll(async () => {
  await idle.stop();
  await boss.stop({ graceful: false, close: true });
  await f.close();
  await handle.close();
});

/** Waits until `check` holds, polling; fails after `limitMs` (a generous bound, not a timing assertion). */
async function until(check: () => Promise<boolean> | boolean, limitMs = 20_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function replyFrom(email: string) {
  const [sent] = await handle.db.select().from(outreachMessages).where(eq(outreachMessages.toEmail, email));
  await f.imap.deliver(
    f.sender,
    `From: ${email}\r\nTo: ${f.sender.user}\r\nSubject: Re: ${sent!.subject}\r\nIn-Reply-To: ${sent!.messageId}\r\nMessage-ID: <${crypto.randomUUID()}@reply.example>\r\nContent-Type: text/plain\r\n\r\nLet us talk.\r\n`,
  );
}
const statusOf = async (email: string) =>
  (await handle.db.select().from(prospects).where(eq(prospects.contactEmail, email)))[0]!.status;

describe('IMAP IDLE per mailbox', () => {
  it('syncs a message delivered while idling, through the per-mailbox job, without the cron', async () => {
    await until(() => watched.includes(f.mailboxId));
    // The watch starts with one sync (mail may have come before); the reply comes after it.
    await until(async () => {
      const [mailbox] = await handle.db.select().from(emailAccounts).where(eq(emailAccounts.id, f.mailboxId));
      return mailbox!.lastSync !== null;
    });
    const syncsAsked = newMail.length;
    expect(idle.watching()).toEqual([f.mailboxId]);

    await replyFrom('anna@anna.example');
    await until(async () => (await statusOf('anna@anna.example')) === 'responded');
    expect(newMail.length).toBeGreaterThan(syncsAsked);
    const stored = await handle.db.select().from(inboundMessages);
    expect(stored.map((m) => [m.fromEmail, m.kind])).toEqual([['anna@anna.example', 'reply']]);
  });

  it('reconnects after the server drops the connection, asks for a sync, and keeps watching', async () => {
    const connections = watched.length;
    const syncsAsked = newMail.length;
    f.imap.kick(f.sender);
    await until(() => watched.length > connections);
    expect(newMail.length).toBeGreaterThan(syncsAsked);
    await replyFrom('bob@bob.example');
    await until(async () => (await statusOf('bob@bob.example')) === 'responded');
  });

  it('keeps watching a paused mailbox: it sends nothing, but its replies are still read', async () => {
    await handle.db
      .update(emailAccounts)
      .set({ status: 'paused', statusSource: 'user' })
      .where(eq(emailAccounts.id, f.mailboxId));
    await idle.refresh();
    expect(idle.watching()).toEqual([f.mailboxId]);
    const connections = watched.length;
    f.imap.kick(f.sender);
    await until(() => watched.length > connections);
    await handle.db
      .update(emailAccounts)
      .set({ status: 'connected', statusSource: null })
      .where(eq(emailAccounts.id, f.mailboxId));
  });

  it('turns the mailbox error when its IMAP server cannot be reached, and lets go of it', async () => {
    const [before] = await handle.db.select().from(emailAccounts).where(eq(emailAccounts.id, f.mailboxId));
    await handle.db.update(emailAccounts).set({ imapPort: 1 }).where(eq(emailAccounts.id, f.mailboxId));
    f.imap.kick(f.sender);
    await until(async () => {
      const [mailbox] = await handle.db.select().from(emailAccounts).where(eq(emailAccounts.id, f.mailboxId));
      return mailbox!.status === 'error';
    });
    const [mailbox] = await handle.db.select().from(emailAccounts).where(eq(emailAccounts.id, f.mailboxId));
    expect(mailbox).toMatchObject({
      statusSource: 'imap',
      statusReason:
        'Could not connect to the IMAP server 127.0.0.1:1 (connection refused). Check host and port.',
    });
    await until(() => idle.watching().length === 0);
    await handle.db
      .update(emailAccounts)
      .set({ imapPort: before!.imapPort })
      .where(eq(emailAccounts.id, f.mailboxId));
  });

  it('lets go of a mailbox that is disconnected', async () => {
    await handle.db.delete(emailAccounts).where(eq(emailAccounts.id, f.mailboxId));
    await idle.refresh();
    expect(idle.watching()).toEqual([]);
  });

  it('backs off doubling from the first delay up to five minutes', () => {
    expect([0, 1, 2, 3].map((a) => reconnectDelay(a))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(reconnectDelay(20)).toBe(300_000);
  });
});
