import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { messages } from '../../shared/messages';
import type { ErrorCode, ErrorResponse } from '../../shared/schemas/api';

const statusOf: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  INVALID_JSON: 400,
  INVALID_CREDENTIALS: 401,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  AI_NOT_CONFIGURED: 503,
  // The upstream model's answer was invalid (RFC 9110, 15.6.3 502 Bad Gateway); trying again may help.
  AI_UNUSABLE_ANSWER: 502,
  NOT_A_MEMBER: 403,
  // RFC 4918, 11.5 507 Insufficient Storage.
  STORAGE_FULL: 507,
  TWO_FACTOR_REQUIRED: 403,
  // The SEO data provider refused or failed (RFC 9110, 15.6.3 502 Bad Gateway): never its own 401, which
  // the dashboard would read as signed out.
  PROVIDER_ERROR: 502,
};

/**
 * An error meant for the user: a stable code, its HTTP status, and a message safe to show.
 * Throw it from any route or service; the error handler turns it into the API's error shape.
 */
export class AppError extends Error {
  readonly statusCode: number;
  /** Sent as the Retry-After header (seconds), for RATE_LIMITED. */
  readonly retryAfterSeconds?: number;
  /** The fields at fault, as a form shows them under its inputs (VALIDATION_ERROR). */
  readonly issues?: Issue[];
  constructor(
    readonly code: ErrorCode,
    message: string,
    options: { retryAfterSeconds?: number; issues?: Issue[] } = {},
  ) {
    super(message);
    this.statusCode = statusOf[code];
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.issues = options.issues;
  }
  /** 429 RATE_LIMITED with a Retry-After of `retryAfterSeconds`. */
  static rateLimited(message: string, retryAfterSeconds: number) {
    return new AppError('RATE_LIMITED', message, { retryAfterSeconds });
  }
  /** 400 VALIDATION_ERROR about one field (`path` as the form names it), the way schema errors answer. */
  static invalidField(path: string, message: string) {
    return new AppError('VALIDATION_ERROR', message, { issues: [{ path, message }] });
  }
  static notFound(message: string = messages.generic.notFound) {
    return new AppError('NOT_FOUND', message);
  }
  static unauthorized() {
    return new AppError('UNAUTHORIZED', messages.generic.unauthorized);
  }
  static forbidden(message: string = messages.generic.forbidden) {
    return new AppError('FORBIDDEN', message);
  }
  /** 507 STORAGE_FULL: the disk or quota is full (docs/decisions/042-fault-suite.md). */
  static storageFull() {
    return new AppError('STORAGE_FULL', messages.generic.storageFull);
  }
}

type Issue = NonNullable<ErrorResponse['error']['issues']>[number];

const body = (code: ErrorCode, message: string, issues?: Issue[]): ErrorResponse => ({
  error: issues ? { code, message, issues } : { code, message },
});

/** Maps Fastify's own client errors (bad JSON, body too large, wrong content type) to our codes. */
function clientErrorCode(error: FastifyError): ErrorCode | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'INVALID_JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'PAYLOAD_TOO_LARGE';
    default:
      return null;
  }
}

/**
 * The one error handler (architecture: HTTP server). 4xx answers carry a message for the user;
 * 5xx answers never leak details, which go to the log instead.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? messages.generic.invalidRequest,
      }));
      const first = issues[0]?.message ?? messages.generic.invalidRequest;
      return reply.status(400).send(body('VALIDATION_ERROR', first, issues));
    }
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', error.retryAfterSeconds);
      return reply.status(error.statusCode).send(body(error.code, error.message, error.issues));
    }
    const clientCode = clientErrorCode(error);
    if (clientCode) {
      const message =
        clientCode === 'PAYLOAD_TOO_LARGE' ? messages.generic.tooLarge : messages.generic.invalidRequest;
      return reply.status(statusOf[clientCode]).send(body(clientCode, message));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(body('RATE_LIMITED', error.message || messages.generic.rateLimited));
    }
    if (
      error.statusCode &&
      error.statusCode >= 400 &&
      error.statusCode < 500 &&
      !isResponseSerializationError(error)
    ) {
      return reply.status(error.statusCode).send(body('VALIDATION_ERROR', messages.generic.invalidRequest));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL', messages.generic.internal));
  });
}

/** The API's 404 answer. */
export const notFoundBody = (): ErrorResponse => body('NOT_FOUND', messages.generic.notFound);
