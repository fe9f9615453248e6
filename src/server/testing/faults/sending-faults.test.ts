import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { openDatabase } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { emailAccounts } from '../../db/schema/mailboxes';
import { outreachMessages } from '../../db/schema/outreach';
import { workspaces } from '../../db/schema/workspaces';
import { syncMailbox } from '../../inbox/pipeline/sync';
import { outreachInboundEffects } from '../../outreach/inbound-effects';
import { claimSendable } from '../../outreach/scheduling/claim';
import { queueDueSteps } from '../../outreach/scheduling/queue-steps';
import { deliveryGraceMs, reconcileInterrupted, sendingLeaseMs } from '../../outreach/sending/reconcile';
import { sendMessage } from '../../outreach/sending/send';
import { testConfig } from '../app';
import { createTestDatabase } from '../database';
import { startSmtpServer } from '../mail-servers';
import { createOutreachFixture, sendClaimable, type OutreachFixture } from '../outreach';

/**
 * The sending path under faults (docs/decisions/042-fault-suite.md): the database gone between the
 * SMTP server's acceptance and the commit, the SMTP server down or silent, and two workers at once. Each
 * counts at the real local SMTP server that every message went out exactly once and no row was lost.
 */

let fixture: OutreachFixture | undefined;
let handle: DatabaseHandle | undefined;
const extra: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of extra.splice(0)) await close().catch(() => undefined);
  await fixture?.close();
  await handle?.close().catch(() => undefined);
  fixture = undefined;
  handle = undefined;
});

const config = testConfig({ APP_URL: 'https://app.example' });

/** A test database with an always-open sequence of one step for each of `emails`, due a minute ago. */
async function setUp(emails: string[]) {
  handle = await createTestDatabase();
  const start = new Date(Date.now() - 60_000);
  fixture = await createOutreachFixture(handle.db, {
    prospects: emails.map((email) => ({ website: `https://${email.split('@')[1]}`, email, name: 'Anna' })),
    steps: [{ subject: 'Idea', content: 'Hi [First Name]', delayHours: null }],
    start,
  });
  await handle.db
    .update(workspaces)
    .set({ sendWindowDays: [1, 2, 3, 4, 5, 6, 7], sendWindowStartHour: 0, sendWindowEndHour: 24 })
    .where(eq(workspaces.id, fixture.workspaceId));
  return { db: handle.db, start };
}

/** A connection to the server's maintenance database, from which the test database can be shut. */
async function adminClient(connectionString: string): Promise<pg.Client> {
  const url = new URL(connectionString);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  extra.push(async () => {
    await client.query(`alter database "${name}" allow_connections true`);
    await client.end();
  });
  return client;
}

/** Everyone the local SMTP server was handed a message for, prospects and blind copies alike. */
const recipients = (f: OutreachFixture) => f.smtp.messages.flatMap((m) => m.to);

describe('the database connection dies mid-send', () => {
  it('between the SMTP server accepting the message and the commit: recorded as sent once after recovery, never resent', async () => {
    const { db, start } = await setUp(['anna@blog.example']);
    const name = new URL(handle!.connectionString).pathname.slice(1);
    const admin = await adminClient(handle!.connectionString);
    await queueDueSteps(db, start);
    const [id] = await claimSendable(db, start, () => 0);

    // The moment the server has the message, the database goes away: every connection of the app is
    // cut and no new one is let in, so the worker cannot record what it just sent.
    fixture!.smtp.hooks.afterAccept = async () => {
      fixture!.smtp.hooks.afterAccept = undefined;
      await admin.query(`alter database "${name}" allow_connections false`);
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
        [name],
      );
    };
    await expect(sendMessage(db, { keys: fixture!.keys, config }, id!, start)).rejects.toThrow();
    expect(fixture!.smtp.messages).toHaveLength(1);

    // The database is back; the row is still there, still 'sending'.
    await admin.query(`alter database "${name}" allow_connections true`);
    const [stuck] = await db.select().from(outreachMessages).where(eq(outreachMessages.id, id!));
    expect(stuck!.status).toBe('sending');

    // The next ticks: the reconciler finds the blind copy and records the send; nothing is claimed again.
    const later = new Date(stuck!.claimedAt!.getTime() + sendingLeaseMs(config) + 1000);
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
    expect(rows[0]).toMatchObject({ id, status: 'sent', messageId: stuck!.messageId });
    const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, fixture!.campaignId));
    expect(campaign!.emailsSent).toBe(1);
  });
});

describe('the SMTP server is down', () => {
  it('sets the send aside with its reason, and once the server is back sends it exactly once', async () => {
    const { db, start } = await setUp(['anna@blog.example']);
    const port = fixture!.smtp.port;
    await fixture!.smtp.close();

    await queueDueSteps(db, start);
    expect(await sendClaimable(db, fixture!, config, start)).toEqual(['retry']);
    const [waiting] = await db.select().from(outreachMessages);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting!.lastError).toMatch(/SMTP/);
    const [mailbox] = await db.select().from(emailAccounts).where(eq(emailAccounts.id, fixture!.mailboxId));
    expect(mailbox).toMatchObject({ status: 'error', statusSource: 'smtp' });
    // Not before its back-off: a tick a minute later sends nothing.
    expect(await sendClaimable(db, fixture!, config, new Date(start.getTime() + 60_000))).toEqual([]);

    // The periodic sync checks the SMTP login of a mailbox in SMTP error: still down, still 'error'.
    const sync = (at: Date) =>
      syncMailbox(db, fixture!.keys, outreachInboundEffects, config, fixture!.mailboxId, at);
    await sync(new Date(start.getTime() + 120_000));
    const [still] = await db.select().from(emailAccounts).where(eq(emailAccounts.id, fixture!.mailboxId));
    expect(still!.status).toBe('error');

    // The same server comes back on its port; the next sync clears the error, and after the
    // back-off the message goes out once, with the Message-ID it was given first.
    const back = await startSmtpServer([fixture!.sender], { port });
    extra.push(() => back.close());
    back.hooks.deliver = async (recipient, raw) => {
      if (recipient === fixture!.sender.user) await fixture!.imap.deliver(fixture!.sender, raw);
    };
    const later = new Date(waiting!.notBefore!.getTime() + 1000);
    await sync(later);
    const [healed] = await db.select().from(emailAccounts).where(eq(emailAccounts.id, fixture!.mailboxId));
    expect(healed!.status).toBe('connected');
    await queueDueSteps(db, later);
    expect(await sendClaimable(db, fixture!, config, later)).toEqual(['sent']);
    expect(back.messages).toHaveLength(1);
    expect(back.messages[0]!.parsed.messageId).toBe(waiting!.messageId);
    const rows = await db.select().from(outreachMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'sent' });
  });
});

describe('the SMTP server accepts the connection and then says nothing', () => {
  it('gives up after the greeting timeout, sets the send aside and sends it once the server answers again', async () => {
    const { db, start } = await setUp(['anna@blog.example']);
    fixture!.smtp.hooks.silent = true;

    // No greeting: nothing was handed over, so this is the mailbox unreachable (15 s), not an unknown fate.
    await queueDueSteps(db, start);
    expect(await sendClaimable(db, fixture!, config, start)).toEqual(['retry']);
    const [waiting] = await db.select().from(outreachMessages);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting!.lastError).toMatch(/did not answer in time/);
    const [mailbox] = await db.select().from(emailAccounts).where(eq(emailAccounts.id, fixture!.mailboxId));
    expect(mailbox).toMatchObject({ status: 'error', statusSource: 'smtp' });

    // The server answers again: the next sync after the back-off clears the error and the message goes out once.
    fixture!.smtp.hooks.silent = false;
    const later = new Date(waiting!.notBefore!.getTime() + 1000);
    await syncMailbox(db, fixture!.keys, outreachInboundEffects, config, fixture!.mailboxId, later);
    await queueDueSteps(db, later);
    expect(await sendClaimable(db, fixture!, config, later)).toEqual(['sent']);
    expect(fixture!.smtp.messages).toHaveLength(1);
    expect(fixture!.smtp.messages[0]!.parsed.messageId).toBe(waiting!.messageId);
    expect(await db.select({ status: outreachMessages.status }).from(outreachMessages)).toEqual([
      { status: 'sent' },
    ]);
  }, 60_000);
});

describe('two worker processes at once', () => {
  it('never send a message twice: each prospect gets exactly one', async () => {
    const emails = ['a@one.example', 'b@two.example', 'c@three.example', 'd@four.example'];
    const { start } = await setUp(emails);
    // A second pool on the same database, as a second worker process has.
    const second = await openDatabase({ databaseUrl: handle!.connectionString });
    extra.push(() => second.close());

    // Both run the tick at the same moments: queue what is due, claim, send (mailbox spacing two minutes).
    const tick = async (db: typeof second.db, round: number) => {
      const now = new Date(start.getTime() + round * 120_000);
      await queueDueSteps(db, now);
      return sendClaimable(db, fixture!, config, now);
    };
    for (let round = 0; round < emails.length + 2; round++) {
      await Promise.all([tick(handle!.db, round), tick(second.db, round)]);
    }

    const prospectCopies = recipients(fixture!).filter((r) => emails.includes(r));
    expect(prospectCopies.sort()).toEqual([...emails].sort());
    const rows = await handle!.db.select().from(outreachMessages);
    expect(rows).toHaveLength(emails.length);
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
  });
});
