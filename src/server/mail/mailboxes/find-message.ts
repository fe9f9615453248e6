import { ImapFlow } from 'imapflow';
import { imapOptions, type MailboxServers } from './connection';

/**
 * True when a message with this Message-ID is in the mailbox's INBOX or Sent folder (the
 * special-use \Sent folder, RFC 6154), found with IMAP SEARCH HEADER (RFC 3501 §6.4.4).
 * @throws the IMAP client's error when the server cannot be reached or refuses the login.
 */
export async function mailboxHasMessage(servers: MailboxServers, messageId: string): Promise<boolean> {
  const client = new ImapFlow(imapOptions(servers));
  client.on('error', () => undefined);
  await client.connect();
  try {
    const folders = await client.list();
    const paths = ['INBOX', ...folders.filter((f) => f.specialUse === '\\Sent').map((f) => f.path)];
    for (const path of paths) {
      const lock = await client.getMailboxLock(path);
      try {
        const uids = await client.search({ header: { 'message-id': messageId } }, { uid: true });
        if (uids && uids.length > 0) return true;
      } finally {
        lock.release();
      }
    }
    return false;
  } finally {
    await client.logout().catch(() => client.close());
  }
}
