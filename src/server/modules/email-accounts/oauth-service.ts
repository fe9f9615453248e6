import type { OAuthMailboxProvider } from '../../../shared/schemas/mailboxes';
import type { Database } from '../../db/client';
import { emailAccounts } from '../../db/schema/outreach';
import type { OAuthGrant } from '../../outreach/mailboxes/oauth-mailbox';
import { encryptSecret } from '../../secrets';

/**
 * Stores a mailbox authorized by OAuth2 (spec §7; Gmail or Microsoft): the refresh token encrypted
 * under `credentialsKey`, no host settings (the provider's servers are known, oauth-mailbox.ts).
 * Connecting the same address again renews its token and connects it again.
 */
export async function connectOAuthMailbox(
  db: Database,
  credentialsKey: Buffer,
  userId: string,
  provider: OAuthMailboxProvider,
  grant: OAuthGrant,
): Promise<void> {
  const secretEncrypted = encryptSecret(credentialsKey, grant.refreshToken);
  await db
    .insert(emailAccounts)
    .values({ userId, email: grant.email, provider, username: grant.email, secretEncrypted })
    .onConflictDoUpdate({
      target: [emailAccounts.userId, emailAccounts.email],
      set: {
        provider,
        secretEncrypted,
        status: 'connected',
        statusReason: null,
        smtpHost: null,
        smtpPort: null,
        smtpSecurity: null,
        imapHost: null,
        imapPort: null,
        imapSecurity: null,
        username: grant.email,
        updatedAt: new Date(),
      },
    });
}
