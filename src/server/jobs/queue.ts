import { PgBoss } from 'pg-boss';
import type { DatabaseHandle } from '../db/client';
import { processLogger } from '../observability/log';

/**
 * A pg-boss instance on the app's own database (its own small pool on the same connection string).
 * `sendOnly` (the web role) leaves scheduling and queue maintenance to the worker processes.
 */
export function createQueue(handle: DatabaseHandle, { sendOnly = false } = {}): PgBoss {
  const roles = sendOnly ? { schedule: false, supervise: false } : {};
  const boss = new PgBoss({ connectionString: handle.connectionString, max: 4, ...roles });
  // pg-boss reports failed maintenance and lost connections as 'error' events; unheard, they crash the process.
  boss.on('error', (error) => processLogger().error({ err: error }, 'job queue error'));
  return boss;
}
