import type { emailAccounts } from '../../db/schema/outreach';
import { decryptSecret } from '../../secrets';
import type { MailboxServers } from './connection';

/**
 * The server settings of a stored SMTP/IMAP mailbox with its password decrypted.
 * @throws Error when the row is not a complete SMTP/IMAP mailbox or its secret cannot be decrypted.
 */
export function mailboxServers(
  row: typeof emailAccounts.$inferSelect,
  credentialsKey: Buffer,
): MailboxServers {
  const { smtpHost, smtpPort, smtpSecurity, imapHost, imapPort, imapSecurity, username, secretEncrypted } =
    row;
  if (
    !smtpHost ||
    !smtpPort ||
    !smtpSecurity ||
    !imapHost ||
    !imapPort ||
    !imapSecurity ||
    !username ||
    !secretEncrypted
  ) {
    throw new Error(`Mailbox ${row.email} has incomplete server settings`);
  }
  return {
    smtpHost,
    smtpPort,
    smtpSecurity,
    imapHost,
    imapPort,
    imapSecurity,
    username,
    password: decryptSecret(credentialsKey, secretEncrypted),
  };
}
