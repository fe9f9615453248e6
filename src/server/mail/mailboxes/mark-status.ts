import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { emit } from '../../events/emit';
import { emailAccounts } from '../../db/schema/mailboxes';

/** The side of a mailbox whose failure or recovery the sync (IMAP) or the sender (SMTP) sees. */
export type ConnectionSource = 'smtp' | 'imap';

/**
 * Turns a mailbox 'error' with a reason in the user's words and the side that failed, so only that
 * side clears it again (markMailboxWorking). A 'paused' mailbox stays paused: the pause (by its
 * health or by the user) is the stronger state and only the user lifts it (docs/decisions/014-mailbox-health.md).
 * A working mailbox that turns 'error' is reported as the `mailbox.connection_error` webhook event
 * (docs/product.md#webhooks): once per change, not again for each failed retry while it stays 'error'.
 * @returns true when the mailbox changed.
 */
export async function markMailboxError(
  db: Database,
  mailboxId: string,
  source: ConnectionSource,
  reason: string,
): Promise<boolean> {
  const statusReason = reason.slice(0, 500);
  return db.transaction(async (tx) => {
    // Locked first, so the status before is known for certain (the event is for a change only).
    const [before] = await tx
      .select({ status: emailAccounts.status })
      .from(emailAccounts)
      .where(eq(emailAccounts.id, mailboxId))
      .for('update');
    const changed = await tx
      .update(emailAccounts)
      .set({ status: 'error', statusReason, statusSource: source })
      .where(and(eq(emailAccounts.id, mailboxId), ne(emailAccounts.status, 'paused')))
      .returning({ workspaceId: emailAccounts.workspaceId, email: emailAccounts.email });
    if (!changed[0]) return false;
    if (before?.status === 'connected')
      await emit(tx, {
        type: 'mailbox.connection_error',
        workspaceId: changed[0].workspaceId,
        payload: { mailboxId, email: changed[0].email, side: source, reason: statusReason },
      });
    else
      await emit(tx, {
        type: 'mailbox.changed',
        workspaceId: changed[0].workspaceId,
        payload: { mailboxId },
      });
    return true;
  });
}

/**
 * The `source` side of a mailbox works again: an 'error' that side set turns back to 'connected'.
 * An error of the other side, and a pause, stay as they are.
 * @returns true when the mailbox changed.
 */
export async function markMailboxWorking(
  db: Database,
  mailboxId: string,
  source: ConnectionSource,
): Promise<boolean> {
  const changed = await db
    .update(emailAccounts)
    .set({ status: 'connected', statusReason: null, statusSource: null })
    .where(
      and(
        eq(emailAccounts.id, mailboxId),
        eq(emailAccounts.status, 'error'),
        eq(emailAccounts.statusSource, source),
      ),
    )
    .returning({ workspaceId: emailAccounts.workspaceId });
  if (!changed[0]) return false;
  await emit(db, { type: 'mailbox.changed', workspaceId: changed[0].workspaceId, payload: { mailboxId } });
  return true;
}
