import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { JobSender } from '../../jobs/definitions';

/** What the mailbox routes (routes.ts, oauth-routes.ts) are built with. */
export interface EmailAccountDeps {
  db: Database;
  config: Config;
  appSecret: string;
  /** Where a new mailbox's first domain check is queued. */
  queue: JobSender;
}
