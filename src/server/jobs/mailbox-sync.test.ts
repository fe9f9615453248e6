import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { emailAccounts } from '../db/schema/mailboxes';
import { testConfig } from '../testing/app';
import { createTestQueue } from '../testing/database';
import { insertTestUser } from '../testing/users';
import { mailboxSyncJob, syncMailboxJob } from './mailbox-sync';

/** The two-minute fan-out: one sync-mailbox job per mailbox, never two waiting for the same one. */
const config = testConfig();
let handle: DatabaseHandle;
let boss: PgBoss;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ handle, boss, close } = await createTestQueue());
  // The queue as startWorkers creates it, without a worker, so queued jobs stay visible.
  await boss.createQueue(syncMailboxJob.name, { policy: syncMailboxJob.policy });
});
afterAll(() => close());

describe('mailbox-sync fan-out', () => {
  it('queues one job per mailbox — connected, failing or paused (its replies are still read) — and no second one while it waits', async () => {
    const user = await insertTestUser(handle.db, { name: 'N', email: 'fan-out@example.com' });
    const rows = await handle.db
      .insert(emailAccounts)
      .values([
        { workspaceId: user.workspaceId, email: 'one@example.com', provider: 'smtp' as const },
        {
          workspaceId: user.workspaceId,
          email: 'two@example.com',
          provider: 'smtp' as const,
          status: 'error' as const,
        },
        {
          workspaceId: user.workspaceId,
          email: 'three@example.com',
          provider: 'smtp' as const,
          status: 'paused' as const,
        },
      ])
      .returning({ id: emailAccounts.id });
    const deps = { db: handle.db, config, appSecret: config.APP_SECRET!, queue: boss };

    expect(await mailboxSyncJob.handle({}, deps)).toEqual({ mailboxes: 3, queued: 3 });
    expect(await mailboxSyncJob.handle({}, deps)).toEqual({ mailboxes: 3, queued: 0 });
    const queued = await boss.findJobs(syncMailboxJob.name, { queued: true });
    expect(queued.map((j) => (j.data as { mailboxId: string }).mailboxId).sort()).toEqual(
      rows.map((r) => r.id).sort(),
    );
  });

  it('skips a mailbox deleted before its sync runs', async () => {
    const result = await syncMailboxJob.handle(
      { mailboxId: crypto.randomUUID() },
      { db: handle.db, config, appSecret: config.APP_SECRET! },
    );
    expect(result).toEqual({ skipped: 'deleted' });
  });
});
