import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/** Where the app's log lines go: pino writes one JSON object a line (default: stdout). */
export interface LogDestination {
  write(line: string): void;
}

/**
 * Fastify's logger options: LOG_LEVEL, and Fastify's own two lines per request ('incoming request',
 * 'request completed') turned off in favour of registerRequestLog's one.
 * @param destination a stream to write to instead of stdout (tests read the lines from it).
 */
export function loggerOptions(
  config: Pick<Config, 'LOG_LEVEL'>,
  destination?: LogDestination,
): Pick<FastifyServerOptions, 'logger' | 'disableRequestLogging'> {
  return {
    logger: destination ? { level: config.LOG_LEVEL, stream: destination } : { level: config.LOG_LEVEL },
    disableRequestLogging: true,
  };
}

/**
 * Logs one line per answered request: method, URL, status code and `durationMs` (time to the last
 * byte, in ms with one decimal). At `info` in production; at `debug` elsewhere, so development and
 * test runs stay quiet unless LOG_LEVEL=debug.
 */
export function registerRequestLog(app: FastifyInstance, config: Pick<Config, 'NODE_ENV'>): void {
  const level = config.NODE_ENV === 'production' ? 'info' : 'debug';
  app.addHook('onResponse', async (request, reply) => {
    const durationMs = Math.round(reply.elapsedTime * 10) / 10;
    request.log[level](
      { method: request.method, url: request.url, statusCode: reply.statusCode, durationMs },
      `${request.method} ${request.url} ${reply.statusCode} ${durationMs} ms`,
    );
  });
}
