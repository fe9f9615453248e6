import { spawn } from 'node:child_process';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../db/client';
import { campaigns } from '../db/schema/campaigns';
import { prospects } from '../db/schema/prospects';
import { outreachMessages } from '../db/schema/outreach';
import { workspaces } from '../db/schema/workspaces';
import { testConfig } from '../testing/app';
import { createTestDatabase } from '../testing/database';
import { createOutreachFixture, TEST_APP_SECRET, type OutreachFixture } from '../testing/outreach';
import { claimSendable } from './scheduling/claim';
import { queueDueSteps } from './scheduling/queue-steps';
import { deliveryGraceMs, reconcileInterrupted, sendingLeaseMs } from './sending/reconcile';
import { sendMessage } from './sending/send';

/**
 * The crash test of the outreach engine (docs/decisions/009-outreach-sending.md): a worker process is killed in the middle of a send, at the two
 * moments that matter, and after the restart every step goes out exactly once.
 */

/** The worker is a fresh `tsx` process that compiles the server first: on a busy 2-core machine that alone takes tens of seconds. */
const WORKER_TEST_TIMEOUT_MS = 120_000;

let fixture: OutreachFixture | undefined;
let handle: DatabaseHandle | undefined;
afterEach(async () => {
  await fixture?.close();
  await handle?.close().catch(() => undefined);
});

/** A test database with one always-open sequence; returns what the worker process needs to open it too. */
async function setUpAlwaysOpen(): Promise<{ env: Record<string, string> }> {
  handle = await createTestDatabase();
  const start = new Date(Date.now() - 60_000);
  fixture = await createOutreachFixture(handle.db, {
    prospects: [{ website: 'https://blog.example', email: 'anna@blog.example', name: 'Anna' }],
    steps: [{ subject: 'Idea', content: 'Hi [First Name]', delayHours: null }],
    start,
  });
  // An always-open window, so the worker's real clock is inside it whatever day the test runs.
  await handle.db
    .update(workspaces)
    .set({ sendWindowDays: [1, 2, 3, 4, 5, 6, 7], sendWindowStartHour: 0, sendWindowEndHour: 24 })
    .where(eq(workspaces.id, fixture.workspaceId));
  return { env: { DATABASE_URL: handle.connectionString } };
}

/** Starts the worker process and resolves once it has died (the test kills it from an SMTP hook). */
function runWorker(env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, '../testing/outreach-tick-once.ts')],
    {
      env: {
        ...process.env,
        ...env,
        APP_SECRET: TEST_APP_SECRET,
        APP_URL: 'https://app.example',
        MAIL_ALLOW_PRIVATE: '127.0.0.1',
        LOG_LEVEL: 'silent',
      },
      stdio: 'ignore',
    },
  );
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once('exit', (_code, signal) => resolve(signal)),
  );
  return { child, exited };
}

const deps = () => ({ keys: fixture!.keys, config: testConfig({ APP_URL: 'https://app.example' }) });

/**
 * Runs the worker on an always-open set-up and kills it from the SMTP hook `at`: before the server
 * accepted the message (the connection is then lost too) or just after. Returns the database and
 * the message the worker left mid-send.
 */
async function killWorkerWhileSending(at: 'beforeAccept' | 'afterAccept') {
  const shared = await setUpAlwaysOpen();
  // Set in the same tick as the spawn: the worker needs far longer to reach the SMTP server.
  const worker = runWorker(shared.env);
  fixture!.smtp.hooks[at] = async () => {
    worker.child.kill('SIGKILL');
    await worker.exited;
    if (at === 'beforeAccept') throw new Error('connection lost before the message was accepted');
  };
  expect(await worker.exited).toBe('SIGKILL');
  fixture!.smtp.hooks[at] = undefined;

  const [stuck] = await handle!.db.select().from(outreachMessages);
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
        waiting: 1,
      });
      const later = new Date(claimedAt + deliveryGraceMs(testConfig()) + 1000);
      expect(await reconcileInterrupted(db, fixture!.keys, testConfig(), later)).toEqual({
        sent: 0,
        requeued: 1,
        waiting: 0,
      });
      await queueDueSteps(db, later);
      const [id] = await claimSendable(db, later);
      expect(await sendMessage(db, deps(), id!, later)).toBe('sent');

      expect(fixture!.smtp.messages).toHaveLength(1);
      expect(fixture!.smtp.messages[0]!.parsed.messageId).toBe(stuck.messageId);
      expect(await emailsSent(db)).toBe(1);
    },
    WORKER_TEST_TIMEOUT_MS,
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
        waiting: 0,
      });
      await queueDueSteps(db, new Date(later.getTime() + deliveryGraceMs(testConfig())));
      expect(await claimSendable(db, new Date(later.getTime() + deliveryGraceMs(testConfig())))).toEqual([]);

      expect(fixture!.smtp.messages).toHaveLength(1);
      const [prospect] = await db.select().from(prospects).where(eq(prospects.id, fixture!.prospectIds[0]!));
      expect(prospect!.status).toBe('sent');
      expect(await emailsSent(db)).toBe(1);
    },
    WORKER_TEST_TIMEOUT_MS,
  );
});
