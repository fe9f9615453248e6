import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/** Where the app's log lines go: pino writes one JSON object a line (default: stdout). */
export interface LogDestination {
  write(line: string): void;
}

/**
 * Fastify's request logging cut to one line per request: no 'incoming request' line, and instead of
 * 'request completed' the method, URL, status code and `durationMs` (time to the last byte, in ms
 * with one decimal); no 'Route … not found' line either. Fastify's error logs are kept.
 */
class OneLineRequestLog extends LogController {
  constructor(private readonly level: 'info' | 'debug') {
    // The request's id is `requestId` in its lines, as in the lines of the jobs it queues
    // (docs/decisions/041-request-ids-and-system-page.md).
    super({ requestIdLogLabel: 'requestId' });
  }

  override incomingRequest(): void {}

  // The request's line already says 404.
  override routeNotFound(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const durationMs = Math.round(reply.elapsedTime * 10) / 10;
    const fields = { method: request.method, url: request.url, statusCode: reply.statusCode, durationMs };
    const message = `${request.method} ${request.url} ${reply.statusCode} ${durationMs} ms`;
    if (error) request.log.error({ ...fields, err: error }, message);
    else request.log[this.level](fields, message);
  }
}

/**
 * Credentials that never reach the log, wherever a line carries request headers: API keys
 * (`Authorization: Bearer lp_…`, docs/decisions/025-public-api-and-webhooks.md) and the session cookie.
 * The request line itself has no headers; these cover a `{ req }` or `{ headers }` logged by hand.
 */
export const REDACTED_HEADER_PATHS = ['authorization', 'cookie', 'set-cookie'].flatMap((name) => [
  `headers["${name}"]`,
  `req.headers["${name}"]`,
  `request.headers["${name}"]`,
]);

/**
 * Fastify's logger options: LOG_LEVEL, and one line per request, at `info` in production and at
 * `debug` elsewhere, so development and test runs stay quiet unless LOG_LEVEL=debug. Credential
 * headers are replaced by `[redacted]` (REDACTED_HEADER_PATHS).
 * @param destination a stream to write to instead of stdout (tests read the lines from it).
 */
export function loggerOptions(
  config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>,
  destination?: LogDestination,
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  const redact = { paths: REDACTED_HEADER_PATHS, censor: '[redacted]' };
  return {
    logger: destination
      ? { level: config.LOG_LEVEL, stream: destination, redact }
      : { level: config.LOG_LEVEL, redact },
    logController: new OneLineRequestLog(config.NODE_ENV === 'production' ? 'info' : 'debug'),
  };
}
