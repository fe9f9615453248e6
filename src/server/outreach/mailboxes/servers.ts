import type { Config } from '../../config';
import type { emailAccounts } from '../../db/schema/outreach';
import { decryptSecret } from '../../secrets';
import type { MailboxServers } from './connection';
import { gmailAccessToken } from './gmail-oauth';

/**
 * How to reach a stored mailbox now: an SMTP/IMAP mailbox with its password decrypted, or a Gmail
 * mailbox with a fresh XOAUTH2 access token obtained from its (decrypted) refresh token.
 * @throws GmailAuthorizationError when Google refuses the refresh token; Error when the row is
 * incomplete or its secret cannot be decrypted.
 */
export async function resolveMailboxServers(
  row: typeof emailAccounts.$inferSelect,
  credentialsKey: Buffer,
  config: Config,
): Promise<MailboxServers> {
  if (!row.secretEncrypted) throw new Error(`Mailbox ${row.email} has no stored credentials`);
  const secret = decryptSecret(credentialsKey, row.secretEncrypted);
  if (row.provider === 'gmail') {
    return {
      smtpHost: config.GMAIL_SMTP_HOST,
      smtpPort: config.GMAIL_SMTP_PORT,
      smtpSecurity: config.GMAIL_SECURITY,
      imapHost: config.GMAIL_IMAP_HOST,
      imapPort: config.GMAIL_IMAP_PORT,
      imapSecurity: config.GMAIL_SECURITY,
      auth: { user: row.email, accessToken: await gmailAccessToken(config, secret) },
    };
  }
  const { smtpHost, smtpPort, smtpSecurity, imapHost, imapPort, imapSecurity, username } = row;
  if (!smtpHost || !smtpPort || !smtpSecurity || !imapHost || !imapPort || !imapSecurity || !username) {
    throw new Error(`Mailbox ${row.email} has incomplete server settings`);
  }
  return {
    smtpHost,
    smtpPort,
    smtpSecurity,
    imapHost,
    imapPort,
    imapSecurity,
    auth: { user: username, pass: secret },
  };
}
