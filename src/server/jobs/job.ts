import type { PgBoss, QueuePolicy } from 'pg-boss';
import type { z } from 'zod';
import type { Config } from '../config';
import type { Database } from '../db/client';

/** What a job handler may use. */
export interface JobDeps {
  db: Database;
  config: Config;
  /** APP_SECRET (or the generated development secret), from which jobs derive their keys. */
  appSecret: string;
  /** Where a job queues further jobs (set by startWorkers; a job that fans out needs it). */
  queue?: Pick<PgBoss, 'send'>;
}

/**
 * One background job: its queue name, the zod schema of its payload, an optional cron schedule
 * (UTC) or interval, an optional queue policy (e.g. 'stately' with a singletonKey: one queued and
 * one active job per key), its concurrency, and an idempotent handler (pg-boss delivers at least once).
 */
export interface JobDefinition<P> {
  name: string;
  payload: z.ZodType<P>;
  cron?: (config: Config) => string;
  policy?: QueuePolicy;
  /**
   * How many of this queue's jobs one worker process may run at once (default 1), within the
   * process's JOB_CONCURRENCY. Above 1, jobs sent with `group: { id: userId }` also share the queue
   * fairly between users (see workOptions in worker.ts).
   */
  concurrency?: number;
  /** Runs every so many seconds instead of on the cron schedule, when it returns a number (sub-minute test installs). */
  everySeconds?: (config: Config) => number | undefined;
  handle(payload: P, deps: JobDeps): Promise<unknown>;
}
