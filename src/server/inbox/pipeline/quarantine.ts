import { withoutNul } from '../../../shared/text/without-nul';
import type { Database } from '../../db/client';
import { emit } from '../../events/emit';
import { quarantinedMessages } from '../../db/schema/outreach';
import { processLogger } from '../../observability/log';

/** One INBOX message the sync could not read or apply, with what could be read of its headers. */
export interface QuarantineEntry {
  workspaceId: string;
  emailAccountId: string;
  uidValidity: number;
  uid: number;
  messageId: string | null;
  fromEmail: string | null;
  subject: string | null;
  /** Size of the raw message in bytes. */
  size: number;
  reason: string;
}

const clean = (s: string | null, max: number) => (s === null ? null : withoutNul(s).slice(0, max));

/**
 * Sets a message aside (quarantined_messages) so the sync moves past it; setting the same message
 * aside twice keeps the first row. Never throws: when even this insert fails the failure is logged
 * and the sync still moves on, as a message that stops its mailbox is worse than one that is lost
 * from view (docs/decisions/014-mailbox-health.md).
 * @returns false when the row could not be written.
 */
export async function quarantineMessage(db: Database, entry: QuarantineEntry): Promise<boolean> {
  try {
    await db
      .insert(quarantinedMessages)
      .values({
        workspaceId: entry.workspaceId,
        emailAccountId: entry.emailAccountId,
        imapUidValidity: entry.uidValidity,
        imapUid: entry.uid,
        messageId: clean(entry.messageId, 998),
        fromEmail: clean(entry.fromEmail, 320),
        subject: clean(entry.subject, 500),
        size: entry.size,
        reason: clean(entry.reason, 1000) ?? '',
      })
      .onConflictDoNothing();
    await emit(db, {
      type: 'mailbox.changed',
      workspaceId: entry.workspaceId,
      payload: { mailboxId: entry.emailAccountId },
    });
    return true;
  } catch (error) {
    processLogger().error(
      { err: error, mailboxId: entry.emailAccountId, uid: entry.uid },
      'could not set aside message',
    );
    return false;
  }
}
