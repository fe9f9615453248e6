import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { emailAccounts } from '../db/schema/outreach';
import { outreachKeys } from '../outreach/keys';
import { syncMailbox } from '../outreach/replies/sync';
import type { JobDefinition } from './job';

/**
 * Reads every mailbox's new messages every two minutes (issue 7 §1): replies, auto-replies,
 * bounces. One mailbox failing (server down, login refused) does not hold up the others.
 */
export const mailboxSyncJob: JobDefinition<Record<string, never>> = {
  name: 'mailbox-sync',
  payload: z.strictObject({}),
  cron: () => '*/2 * * * *',
  async handle(_payload, { db, config, appSecret }) {
    const keys = outreachKeys(appSecret);
    const mailboxes = await db
      .select({ id: emailAccounts.id })
      .from(emailAccounts)
      .where(inArray(emailAccounts.status, ['connected', 'error']));
    let applied = 0;
    let failed = 0;
    for (const { id } of mailboxes) {
      try {
        applied += (await syncMailbox(db, keys, config, id, new Date())).applied;
      } catch {
        failed++;
      }
    }
    return { mailboxes: mailboxes.length, applied, failed };
  },
};
