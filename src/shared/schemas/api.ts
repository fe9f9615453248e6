import { z } from 'zod';

/** Stable error codes of the API; the web client branches on these, never on message text. */
export const errorCodes = [
  'VALIDATION_ERROR',
  'INVALID_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'AI_NOT_CONFIGURED',
  /** The model answered, but not in a shape the feature can use, even when asked again more strictly. */
  'AI_UNUSABLE_ANSWER',
  /** The request named a workspace the user is not (or no longer) a member of. */
  'NOT_A_MEMBER',
  /** The workspace requires two-factor sign-in and the user has not set it up (docs/decisions/031-two-factor-and-passkeys.md). */
  'TWO_FACTOR_REQUIRED',
  'INVALID_CREDENTIALS',
  /** The server's disk (or quota) is full: the file was not saved, and nothing half-written was kept. */
  'STORAGE_FULL',
  /** A connected SEO data provider refused or failed the request: the message says why in words (docs/decisions/046-live-seo-data-providers.md). */
  'PROVIDER_ERROR',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** Every non-2xx answer of the API has this shape; `issues` lists field errors on VALIDATION_ERROR. */
export const errorResponseSchema = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  version: z.string(),
});
export type Health = z.infer<typeof healthSchema>;

export const okSchema = z.object({ ok: z.literal(true) });
