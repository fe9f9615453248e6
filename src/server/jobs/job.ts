import type { PgBoss } from 'pg-boss';
import type { z } from 'zod';
import type { Config } from '../config';
import type { Database } from '../db/client';

/** What a job handler may use. */
export interface JobDeps {
  db: Database;
  config: Config;
  /** APP_SECRET (or the generated development secret), from which jobs derive their keys. */
  appSecret: string;
  /** The queue, for jobs that queue other jobs; startWorkers passes its pg-boss. */
  queue?: Pick<PgBoss, 'send'>;
}

/**
 * One background job: its queue name, the zod schema of its payload, an optional cron schedule
 * (UTC) or interval, and an idempotent handler (pg-boss delivers at least once).
 */
export interface JobDefinition<P> {
  name: string;
  payload: z.ZodType<P>;
  cron?: (config: Config) => string;
  /** Runs every so many seconds instead of on the cron schedule, when it returns a number (sub-minute test installs). */
  everySeconds?: (config: Config) => number | undefined;
  handle(payload: P, deps: JobDeps): Promise<unknown>;
}
