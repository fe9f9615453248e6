import { eq } from 'drizzle-orm';
import { ImapFlow } from 'imapflow';
import { simpleParser } from 'mailparser';
import { mailboxMessages } from '../../../shared/schemas/mailboxes';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { emailAccounts } from '../../db/schema/outreach';
import type { OutreachKeys } from '../keys';
import { imapOptions } from '../mailboxes/connection';
import { MailboxAccessError } from '../mailboxes/access-error';
import { resolveMailboxServers } from '../mailboxes/servers';
import { applyInbound } from './apply';
import { classifyInbound, ownText } from './classify';
import { matchInbound } from './match';

/** Messages read per sync at most; the rest wait for the next run. */
export const SYNC_BATCH = 200;

export interface SyncResult {
  read: number;
  applied: number;
}

/**
 * Reads a mailbox's new INBOX messages (issue 7 §1): from the last synced UID when UIDVALIDITY is
 * unchanged, otherwise (first sync, or the server renumbered) those received since the mailbox was
 * connected. Our own blind copies are skipped; every other message is classified, matched to the
 * outreach message it answers and applied. The position is saved after each message, and applying is
 * idempotent, so a restart neither misses nor re-counts. A refused login turns the mailbox 'error'.
 * @throws Error when the mailbox does not exist.
 */
export async function syncMailbox(
  db: Database,
  keys: OutreachKeys,
  config: Config,
  mailboxId: string,
  now: Date,
): Promise<SyncResult> {
  const [mailbox] = await db.select().from(emailAccounts).where(eq(emailAccounts.id, mailboxId));
  if (!mailbox) throw new Error(`No mailbox ${mailboxId}`);
  const markError = (reason: string) =>
    db
      .update(emailAccounts)
      .set({ status: 'error', statusReason: reason })
      .where(eq(emailAccounts.id, mailboxId));

  let servers;
  try {
    servers = await resolveMailboxServers(db, mailbox, keys.credentials, config);
  } catch (error) {
    if (error instanceof MailboxAccessError) await markError(error.message);
    throw error;
  }
  const client = new ImapFlow(imapOptions(servers));
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    // A refused login needs the user; anything else (network, server busy) is retried next run.
    if ((error as { authenticationFailed?: boolean }).authenticationFailed)
      await markError(mailboxMessages.imapLoginRefused);
    throw error;
  }

  const result: SyncResult = { read: 0, applied: 0 };
  try {
    const lock = await client.getMailboxLock('INBOX');
    try {
      const box = client.mailbox as { uidValidity: bigint };
      const uidValidity = Number(box.uidValidity);
      const continuing = mailbox.imapUidValidity === uidValidity && mailbox.imapLastUid !== null;
      const range = continuing
        ? `${mailbox.imapLastUid! + 1}:*`
        : (await firstSyncUids(client, mailbox.createdAt)).slice(0, SYNC_BATCH).join(',');
      const fetched: { uid: number; source: Buffer; internalDate?: Date | string }[] = [];
      if (range) {
        for await (const message of client.fetch(
          range,
          { uid: true, source: true, internalDate: true },
          { uid: true },
        )) {
          // 'n:*' always returns the newest message, even when it is older than n.
          if (continuing && message.uid <= mailbox.imapLastUid!) continue;
          if (message.source)
            fetched.push({ uid: message.uid, source: message.source, internalDate: message.internalDate });
          if (fetched.length >= SYNC_BATCH) break;
        }
      }
      for (const message of fetched.sort((a, b) => a.uid - b.uid)) {
        result.read++;
        const mail = await simpleParser(message.source);
        const from = mail.from?.value[0]?.address?.toLowerCase() ?? '';
        if (from !== mailbox.email.toLowerCase()) {
          const received = mail.date ?? (message.internalDate ? new Date(message.internalDate) : now);
          const inbound = classifyInbound(mail, received);
          const matched = await matchInbound(db, mailbox.userId, mail, inbound);
          if (matched) {
            const applied = await applyInbound(
              db,
              {
                userId: mailbox.userId,
                emailAccountId: mailbox.id,
                uidValidity,
                uid: message.uid,
                messageId: mail.messageId ?? null,
                fromEmail: from,
                subject: mail.subject ?? '',
                text: inbound.kind === 'bounce' ? (mail.text ?? '') : ownText(mail.text ?? ''),
                receivedAt: received,
              },
              matched,
              inbound,
              config.OUTREACH_HOUR_MS,
            );
            if (applied) result.applied++;
          }
        }
        await db
          .update(emailAccounts)
          .set({ imapUidValidity: uidValidity, imapLastUid: message.uid })
          .where(eq(emailAccounts.id, mailboxId));
      }
      if (!continuing && fetched.length === 0) {
        // Nothing since the connection: start from the current end of the INBOX.
        const next = Number((client.mailbox as { uidNext: number }).uidNext);
        await db
          .update(emailAccounts)
          .set({ imapUidValidity: uidValidity, imapLastUid: Math.max(0, next - 1) })
          .where(eq(emailAccounts.id, mailboxId));
      }
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
  // Reading works again: clear an IMAP login error (an SMTP one is the sender's to clear).
  const loginFixed = mailbox.status === 'error' && mailbox.statusReason === mailboxMessages.imapLoginRefused;
  await db
    .update(emailAccounts)
    .set({ lastSync: now, ...(loginFixed ? { status: 'connected', statusReason: null } : {}) })
    .where(eq(emailAccounts.id, mailboxId));
  return result;
}

/**
 * UIDs a mailbox's first sync reads: the INBOX since a day before the mailbox was connected.
 * The day of margin is not only generous: where the server has WITHIN (RFC 5032) imapflow turns
 * SINCE into `YOUNGER <seconds>`, and Dovecot refuses `YOUNGER 0` — a sync within a second of
 * connecting used to read nothing and then skip to the end of the INBOX.
 * @throws Error when the server refuses the search (the sync is retried; nothing is skipped).
 */
async function firstSyncUids(client: ImapFlow, connectedAt: Date): Promise<number[]> {
  const found = await client.search({ since: new Date(connectedAt.getTime() - 86_400_000) }, { uid: true });
  if (!found) throw new Error('The IMAP server refused to search the INBOX');
  return found;
}
