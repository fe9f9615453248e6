import type pg from 'pg';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Logger } from '../observability/log';
import type { JobQueue, JobSender } from './definitions';

/** What a job handler may use. */
export interface JobDeps {
  db: Database;
  config: Config;
  /** APP_SECRET (or the generated development secret), from which jobs derive their keys. */
  appSecret: string;
  /** Where a job queues further jobs (set by startWorkers; a job that fans out needs it). */
  queue?: JobSender;
  /** The database's pool, for a job that needs one connection of its own (the backup's snapshot). */
  pool?: pg.Pool;
  /**
   * The worker's logger (JSON lines carrying the job's requestId, name and id); set by startWorkers,
   * which makes one from LOG_LEVEL when none is given.
   */
  log?: Logger;
}

/**
 * One background job as the worker runs it: its queue (name, payload schema, policy; from
 * definitions.ts), an optional cron schedule (UTC) or interval, its concurrency, and an idempotent
 * handler (pg-boss delivers at least once).
 */
export interface JobDefinition<P> extends JobQueue<P> {
  /** Cron schedule (UTC); undefined leaves the job unscheduled (an optional job switched off). */
  cron?: (config: Config) => string | undefined;
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
