import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { defaultDailyLimit, type OAuthMailboxProvider } from '../../../shared/schemas/mailboxes';
import type { Database } from '../../db/client';
import { emailAccounts } from '../../db/schema/mailboxes';
import { initialRampLimit } from '../../outreach/health/ramp';
import type { OAuthGrant } from '../../outreach/mailboxes/oauth-mailbox';
import { encryptSecret } from '../../secrets';

/**
 * `value`, except for a mailbox paused by its health rules or by hand: new credentials do not answer
 * why it was paused, so it keeps its status until the user resumes it.
 */
const unlessPaused = (value: SQL, current: AnyPgColumn) =>
  sql`case when ${emailAccounts.status} = 'paused' then ${current} else ${value} end`;

/**
 * Stores a mailbox authorized by OAuth2 (Gmail or Microsoft): the refresh token encrypted
 * under `credentialsKey`, no host settings (the provider's servers are known, oauth-mailbox.ts),
 * warming up from `rampStart` emails a day (MAILBOX_RAMP_START, outreach/health/ramp.ts).
 * Connecting the same address again renews its token, clears a connection error and leaves its
 * warm-up as it is.
 */
export async function connectOAuthMailbox(
  db: Database,
  credentialsKey: Buffer,
  userId: string,
  provider: OAuthMailboxProvider,
  grant: OAuthGrant,
  rampStart: number,
): Promise<void> {
  const secretEncrypted = encryptSecret(credentialsKey, grant.refreshToken);
  await db
    .insert(emailAccounts)
    .values({
      userId,
      email: grant.email,
      provider,
      username: grant.email,
      secretEncrypted,
      dailyLimit: defaultDailyLimit,
      rampLimit: initialRampLimit(defaultDailyLimit, rampStart),
      rampUpdatedAt: new Date(),
    })
    .onConflictDoUpdate({
      target: [emailAccounts.userId, emailAccounts.email],
      set: {
        provider,
        secretEncrypted,
        status: unlessPaused(sql`'connected'::mailbox_status`, emailAccounts.status),
        statusReason: unlessPaused(sql`null`, emailAccounts.statusReason),
        statusSource: unlessPaused(sql`null`, emailAccounts.statusSource),
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
