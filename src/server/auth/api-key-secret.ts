import { createHash, randomInt } from 'node:crypto';

/** Every API key starts with this, so it is recognisable in a config file or a secret scanner. */
export const API_KEY_PREFIX = 'lp_';
/** Random characters after the prefix: 32 base62 characters, about 190 bits. */
const RANDOM_CHARS = 32;
/** How many leading characters of a key name it in lists (`lp_AbC12`). */
export const API_KEY_SHOWN_CHARS = 8;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_SHAPE = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${RANDOM_CHARS}}$`);

/**
 * A new API key secret: `lp_` and 32 base62 characters from the system's random source
 * (docs/decisions/025-public-api-and-webhooks.md). `randomInt` draws each character uniformly
 * (it rejects out-of-range draws), so no character is likelier than another.
 */
export function newApiKeySecret(): string {
  let random = '';
  for (let i = 0; i < RANDOM_CHARS; i++) random += BASE62[randomInt(BASE62.length)];
  return API_KEY_PREFIX + random;
}

/**
 * The hex SHA-256 of a secret, as `api_keys.token_hash` keeps it. A fast hash is enough: at 190
 * bits nobody can guess a key from its hash, and every request with a key computes it
 * (docs/decisions/025-public-api-and-webhooks.md).
 */
export function hashApiKeySecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The first characters of a secret, which name the key in lists (`lp_AbC12`). */
export function apiKeyPrefix(secret: string): string {
  return secret.slice(0, API_KEY_SHOWN_CHARS);
}

/**
 * The credential of an `Authorization: Bearer …` header (scheme case-insensitive, RFC 9110), or
 * null when the request sends no bearer token (no header, or another scheme).
 */
export function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer[ \t]+(\S+)[ \t]*$/i);
  return match ? match[1]! : null;
}

/** Whether `token` has the shape of an API key; a token that has not is refused without a lookup. */
export function looksLikeApiKey(token: string): boolean {
  return KEY_SHAPE.test(token);
}
