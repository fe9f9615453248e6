import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { emailAccounts } from '../../db/schema/mailboxes';
import { outreachMessages } from '../../db/schema/outreach';
import type { OutreachKeys } from '../../keys';
import type { MailboxServers } from '../../mail/mailboxes/connection';
import { mailboxHasMessage } from '../../mail/mailboxes/find-message';
import type { Config } from '../../config';
import { resolveMailboxServers } from '../../mail/mailboxes/servers';
import { recordFailed, recordRetry, recordSent } from './record';
import { MAX_ATTEMPTS } from './send';

/**
 * A message 'sending' for longer than this was interrupted (a send takes seconds; its socket
 * timeout is 30 s): OUTREACH_SENDING_LEASE_SECONDS, 5 minutes by default.
 */
export const sendingLeaseMs = (config: Pick<Config, 'OUTREACH_SENDING_LEASE_SECONDS'>): number =>
  config.OUTREACH_SENDING_LEASE_SECONDS * 1000;

/**
 * How long after its claim the blind copy of an accepted message may still be on its way to the
 * mailbox: three leases, 15 minutes by default. Only past it is a message without a copy queued again.
 */
export const deliveryGraceMs = (config: Pick<Config, 'OUTREACH_SENDING_LEASE_SECONDS'>): number =>
  3 * sendingLeaseMs(config);

export interface ReconcileResult {
  sent: number;
  requeued: number;
  /** Interrupted on its MAX_ATTEMPTS-th claim: set aside as failed, with the reason. */
  failed: number;
  waiting: number;
}

/**
 * Resolves messages left 'sending' by a crash or restart (docs/decisions/009-outreach-sending.md), never by blind retry:
 * the SMTP server accepts a message for all its recipients at once, including the blind copy to
 * the mailbox itself, so that copy proves delivery. Found → recorded as sent (at the time it was
 * claimed). Not found once the grace period is over → the message never left: back to the queue
 * with the same Message-ID, or, on its MAX_ATTEMPTS-th claim, failed with the reason, so a message
 * that ends its worker every time is set aside instead of tried forever. The mailbox unreachable →
 * left for the next run.
 */
export async function reconcileInterrupted(
  db: Database,
  keys: OutreachKeys,
  config: Config,
  now: Date,
  find: (servers: MailboxServers, messageId: string) => Promise<boolean> = mailboxHasMessage,
): Promise<ReconcileResult> {
  const stuck = await db
    .select()
    .from(outreachMessages)
    .where(
      and(
        eq(outreachMessages.status, 'sending'),
        lt(outreachMessages.claimedAt, new Date(now.getTime() - sendingLeaseMs(config))),
      ),
    );
  const result: ReconcileResult = { sent: 0, requeued: 0, failed: 0, waiting: 0 };
  for (const message of stuck) {
    const [mailbox] = message.emailAccountId
      ? await db.select().from(emailAccounts).where(eq(emailAccounts.id, message.emailAccountId))
      : [];
    let delivered: boolean;
    try {
      delivered = mailbox
        ? await find(await resolveMailboxServers(db, mailbox, keys.credentials, config), message.messageId)
        : false;
    } catch {
      result.waiting++;
      continue;
    }
    if (delivered) {
      await recordSent(db, message, message.claimedAt!, config.OUTREACH_HOUR_MS);
      result.sent++;
    } else if (message.claimedAt!.getTime() >= now.getTime() - deliveryGraceMs(config)) {
      result.waiting++;
    } else if (message.attempts >= MAX_ATTEMPTS) {
      await recordFailed(
        db,
        message,
        `Interrupted before the mail server accepted it, on ${message.attempts} attempts; set aside`,
        false,
      );
      result.failed++;
    } else {
      await recordRetry(db, message, now, 'Interrupted before the mail server accepted it; queued again');
      result.requeued++;
    }
  }
  return result;
}
