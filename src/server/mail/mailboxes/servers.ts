import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AddressPolicy } from '../../net/ssrf-guard';
import { emailAccounts } from '../../db/schema/mailboxes';
import { decryptSecret, encryptSecret } from '../../secrets';
import type { MailboxServers } from './connection';
import { MailboxAccessError } from './access-error';
import { keepAccessToken, keptAccessToken } from './access-tokens';
import { oauthMailServers, renewOAuthAccess } from './oauth-mailbox';
import { privateMailHost } from '../../net/mail-host-guard';

/**
 * How to reach a stored mailbox now: an SMTP/IMAP mailbox with its password decrypted, or a Gmail or
 * Microsoft mailbox at its provider's servers with a fresh XOAUTH2 access token obtained from its
 * (decrypted) refresh token. When the provider rotated the refresh token (Microsoft does on every
 * renewal) the new one is stored encrypted in place of the old. The access token is kept in this
 * process until a minute before it expires (access-tokens.ts), so only then is it renewed.
 * The stored hosts are checked again on every use, not only when the mailbox was connected: a
 * name that has since been pointed at a private address is refused (SSRF, docs/security.md).
 * @throws MailboxAccessError (OAuthMailboxError for Gmail and Microsoft) when the provider refuses
 * the refresh token or a host now resolves to a private address; Error when the row is incomplete or
 * its secret cannot be decrypted.
 */
export async function resolveMailboxServers(
  db: Database,
  row: typeof emailAccounts.$inferSelect,
  credentialsKey: Buffer,
  config: Config,
): Promise<MailboxServers> {
  if (!row.secretEncrypted) throw new Error(`Mailbox ${row.email} has no stored credentials`);
  const secret = decryptSecret(credentialsKey, row.secretEncrypted);
  if (row.provider !== 'smtp') {
    const provider = row.provider;
    const auth = (accessToken: string) => ({
      ...oauthMailServers(provider, config),
      auth: { user: row.email, accessToken },
    });
    const kept = keptAccessToken(row.id, row.secretEncrypted);
    if (kept) return auth(kept);
    const renewed = await renewOAuthAccess(config, provider, secret);
    let storedSecret = row.secretEncrypted;
    if (renewed.rotatedRefreshToken) {
      const rotated = encryptSecret(credentialsKey, renewed.rotatedRefreshToken);
      const [stored] = await db
        .update(emailAccounts)
        .set({ secretEncrypted: rotated, updatedAt: new Date() })
        // Only in place of the token just used: a reconnect meanwhile stored a newer grant.
        .where(and(eq(emailAccounts.id, row.id), eq(emailAccounts.secretEncrypted, row.secretEncrypted)))
        .returning({ id: emailAccounts.id });
      storedSecret = stored ? rotated : storedSecret;
    }
    keepAccessToken(row.id, storedSecret, renewed.accessToken, renewed.expiresAt);
    return auth(renewed.accessToken);
  }
  const { username, ...servers } = storedMailServers(row);
  const refused = await privateMailHost(new AddressPolicy(config.MAIL_ALLOW_PRIVATE), servers);
  if (refused) throw new MailboxAccessError(refused);
  return { ...servers, auth: { user: username, pass: secret } };
}

/**
 * The SMTP and IMAP settings and user name of a stored SMTP/IMAP mailbox.
 * @throws Error when the row lacks one of them (a Gmail or Microsoft row, or a broken one).
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
