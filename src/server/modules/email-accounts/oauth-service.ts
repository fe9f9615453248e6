import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { paths } from '../../../shared/paths';
import {
  defaultDailyLimit,
  mailboxMessages,
  type OAuthMailboxProvider,
} from '../../../shared/schemas/mailboxes';
import type { Config } from '../../config';
import type { Actor } from '../../auth/workspaces';
import type { Database } from '../../db/client';
import { emailAccounts } from '../../db/schema/mailboxes';
import { AppError } from '../../http/errors';
import { initialRampLimit } from '../../outreach/health/ramp';
import { outreachKeys } from '../../keys';
import {
  completeOAuthAuthorization,
  OAuthMailboxError,
  oauthConfigured,
  startOAuthAuthorization,
  type OAuthGrant,
} from '../../mail/mailboxes/oauth-mailbox';
import { encryptSecret } from '../../secrets';
import type { EmailAccountDeps } from './deps';
import { queueFirstDomainCheck } from './first-domain-check';

/** What the user reads when the server has no OAuth2 client for the provider. */
const notConfigured: Record<OAuthMailboxProvider, string> = {
  gmail: 'Gmail is not configured on this server.',
  microsoft: 'Microsoft mailboxes are not configured on this server.',
};

/**
 * The provider may only send the user back to the mailbox page of this app; any other
 * address would hand the authorization code to someone else.
 * @throws AppError VALIDATION_ERROR otherwise.
 */
function assertOwnRedirect(config: Config, redirectUri: string): void {
  const expected = new URL(paths.emails, config.APP_URL).toString();
  if (new URL(redirectUri).toString() !== expected)
    throw new AppError('VALIDATION_ERROR', mailboxMessages.redirectRefused);
}

/**
 * Step 1 of connecting a mailbox by OAuth2 sign-in (docs/decisions/016-microsoft-mailboxes.md):
 * the provider's consent page to send the user to, or `error` when this server has no client for it.
 * @throws AppError VALIDATION_ERROR when `redirectUri` is not this app's mailbox page.
 */
export async function beginOAuthMailbox(
  { db, config }: Pick<EmailAccountDeps, 'db' | 'config'>,
  provider: OAuthMailboxProvider,
  actor: Actor,
  redirectUri: string,
): Promise<{ url: string } | { error: string }> {
  if (!oauthConfigured(provider, config)) return { error: notConfigured[provider] };
  assertOwnRedirect(config, redirectUri);
  return { url: await startOAuthAuthorization(db, config, provider, actor.userId, redirectUri) };
}

/**
 * Step 2: trades the provider's code for a grant, stores the mailbox (connectOAuthMailbox) and
 * queues its first domain check. A refusal the user can act on (state expired, no refresh token,
 * consent denied) is returned as `error`, not thrown.
 * @throws AppError VALIDATION_ERROR when `redirectUri` is not this app's mailbox page.
 */
export async function finishOAuthMailbox(
  deps: EmailAccountDeps,
  provider: OAuthMailboxProvider,
  actor: Actor,
  answer: { code: string; state: string; redirectUri: string },
  onQueueError: (error: unknown) => void,
): Promise<{ success: true } | { success: false; error: string }> {
  const { db, config } = deps;
  assertOwnRedirect(config, answer.redirectUri);
  try {
    // The consent is bound to the member who began it, the mailbox to their workspace.
    const grant = await completeOAuthAuthorization(db, config, provider, actor.userId, answer);
    const { credentials } = outreachKeys(deps.appSecret);
    await connectOAuthMailbox(db, credentials, actor, provider, grant, config.MAILBOX_RAMP_START);
  } catch (error) {
    if (error instanceof OAuthMailboxError) return { success: false, error: error.message };
    throw error;
  }
  await queueFirstDomainCheck(deps.queue, onQueueError);
  return { success: true };
}

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
  actor: Pick<Actor, 'workspaceId' | 'userId'>,
  provider: OAuthMailboxProvider,
  grant: OAuthGrant,
  rampStart: number,
): Promise<void> {
  const secretEncrypted = encryptSecret(credentialsKey, grant.refreshToken);
  await db
    .insert(emailAccounts)
    .values({
      workspaceId: actor.workspaceId,
      connectedBy: actor.userId,
      email: grant.email,
      provider,
      username: grant.email,
      secretEncrypted,
      dailyLimit: defaultDailyLimit,
      rampLimit: initialRampLimit(defaultDailyLimit, rampStart),
      rampUpdatedAt: new Date(),
    })
    .onConflictDoUpdate({
      target: [emailAccounts.workspaceId, emailAccounts.email],
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
