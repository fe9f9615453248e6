import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { queryRows, type DatabaseHandle } from '../db/client';
import { testConfig } from '../testing/app';
import { createTestQueue } from '../testing/database';
import type { JobDefinition } from './job';
import { createQueue } from './queue';
import { Slots } from './slots';
import { startWorkers, workOptions } from './worker';

let handle: DatabaseHandle;
let boss: PgBoss;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ handle, boss, close } = await createTestQueue());
});
afterAll(() => close());

/** Waits until `check` holds, polling; fails after `limitMs` (a generous bound, not a timing assertion). */
async function until(check: () => boolean, limitMs = 30_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A deferred: a promise and the function that resolves it. */
function gate(): { opened: Promise<void>; open(): void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

type TestPayload = { user: string; n: number };

/** A test queue of `concurrency` whose handler is `handle`. */
function testJob(
  name: string,
  concurrency: number,
  handle: (payload: TestPayload) => Promise<unknown>,
): JobDefinition<never> {
  const job: JobDefinition<TestPayload> = {
    name,
    payload: z.strictObject({ user: z.string(), n: z.number() }),
    concurrency,
    handle,
  };
  return job as JobDefinition<never>;
}

const deps = (overrides: Record<string, string> = {}) => {
  const config = testConfig(overrides);
  return { db: handle.db, config, appSecret: config.APP_SECRET! };
};

describe('workOptions', () => {
  const config = testConfig({ JOB_CONCURRENCY: '3', JOB_USER_CONCURRENCY: '2' });

  it('runs a queue without concurrency one job at a time, with no group limit', () => {
    expect(workOptions({}, config)).toEqual({ localConcurrency: 1 });
  });

  it('caps a queue at JOB_CONCURRENCY and leaves one slot to other users', () => {
    expect(workOptions({ concurrency: 4 }, config)).toEqual({
      localConcurrency: 3,
      localGroupConcurrency: 2,
    });
    expect(workOptions({ concurrency: 2 }, config)).toEqual({
      localConcurrency: 2,
      localGroupConcurrency: 1,
    });
  });
});

describe('Slots', () => {
  it('runs at most its size at once, the waiting ones in arrival order, and passes failures through', async () => {
    const slots = new Slots(1);
    const order: string[] = [];
    const first = gate();
    const a = slots.run(async () => {
      order.push('a');
      await first.opened;
      throw new Error('a failed');
    });
    const b = slots.run(async () => order.push('b'));
    const c = slots.run(async () => order.push('c'));
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual(['a']);
    first.open();
    await expect(a).rejects.toThrow('a failed');
    await Promise.all([b, c]);
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('refuses a size below one', () => {
    expect(() => new Slots(0)).toThrow(RangeError);
  });
});

describe('job queues on pg-boss', () => {
  it('runs two jobs of one queue at the same time', async () => {
    const started: number[] = [];
    const bothStarted = gate();
    const finished: number[] = [];
    const job = testJob('test-parallel', 2, async ({ n }) => {
      started.push(n);
      if (started.length === 2) bothStarted.open();
      // Each waits for the other to start: one at a time, neither would ever finish.
      await bothStarted.opened;
      finished.push(n);
    });
    await startWorkers(boss, deps(), [job]);
    await boss.send(job.name, { user: 'a', n: 1 });
    await boss.send(job.name, { user: 'b', n: 2 });
    await until(() => finished.length === 2);
    expect(finished.sort()).toEqual([1, 2]);
  });

  it("starts user B's one job while user A's many are still queued", async () => {
    const name = 'test-fair';
    const release = gate();
    const startedA: number[] = [];
    let aStartedWhenBStarted = -1;
    const finished: string[] = [];
    const job = testJob(name, 2, async ({ user, n }) => {
      if (user === 'b') {
        aStartedWhenBStarted = startedA.length;
        release.open();
      } else {
        startedA.push(n);
        await release.opened;
      }
      finished.push(`${user}${n}`);
    });
    await boss.createQueue(name);
    // A's jobs are all older than B's, so plain first-in-first-out would run B's last.
    for (let n = 0; n < 8; n++) await boss.send(name, { user: 'a', n }, { group: { id: 'user-a' } });
    await boss.send(name, { user: 'b', n: 0 }, { group: { id: 'user-b' } });
    await startWorkers(boss, deps({ JOB_USER_CONCURRENCY: '5' }), [job]);
    await until(() => aStartedWhenBStarted >= 0);
    // Two slots, of which user A may hold one: B's job came within the first batch.
    expect(aStartedWhenBStarted).toBe(1);
    await until(() => finished.length === 9, 60_000);
  });

  it('runs no more jobs at once than JOB_CONCURRENCY, over all queues', async () => {
    let running = 0;
    let most = 0;
    let done = 0;
    const handler = async () => {
      running++;
      most = Math.max(most, running);
      // Long enough for every fetched job to be waiting for a slot at once.
      await new Promise((r) => setTimeout(r, 300));
      running--;
      done++;
    };
    const queues = [testJob('test-bound-1', 3, handler), testJob('test-bound-2', 3, handler)];
    for (const { name } of queues) await boss.createQueue(name);
    for (let n = 0; n < 8; n++)
      for (const { name } of queues) await boss.send(name, { user: `u${n}`, n }, { group: { id: `u${n}` } });
    await startWorkers(boss, deps({ JOB_CONCURRENCY: '2' }), queues);
    await until(() => done === 16, 60_000);
    expect(most).toBe(2);
  });
});

describe('interval jobs', () => {
  it('stop sending once the stop function startWorkers resolves with is called', async () => {
    const name = 'test-interval';
    const job = { ...testJob(name, 1, async () => undefined), everySeconds: () => 1 } as JobDefinition<never>;
    const send = boss.sendThrottled.bind(boss);
    let sent = 0;
    boss.sendThrottled = ((...args: Parameters<PgBoss['sendThrottled']>) => {
      if (args[0] === name) sent++;
      return send(...args);
    }) as PgBoss['sendThrottled'];
    try {
      const stopTimers = await startWorkers(boss, deps(), [job]);
      await until(() => sent >= 1);
      stopTimers();
      const before = sent;
      await new Promise((r) => setTimeout(r, 2_500));
      expect(sent).toBe(before);
    } finally {
      boss.sendThrottled = send;
    }
  });

  it('leave at most one run waiting with two worker processes, however long the runs take', async () => {
    const name = 'test-interval-slow';
    const release = gate();
    let started = 0;
    const job: JobDefinition<Record<string, never>> = {
      name,
      payload: z.strictObject({}),
      everySeconds: () => 1,
      async handle() {
        started++;
        await release.opened;
      },
    };
    // A second worker process: its own pg-boss on the same database.
    const other = createQueue(handle);
    await other.start();
    const jobs = [job as JobDefinition<never>];
    const stops = [await startWorkers(boss, deps(), jobs), await startWorkers(other, deps(), jobs)];
    try {
      // Each process has a run going that does not end; its timer keeps firing every second.
      await until(() => started === 2);
      await new Promise((r) => setTimeout(r, 3_500));
      const [counts] = await queryRows<{ waiting: number; running: number }>(
        handle.db,
        sql`select count(*) filter (where state in ('created', 'retry'))::int as waiting,
                   count(*) filter (where state = 'active')::int as running
            from pgboss.job where name = ${name}`,
      );
      expect(counts).toEqual({ waiting: 1, running: 2 });
    } finally {
      stops.forEach((stop) => stop());
      release.open();
      await other.stop({ graceful: false, close: true });
    }
  });
});
