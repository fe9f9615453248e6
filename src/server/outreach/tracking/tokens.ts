import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed tokens for links that work without sign-in: open pixel, click redirect and unsubscribe
 * (docs/decisions/009-outreach-sending.md). `{purpose}.{payload}.{signature}`, base64url, HMAC-SHA256 with a key derived from
 * APP_SECRET (secrets.ts deriveKey). The purpose is signed too, so a click token cannot be replayed
 * as an unsubscribe token.
 */
export type TokenPurpose = 'open' | 'click' | 'unsubscribe';

export interface TokenPayload {
  /** outreach message id (uuid). */
  m: string;
  /** Target URL, for click tokens. */
  u?: string;
}

function signature(key: Buffer, purpose: TokenPurpose, payload: string): string {
  return createHmac('sha256', key).update(`${purpose}.${payload}`).digest('base64url');
}

/** Makes a token for `purpose` carrying `payload`. */
export function signToken(key: Buffer, purpose: TokenPurpose, payload: TokenPayload): string {
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${encoded}.${signature(key, purpose, encoded)}`;
}

/** The payload of a valid token for `purpose`, or null for anything forged, altered or malformed. */
export function verifyToken(key: Buffer, purpose: TokenPurpose, token: string): TokenPayload | null {
  const [encoded, given] = token.split('.');
  if (!encoded || !given) return null;
  const expected = Buffer.from(signature(key, purpose, encoded));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  try {
    const payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as TokenPayload;
    return typeof payload.m === 'string' && (payload.u === undefined || typeof payload.u === 'string')
      ? payload
      : null;
  } catch {
    return null;
  }
}
