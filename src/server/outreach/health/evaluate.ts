import type { Database } from '../../db/client';

/**
 * Re-reads a mailbox's health over its recent sends (shared/schemas/mail-health.ts HEALTH_WINDOW)
 * and pauses it, with a notification, when a rate crosses its threshold. Called after every
 * bounce, policy block or unsubscribe is applied to one of its messages.
 */
export async function evaluateMailboxHealth(_db: Database, _mailboxId: string, _now: Date): Promise<void> {
  // Filled in by the mailbox-health work; a no-op until then.
}
