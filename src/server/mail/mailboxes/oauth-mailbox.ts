import {
  CodeChallengeMethod,
  decodeIdToken,
  generateCodeVerifier,
  generateState,
  OAuth2Client,
  OAuth2RequestError,
} from 'arctic';
import { and, eq, gt } from 'drizzle-orm';
import { z } from 'zod';
import type { OAuthMailboxProvider } from '../../../shared/schemas/mailboxes';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { verifications } from '../../db/schema/users';
import { MailboxAccessError } from './access-error';
import type { MailboxServers } from './connection';

/**
 * Mailboxes connected by OAuth2 sign-in instead of a password: Gmail and Microsoft (Outlook.com,
 * Microsoft 365). Authorization code with PKCE (RFC 7636) and `state` (RFC 6749 §10.12), an offline
 * refresh token, and XOAUTH2 access tokens for SMTP and IMAP. Why and which endpoints:
 * docs/decisions/016-microsoft-mailboxes.md.
 */

/** How long a started authorization may take to come back (ms). */
const STATE_TTL_MS = 10 * 60_000;

/** What differs between the OAuth2 mailbox providers. */
interface OAuthMailboxSpec {
  /** The mailbox kind as the user knows it ('Gmail'). */
  product: string;
  /** Who signs the user in ('Google'). */
  issuer: string;
  /** The app's OAuth client, or null when the server is not configured for this provider. */
  client: (config: Config) => { id: string; secret: string } | null;
  /** The settings to set when `client` is null, named in the error. */
  settings: string;
  authUrl: (config: Config) => string;
  tokenUrl: (config: Config) => string;
  scopes: readonly string[];
  /** Extra authorization-request parameters. */
  authParams: Readonly<Record<string, string>>;
  /** Scopes asked for when an access token is renewed ([] = those granted). */
  refreshScopes: readonly string[];
  /** The mailbox address named by the ID token's claims, or null. */
  address: (claims: Record<string, unknown>) => string | null;
  servers: (config: Config) => Omit<MailboxServers, 'auth'>;
}

const emailAddress = z.email();
/** The first claim that holds an email address, lower-cased. */
const firstAddress = (claims: Record<string, unknown>, names: readonly string[]): string | null => {
  for (const name of names) {
    const parsed = emailAddress.safeParse(claims[name]);
    if (parsed.success) return parsed.data.toLowerCase();
  }
  return null;
};

/** Scopes of Outlook's SMTP and IMAP servers (XOAUTH2); one resource, so one access token serves both. */
const MICROSOFT_MAIL_SCOPES = [
  'https://outlook.office.com/SMTP.Send',
  'https://outlook.office.com/IMAP.AccessAsUser.All',
];

const providers: Record<OAuthMailboxProvider, OAuthMailboxSpec> = {
  gmail: {
    product: 'Gmail',
    issuer: 'Google',
    client: (c) =>
      c.GOOGLE_CLIENT_ID && c.GOOGLE_CLIENT_SECRET
        ? { id: c.GOOGLE_CLIENT_ID, secret: c.GOOGLE_CLIENT_SECRET }
        : null,
    settings: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET',
    authUrl: (c) => c.GOOGLE_AUTH_URL,
    tokenUrl: (c) => c.GOOGLE_TOKEN_URL,
    // Full Gmail access is what SMTP and IMAP by XOAUTH2 require; openid + email name the address.
    scopes: ['https://mail.google.com/', 'openid', 'email'],
    // Google returns a refresh token only with access_type=offline, and again only on prompt=consent.
    authParams: { access_type: 'offline', prompt: 'consent' },
    refreshScopes: [],
    address: (claims) => firstAddress(claims, ['email']),
    servers: (c) => ({
      smtpHost: c.GMAIL_SMTP_HOST,
      smtpPort: c.GMAIL_SMTP_PORT,
      smtpSecurity: c.GMAIL_SECURITY,
      imapHost: c.GMAIL_IMAP_HOST,
      imapPort: c.GMAIL_IMAP_PORT,
      imapSecurity: c.GMAIL_SECURITY,
    }),
  },
  microsoft: {
    product: 'Microsoft',
    issuer: 'Microsoft',
    client: (c) =>
      c.MICROSOFT_CLIENT_ID && c.MICROSOFT_CLIENT_SECRET
        ? { id: c.MICROSOFT_CLIENT_ID, secret: c.MICROSOFT_CLIENT_SECRET }
        : null,
    settings: 'MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET',
    authUrl: (c) => c.MICROSOFT_AUTH_URL,
    tokenUrl: (c) => c.MICROSOFT_TOKEN_URL,
    // offline_access yields the refresh token; openid + email name the address.
    scopes: ['offline_access', 'openid', 'email', ...MICROSOFT_MAIL_SCOPES],
    // Someone signed in to a personal and a work account picks the mailbox's one.
    authParams: { prompt: 'select_account' },
    refreshScopes: ['offline_access', ...MICROSOFT_MAIL_SCOPES],
    // `email` is the primary SMTP address when the account has one; work accounts without it sign in
    // with their user principal name, which Exchange Online accepts as the XOAUTH2 user.
    address: (claims) => firstAddress(claims, ['email', 'preferred_username']),
    servers: () => ({
      smtpHost: 'smtp.office365.com',
      smtpPort: 587,
      smtpSecurity: 'starttls',
      imapHost: 'outlook.office365.com',
      imapPort: 993,
      imapSecurity: 'tls',
    }),
  },
};

/** The SMTP and IMAP servers of `provider`'s mailboxes (reached with XOAUTH2). */
export const oauthMailServers = (provider: OAuthMailboxProvider, config: Config) =>
  providers[provider].servers(config);

/** Raised when an OAuth2 mailbox cannot be connected or renewed; the message is for the user. */
export class OAuthMailboxError extends MailboxAccessError {}

/** True when the server has an OAuth client for `provider` (GOOGLE_… or MICROSOFT_CLIENT_ID and _SECRET). */
export const oauthConfigured = (provider: OAuthMailboxProvider, config: Config) =>
  providers[provider].client(config) !== null;

function client(provider: OAuthMailboxProvider, config: Config, redirectUri: string | null) {
  const spec = providers[provider];
  const credentials = spec.client(config);
  if (!credentials)
    throw new OAuthMailboxError(`${spec.product} is not configured on this server: set ${spec.settings}`);
  return new OAuth2Client(credentials.id, credentials.secret, redirectUri);
}

/** The provider's own words for a refusal (RFC 6749 §5.2 error_description, else the error code). */
const reason = (error: unknown) =>
  error instanceof OAuth2RequestError ? (error.description ?? error.code) : (error as Error).message;

const stateKey = (provider: OAuthMailboxProvider, state: string) => `${provider}-oauth:${state}`;

/**
 * Starts the authorization-code flow with PKCE S256 and `state`, asking for offline access. The
 * verifier stays on the server, bound to the user, the provider and the redirect URI, for 10 minutes
 * and one use.
 * @returns the provider's URL to send the user to.
 * @throws OAuthMailboxError when the provider is not configured.
 */
export async function startOAuthAuthorization(
  db: Database,
  config: Config,
  provider: OAuthMailboxProvider,
  userId: string,
  redirectUri: string,
): Promise<string> {
  const spec = providers[provider];
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  const url = client(provider, config, redirectUri).createAuthorizationURLWithPKCE(
    spec.authUrl(config),
    state,
    CodeChallengeMethod.S256,
    codeVerifier,
    [...spec.scopes],
  );
  for (const [name, value] of Object.entries(spec.authParams)) url.searchParams.set(name, value);
  await db.insert(verifications).values({
    identifier: stateKey(provider, state),
    value: JSON.stringify({ userId, codeVerifier, redirectUri }),
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  return url.toString();
}

/** A connected OAuth2 mailbox: its address and the refresh token to store (encrypted). */
export interface OAuthGrant {
  email: string;
  refreshToken: string;
}

/**
 * The claims of an ID token received straight from the token endpoint, unverified: OIDC Core
 * §3.1.3.7 lets TLS to the token endpoint vouch for it.
 */
function idTokenClaims(tokens: { idToken(): string }): Record<string, unknown> {
  try {
    return decodeIdToken(tokens.idToken()) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/**
 * Completes the flow: checks the state belongs to this user, provider and redirect URI (and deletes
 * it: one try), trades the code and verifier for tokens, and returns the address with its refresh token.
 * @throws OAuthMailboxError with a reason the user can act on.
 */
export async function completeOAuthAuthorization(
  db: Database,
  config: Config,
  provider: OAuthMailboxProvider,
  userId: string,
  input: { code: string; state: string; redirectUri: string },
): Promise<OAuthGrant> {
  const spec = providers[provider];
  const [stored] = await db
    .delete(verifications)
    .where(
      and(
        eq(verifications.identifier, stateKey(provider, input.state)),
        gt(verifications.expiresAt, new Date()),
      ),
    )
    .returning();
  const saved = stored
    ? (JSON.parse(stored.value) as { userId: string; codeVerifier: string; redirectUri: string })
    : null;
  if (!saved || saved.userId !== userId || saved.redirectUri !== input.redirectUri) {
    throw new OAuthMailboxError(
      `This ${spec.product} authorization expired or was not started here. Please try again.`,
    );
  }
  let tokens;
  try {
    tokens = await client(provider, config, input.redirectUri).validateAuthorizationCode(
      spec.tokenUrl(config),
      input.code,
      saved.codeVerifier,
    );
  } catch (error) {
    if (error instanceof OAuthMailboxError) throw error;
    throw new OAuthMailboxError(`${spec.issuer} refused the authorization: ${reason(error)}`);
  }
  if (!tokens.hasRefreshToken())
    throw new OAuthMailboxError(`${spec.issuer} did not grant offline access. Please try again.`);
  const email = spec.address(idTokenClaims(tokens));
  if (!email)
    throw new OAuthMailboxError(`${spec.issuer} did not say which address was connected. Please try again.`);
  return { email, refreshToken: tokens.refreshToken() };
}

/** A renewed access token, and the refresh token that replaces the used one when the provider rotated it. */
export interface RenewedAccess {
  accessToken: string;
  /** When the access token expires; null when the provider did not say (`expires_in`). */
  expiresAt: Date | null;
  rotatedRefreshToken: string | null;
}

/**
 * A fresh access token for XOAUTH2 (RFC 6749 §6). Microsoft answers with a new refresh token each
 * time (RFC 6749 §10.4 rotation); it is returned so the caller stores it.
 * @throws OAuthMailboxError when the provider is not configured or refuses the refresh token
 *   (revoked, expired).
 */
export async function renewOAuthAccess(
  config: Config,
  provider: OAuthMailboxProvider,
  refreshToken: string,
): Promise<RenewedAccess> {
  const spec = providers[provider];
  const oauth = client(provider, config, null);
  try {
    const tokens = await oauth.refreshAccessToken(spec.tokenUrl(config), refreshToken, [
      ...spec.refreshScopes,
    ]);
    const next = tokens.hasRefreshToken() ? tokens.refreshToken() : null;
    return {
      accessToken: tokens.accessToken(),
      expiresAt: 'expires_in' in tokens.data ? tokens.accessTokenExpiresAt() : null,
      rotatedRefreshToken: next && next !== refreshToken ? next : null,
    };
  } catch (error) {
    throw new OAuthMailboxError(`${spec.issuer} refused to renew access: ${reason(error)}`);
  }
}
