import { pino, type Logger } from 'pino';
import { currentContext } from './request-context';

export type { Logger } from 'pino';

/** Where log lines go: one JSON object a line (default: stdout). */
export interface LogSink {
  write(line: string): void;
}

/**
 * The logger of the work outside HTTP requests (jobs, the worker): pino's JSON lines, each with
 * the current work's `requestId`, `job` and `jobId` when there is one (request-context.ts), so a
 * request's line and the lines of the jobs it queued share one id
 * (docs/decisions/041-request-ids-and-system-page.md).
 * @param level LOG_LEVEL (pino's levels; 'silent' writes nothing).
 * @param destination a sink to write to instead of stdout (tests read the lines from it).
 */
export function createLogger(level: string, destination?: LogSink): Logger {
  const options = { level, base: { pid: process.pid }, mixin: () => ({ ...currentContext() }) };
  return destination ? pino(options, destination) : pino(options);
}
