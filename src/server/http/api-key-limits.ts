import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiKeyMessages } from '../../shared/schemas/api-keys';
import type { Database } from '../db/client';
import { clientKey } from './client-address';
import { AppError } from './errors';
import { countHit } from './rate-limit-store';

/** The window of both limits (ms): requests per key, and failed key lookups per client. */
const WINDOW_MS = 60_000;
/** Failed key lookups one client (an IPv4 address or an IPv6 /64) may make per minute. */
export const API_KEY_FAILURES_PER_MINUTE = 20;

/** Whole seconds left of a window (at least 1, so a client never retries at once). */
const seconds = (ttlMs: number) => Math.max(1, Math.ceil(ttlMs / 1000));

/**
 * Counts one request of the API key `keyId` against `limit` requests a minute, in the database
 * store every process shares (http/rate-limit-store.ts), and puts the count on `reply` as
 * `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (seconds), as the IETF draft
 * "RateLimit header fields for HTTP" names them (docs/decisions/025-public-api-and-webhooks.md).
 * @throws AppError RATE_LIMITED (429, with Retry-After) once the key is over its limit.
 */
export async function countApiKeyRequest(
  db: Database,
  reply: FastifyReply,
  keyId: string,
  limit: number,
): Promise<void> {
  const hit = await countHit(db, `api-key:${keyId}`, WINDOW_MS);
  const reset = seconds(hit.ttlMs);
  reply.header('ratelimit-limit', limit);
  reply.header('ratelimit-remaining', Math.max(0, limit - hit.count));
  reply.header('ratelimit-reset', reset);
  if (hit.count > limit) throw AppError.rateLimited(apiKeyMessages.rateLimited, reset);
}

/**
 * Counts one failed key lookup (an unknown, revoked or expired key) of the request's client. Guessing
 * a 190-bit key is hopeless anyway; the limit keeps a guesser or a misconfigured script from turning
 * lookups into load, as sign-in attempts are limited per client (docs/decisions/025-public-api-and-webhooks.md).
 * @throws AppError RATE_LIMITED (429, with Retry-After) past API_KEY_FAILURES_PER_MINUTE a minute.
 */
export async function countFailedApiKeyLookup(db: Database, request: FastifyRequest): Promise<void> {
  const hit = await countHit(db, `api-key-failure:ip:${clientKey(request.ip)}`, WINDOW_MS);
  if (hit.count > API_KEY_FAILURES_PER_MINUTE) {
    throw AppError.rateLimited(apiKeyMessages.tooManyInvalid, seconds(hit.ttlMs));
  }
}
