import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/** A limiter made by `app.createRateLimit` (@fastify/rate-limit). */
export type RateLimiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * A preHandler that counts the request in every limiter and refuses it with 429 RATE_LIMITED,
 * `message` and a Retry-After header (seconds, the longest wait) when any window is exceeded.
 * All limiters count every attempt: the plugin's own route hook would stop at the first one.
 * As a preHandler it runs after validation, so refused forms use up no allowance.
 */
export function rateLimitGuard(limiters: readonly RateLimiter[], message: string) {
  return async (request: FastifyRequest): Promise<void> => {
    const verdicts = await Promise.all(limiters.map((limit) => limit(request)));
    const waits = verdicts.flatMap((v) => (!v.isAllowed && v.isExceeded ? [v.ttlInSeconds] : []));
    if (waits.length > 0) throw AppError.rateLimited(message, Math.max(...waits));
  };
}
