import { eq } from 'drizzle-orm';
import { emailAccounts } from '../db/schema/mailboxes';
import { outreachKeys } from '../keys';
import { syncMailbox } from '../inbox/pipeline/sync';
import { MailboxAccessError } from '../mail/mailboxes/access-error';
import { outreachInboundEffects } from '../outreach/inbound-effects';
import { mailboxSyncQueue, sendJob, syncMailboxQueue, type JobSender } from './definitions';
import type { JobDefinition } from './job';

/**
 * Reads one mailbox's new messages (docs/decisions/011-replies-history-and-domain-memory.md): replies, auto-replies, bounces. The queue is
 * 'stately' and keyed by mailbox, so at most one sync of a mailbox runs at a time (on any worker)
 * and at most one more waits, while different mailboxes sync side by side. A mailbox deleted in the
 * meantime is skipped; so is one whose server cannot be reached or refuses the login (syncMailbox
 * marks it 'error' with the reason), and the next run tries again. Any other failure (a connection
 * dropped mid-run, the database) fails the job, which pg-boss retries.
 */
export const syncMailboxJob: JobDefinition<{ mailboxId: string }> = {
  ...syncMailboxQueue,
  concurrency: 4,
  async handle({ mailboxId }, { db, config, appSecret }) {
    const [mailbox] = await db
      .select({ id: emailAccounts.id })
      .from(emailAccounts)
      .where(eq(emailAccounts.id, mailboxId));
    if (!mailbox) return { skipped: 'deleted' };
    try {
      return await syncMailbox(
        db,
        outreachKeys(appSecret),
        outreachInboundEffects,
        config,
        mailboxId,
        new Date(),
      );
    } catch (error) {
      // The mailbox is marked 'error' with the reason, which its page and the System page show; the
      // next run (two minutes, or IDLE) tries again. Not a failure of the app: no retries, no error log.
      if (error instanceof MailboxAccessError) return { skipped: 'unreachable', reason: error.message };
      throw error;
    }
  },
};

/**
 * Queues a sync of one mailbox unless one is already waiting (see syncMailboxJob); given its owner,
 * the sync counts against that user's share of the queue.
 */
export function queueMailboxSync(
  queue: JobSender,
  mailboxId: string,
  workspaceId?: string,
): Promise<string | null> {
  return sendJob(
    queue,
    syncMailboxQueue,
    { mailboxId },
    { singletonKey: mailboxId, ...(workspaceId ? { group: { id: workspaceId } } : {}) },
  );
}

/**
 * Every two minutes, queues one sync-mailbox job per mailbox: connected, in error (the sync is what
 * clears an error, mark-status.ts) or paused (a paused mailbox sends nothing, but its replies must
 * still be read). Mailboxes are read in parallel by the workers, so one slow server holds up no
 * other. IMAP IDLE (inbox/pipeline/idle.ts) queues the same job as soon as new mail arrives.
 */
export const mailboxSyncJob: JobDefinition<Record<string, never>> = {
  ...mailboxSyncQueue,
  cron: () => '*/2 * * * *',
  async handle(_payload, { db, queue }) {
    if (!queue) throw new Error('mailbox-sync needs the job queue');
    const mailboxes = await db
      .select({ id: emailAccounts.id, workspaceId: emailAccounts.workspaceId })
      .from(emailAccounts);
    let queued = 0;
    for (const { id, workspaceId } of mailboxes) if (await queueMailboxSync(queue, id, workspaceId)) queued++;
    return { mailboxes: mailboxes.length, queued };
  },
};
