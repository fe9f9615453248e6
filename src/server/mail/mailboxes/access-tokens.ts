/**
 * Access tokens of OAuth mailboxes (Gmail, Microsoft) kept in this process until shortly before
 * they expire, so sending and syncing do not renew one per message (RFC 6749 §5.1 `expires_in`).
 * Keyed by mailbox and by the stored refresh-token ciphertext: a reconnect or a rotation stored by
 * another process makes the entry stale at once.
 */

/** A token is not used in its last minute: an SMTP session must not outlive it. */
const MARGIN_MS = 60_000;

const tokens = new Map<string, { storedSecret: string; accessToken: string; expiresAt: number }>();

/** The kept access token of `mailboxId` while `storedSecret` is still its stored secret, else null. */
export function keptAccessToken(mailboxId: string, storedSecret: string, now = Date.now()): string | null {
  const kept = tokens.get(mailboxId);
  if (!kept || kept.storedSecret !== storedSecret || kept.expiresAt - MARGIN_MS <= now) return null;
  return kept.accessToken;
}

/**
 * Keeps `accessToken` for `mailboxId` under the secret now stored for it, until `expiresAt`
 * (null: the provider gave no lifetime, so the token is not kept).
 */
export function keepAccessToken(
  mailboxId: string,
  storedSecret: string,
  accessToken: string,
  expiresAt: Date | null,
): void {
  if (!expiresAt) {
    tokens.delete(mailboxId);
    return;
  }
  tokens.set(mailboxId, { storedSecret, accessToken, expiresAt: expiresAt.getTime() });
}
