import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, pingDatabase, type DatabaseHandle } from '../../db/client';
import { readPostmasterLock } from '../../db/embedded-postgres';
import { runMigrations } from '../../db/migrate';
import { campaigns } from '../../db/schema/campaigns';
import { outreachMessages } from '../../db/schema/outreach';
import { workspaces } from '../../db/schema/workspaces';
import { claimSendable } from '../../outreach/scheduling/claim';
import { queueDueSteps } from '../../outreach/scheduling/queue-steps';
import { deliveryGraceMs, reconcileInterrupted, sendingLeaseMs } from '../../outreach/sending/reconcile';
import { sendMessage } from '../../outreach/sending/send';
import { testConfig } from '../app';
import { createOutreachFixture, sendClaimable, type OutreachFixture } from '../outreach';

/**
 * The embedded PostgreSQL server killed (SIGKILL of the postmaster, as the OOM killer does) in the
 * middle of a send, just after the SMTP server accepted the message (docs/decisions/042-fault-suite.md).
 * The app's process restarts its server on the same port, its pool reconnects without help, and the
 * message is recorded sent once, never resent. Counted at the real local SMTP server.
 */

/** How soon the app's pool must answer again after the kill: the restart itself takes a few seconds. */
const RECOVERY_BOUND_MS = 30_000;

const dataDir = mkdtempSync(path.join(tmpdir(), 'lp-pg-kill-'));
const postgresDir = path.join(dataDir, 'postgres');
let handle: DatabaseHandle | undefined;
let fixture: OutreachFixture | undefined;
afterAll(async () => {
  await fixture?.close();
  await handle?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const config = testConfig({ APP_URL: 'https://app.example' });

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls until the pool answers a query again; returns how long that took. @throws after RECOVERY_BOUND_MS */
async function waitForPool(db: DatabaseHandle['db'], since: number): Promise<number> {
  while (!(await pingDatabase(db))) {
    if (Date.now() - since > RECOVERY_BOUND_MS)
      throw new Error(`the pool did not answer within ${RECOVERY_BOUND_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return Date.now() - since;
}

describe('the embedded PostgreSQL server is killed mid-send', () => {
  it('is restarted by the app on its port; the pool recovers; the message is recorded once and never resent', async () => {
    handle = await openDatabase({ postgresDir });
    await runMigrations(handle);
    const db = handle.db;
    const start = new Date(Date.now() - 60_000);
    fixture = await createOutreachFixture(db, {
      prospects: [
        { website: 'https://blog.example', email: 'anna@blog.example', name: 'Anna' },
        { website: 'https://news.example', email: 'bob@news.example', name: 'Bob' },
      ],
      steps: [{ subject: 'Idea', content: 'Hi [First Name]', delayHours: null }],
      start,
    });
    await db
      .update(workspaces)
      .set({ sendWindowDays: [1, 2, 3, 4, 5, 6, 7], sendWindowStartHour: 0, sendWindowEndHour: 24 })
      .where(eq(workspaces.id, fixture.workspaceId));
    await queueDueSteps(db, start);
    const [id] = await claimSendable(db, start, () => 0);

    // The moment the SMTP server has Anna's message, the database server dies.
    const before = readPostmasterLock(postgresDir)!;
    let killedAt = 0;
    fixture.smtp.hooks.afterAccept = async () => {
      fixture!.smtp.hooks.afterAccept = undefined;
      process.kill(before.pid, 'SIGKILL');
      killedAt = Date.now();
      while (alive(before.pid)) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    await expect(sendMessage(db, { keys: fixture.keys, config }, id!, start)).rejects.toThrow();
    expect(fixture.smtp.messages).toHaveLength(1);

    // A new server on the same folder and port, and the very same pool answers again.
    await waitForPool(db, killedAt);
    const after = readPostmasterLock(postgresDir)!;
    expect(after.pid).not.toBe(before.pid);
    expect(after.port).toBe(before.port);

    // The claim was committed before the kill: the row is there, still 'sending', not half-recorded.
    const [stuck] = await db.select().from(outreachMessages).where(eq(outreachMessages.id, id!));
    expect(stuck).toMatchObject({ status: 'sending', sentAt: null });
    const [campaignBefore] = await db.select().from(campaigns).where(eq(campaigns.id, fixture.campaignId));
    expect(campaignBefore!.emailsSent).toBe(0);

    // The reconciler finds the blind copy; the next ticks send Bob's message (spacing: two minutes) and nothing else.
    const later = new Date(stuck!.claimedAt!.getTime() + sendingLeaseMs(config) + 1000);
    expect(await reconcileInterrupted(db, fixture.keys, config, later)).toEqual({
      sent: 1,
      requeued: 0,
      failed: 0,
      waiting: 0,
    });
    for (const at of [later, new Date(later.getTime() + deliveryGraceMs(config))]) {
      await queueDueSteps(db, at);
      await sendClaimable(db, fixture, config, at);
    }

    expect(
      fixture.smtp.messages
        .flatMap((m) => m.to)
        .filter((to) => !to.endsWith('@sender.test'))
        .sort(),
    ).toEqual(['anna@blog.example', 'bob@news.example']);
    const rows = await db.select().from(outreachMessages);
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
    const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, fixture.campaignId));
    expect(campaign!.emailsSent).toBe(2);
  }, 120_000);
});
