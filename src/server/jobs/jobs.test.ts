import { eq, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { campaigns } from '../db/schema/campaigns';
import { discoveryRuns } from '../db/schema/discovery';
import { rateLimits } from '../db/schema/rate-limits';
import { sessions, users } from '../db/schema/users';
import { testConfig } from '../testing/app';
import { createTestQueue } from '../testing/database';
import { insertTestUser } from '../testing/users';
import { sessionCleanupJob } from './session-cleanup';
import { startWorkers } from './worker';

let handle: DatabaseHandle;
let boss: PgBoss;
let close: () => Promise<void>;
const config = testConfig();

beforeAll(async () => {
  ({ handle, boss, close } = await createTestQueue());
});
afterAll(() => close());

async function seedSessions() {
  const [user] = await handle.db
    .insert(users)
    .values({ name: 'N', email: `s${Date.now()}@example.com` })
    .returning();
  const hour = 3600_000;
  await handle.db.insert(sessions).values([
    { userId: user!.id, token: `expired-${Date.now()}`, expiresAt: new Date(Date.now() - hour) },
    { userId: user!.id, token: `live-${Date.now()}`, expiresAt: new Date(Date.now() + hour) },
  ]);
  await handle.db
    .insert(rateLimits)
    .values({ key: `k${Date.now()}`, count: 3, resetAt: new Date(Date.now() - hour) });
  return user!.id;
}

const liveTokens = async (userId: string) =>
  (await handle.db.select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, userId))).map(
    (s) => s.token,
  );

describe('session clean-up job', () => {
  it('deletes expired sessions and spent rate-limit windows, and keeps live sessions', async () => {
    const userId = await seedSessions();
    const result = await sessionCleanupJob.handle(
      {},
      { db: handle.db, config, appSecret: config.APP_SECRET! },
    );
    expect(result).toMatchObject({ sessions: 1, rateLimits: 1 });
    const tokens = await liveTokens(userId);
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatch(/^live-/);
  });

  it('fails the find-prospects runs whose job ended without them, and leaves the others', async () => {
    const user = await insertTestUser(handle.db, { name: 'Ada', email: 'runs@example.com' });
    // A job that waits (no worker takes this queue), and one pg-boss no longer has.
    await boss.createQueue('waiting-for-a-worker');
    const waiting = await boss.send('waiting-for-a-worker', {});
    const gone = crypto.randomUUID();
    const cases = [
      ['running', gone],
      ['queued', gone],
      ['running', waiting],
      ['queued', null],
      ['completed', gone],
    ] as const;
    // One campaign a run: a campaign has one queued or running run at a time.
    const runs = [];
    for (const [status, jobId] of cases) {
      const [campaign] = await handle.db
        .insert(campaigns)
        .values({
          workspaceId: user.workspaceId,
          name: status,
          websiteUrl: 'https://bikes.example',
          type: 'ai',
        })
        .returning();
      const [run] = await handle.db
        .insert(discoveryRuns)
        .values({ campaignId: campaign!.id, workspaceId: user.workspaceId, status, jobId })
        .returning({ id: discoveryRuns.id });
      runs.push(run!);
    }

    const result = await sessionCleanupJob.handle(
      {},
      { db: handle.db, config, appSecret: config.APP_SECRET! },
    );
    expect(result).toMatchObject({ abandonedDiscoveryRuns: 2 });
    const after = await Promise.all(
      runs.map(
        async ({ id }) => (await handle.db.select().from(discoveryRuns).where(eq(discoveryRuns.id, id)))[0]!,
      ),
    );
    expect(after.map((r) => r.status)).toEqual(['failed', 'failed', 'running', 'queued', 'completed']);
    expect(after[0]!.error).toBe(
      'Failed to find prospects: the worker stopped during the search each time it was tried; start it again',
    );
    expect(after[0]!.finishedAt).not.toBeNull();
  });

  it('runs through pg-boss end to end: scheduled, sent to the queue and worked by the worker', async () => {
    const userId = await seedSessions();
    await startWorkers(boss, { db: handle.db, config, appSecret: config.APP_SECRET! });
    const schedules = await boss.getSchedules();
    expect(schedules.map((s) => s.name)).toContain(sessionCleanupJob.name);

    const jobId = await boss.send(sessionCleanupJob.name, {});
    expect(jobId).toBeTruthy();
    let state: string | undefined;
    for (let i = 0; i < 100 && state !== 'completed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      state = (await boss.getJobById(sessionCleanupJob.name, jobId!))?.state;
    }
    expect(state).toBe('completed');
    expect(await liveTokens(userId)).toHaveLength(1);
  });

  it('fails a job whose payload does not match its schema', async () => {
    const jobId = await boss.send(sessionCleanupJob.name, { unexpected: true }, { retryLimit: 0 });
    let state: string | undefined;
    for (let i = 0; i < 100 && state !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      state = (await boss.getJobById(sessionCleanupJob.name, jobId!))?.state;
    }
    expect(state).toBe('failed');
    await handle.db.execute(sql`select 1`);
  });
});
