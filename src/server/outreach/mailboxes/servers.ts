import type { Config } from '../../config';
import { AddressPolicy } from '../../discovery/ssrf-guard';
import type { emailAccounts } from '../../db/schema/outreach';
import { decryptSecret } from '../../secrets';
import type { MailboxServers } from './connection';
import { MailboxAccessError } from './access-error';
import { gmailAccessToken } from './oauth-mailbox';
import { privateMailHost } from './mail-host-guard';

/**
 * How to reach a stored mailbox now: an SMTP/IMAP mailbox with its password decrypted, or a Gmail
 * mailbox with a fresh XOAUTH2 access token obtained from its (decrypted) refresh token.
 * The stored hosts are checked again on every use, not only when the mailbox was connected: a
 * name that has since been pointed at a private address is refused (SSRF, docs/security.md).
 * @throws MailboxAccessError (GmailAuthorizationError for Gmail) when Google refuses the refresh
 * token or a host now resolves to a private address; Error when the row is incomplete or its
 * secret cannot be decrypted.
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
  const { username, ...servers } = storedMailServers(row);
  const refused = await privateMailHost(new AddressPolicy(config.MAIL_ALLOW_PRIVATE), servers);
  if (refused) throw new MailboxAccessError(refused);
  return { ...servers, auth: { user: username, pass: secret } };
}

/**
 * The SMTP and IMAP settings and user name of a stored SMTP/IMAP mailbox.
 * @throws Error when the row lacks one of them (a Gmail row, or a broken one).
 */
export function storedMailServers(
  row: typeof emailAccounts.$inferSelect,
): Omit<MailboxServers, 'auth'> & { username: string } {
  const { smtpHost, smtpPort, smtpSecurity, imapHost, imapPort, imapSecurity, username } = row;
  if (!smtpHost || !smtpPort || !smtpSecurity || !imapHost || !imapPort || !imapSecurity || !username) {
    throw new Error(`Mailbox ${row.email} has incomplete server settings`);
  }
  return { smtpHost, smtpPort, smtpSecurity, imapHost, imapPort, imapSecurity, username };
}
