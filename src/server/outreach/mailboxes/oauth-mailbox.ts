import { CodeChallengeMethod, generateCodeVerifier, generateState, OAuth2Client } from 'arctic';
import { and, eq, gt } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { verifications } from '../../db/schema/users';
import { MailboxAccessError } from './access-error';

/** Full Gmail access is what SMTP and IMAP by XOAUTH2 require; openid + email name the address. */
export const GMAIL_SCOPES = ['https://mail.google.com/', 'openid', 'email'];
/** How long a started authorization may take to come back (ms). */
const STATE_TTL_MS = 10 * 60_000;

/** Raised when Gmail cannot be connected; the message is for the user. */
export class GmailAuthorizationError extends MailboxAccessError {}

/** True when the Google OAuth client is configured (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET). */
export const gmailConfigured = (config: Config) =>
  Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);

function client(config: Config, redirectUri: string | null): OAuth2Client {
  if (!gmailConfigured(config))
    throw new GmailAuthorizationError(
      'Gmail is not configured on this server: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET',
    );
  return new OAuth2Client(config.GOOGLE_CLIENT_ID!, config.GOOGLE_CLIENT_SECRET!, redirectUri);
}

/**
 * Starts the OAuth2 authorization-code flow with PKCE (RFC 7636) and `state` (RFC 6749 §10.12),
 * offline access so Google returns a refresh token. The verifier stays on the server, bound to
 * the user and the state, for 10 minutes and one use.
 * @returns the URL to send the user to.
 */
export async function startGmailAuthorization(
  db: Database,
  config: Config,
  userId: string,
  redirectUri: string,
): Promise<string> {
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  const url = client(config, redirectUri).createAuthorizationURLWithPKCE(
    config.GOOGLE_AUTH_URL,
    state,
    CodeChallengeMethod.S256,
    codeVerifier,
    GMAIL_SCOPES,
  );
  url.searchParams.set('access_type', 'offline');
  url.searchParams.set('prompt', 'consent');
  await db.insert(verifications).values({
    identifier: `gmail-oauth:${state}`,
    value: JSON.stringify({ userId, codeVerifier, redirectUri }),
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  return url.toString();
}

export interface GmailGrant {
  email: string;
  refreshToken: string;
}

/** The `email` claim of an ID token received straight from the token endpoint (OIDC Core §3.1.3.7: TLS vouches for it). */
function emailOf(idToken: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      email?: unknown;
    };
    return typeof payload.email === 'string' ? payload.email.toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * Completes the flow: checks the state belongs to this user and this redirect URI (once), trades the
 * code and verifier for tokens, and returns the Gmail address with its refresh token.
 * @throws GmailAuthorizationError with a reason the user can act on.
 */
export async function completeGmailAuthorization(
  db: Database,
  config: Config,
  userId: string,
  input: { code: string; state: string; redirectUri: string },
): Promise<GmailGrant> {
  const [stored] = await db
    .delete(verifications)
    .where(
      and(
        eq(verifications.identifier, `gmail-oauth:${input.state}`),
        gt(verifications.expiresAt, new Date()),
      ),
    )
    .returning();
  const saved = stored
    ? (JSON.parse(stored.value) as { userId: string; codeVerifier: string; redirectUri: string })
    : null;
  if (!saved || saved.userId !== userId || saved.redirectUri !== input.redirectUri) {
    throw new GmailAuthorizationError(
      'This Gmail authorization expired or was not started here. Please try again.',
    );
  }
  let tokens;
  try {
    tokens = await client(config, input.redirectUri).validateAuthorizationCode(
      config.GOOGLE_TOKEN_URL,
      input.code,
      saved.codeVerifier,
    );
  } catch (error) {
    throw new GmailAuthorizationError(`Google refused the authorization: ${(error as Error).message}`);
  }
  if (!tokens.hasRefreshToken())
    throw new GmailAuthorizationError('Google did not grant offline access. Please try again.');
  const email = tokens.data && 'id_token' in tokens.data ? emailOf(String(tokens.data.id_token)) : null;
  if (!email)
    throw new GmailAuthorizationError('Google did not say which address was connected. Please try again.');
  return { email, refreshToken: tokens.refreshToken() };
}

/**
 * A fresh access token for XOAUTH2 (RFC 6749 §6).
 * @throws GmailAuthorizationError when the refresh token was revoked or expired.
 */
export async function gmailAccessToken(config: Config, refreshToken: string): Promise<string> {
  try {
    const tokens = await client(config, null).refreshAccessToken(config.GOOGLE_TOKEN_URL, refreshToken, []);
    return tokens.accessToken();
  } catch (error) {
    throw new GmailAuthorizationError(`Google refused to renew access: ${(error as Error).message}`);
  }
}
