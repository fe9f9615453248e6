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

let processLog: Logger | null = null;

/**
 * The process's logger, for engine code that is not handed one (the inbox pipeline, live-update
 * listener, the queue's own errors): the worker's logger once `startWorkers` has set it with
 * `useProcessLogger`, pino at `info` before that. Its lines carry the current work's request id
 * like every other (docs/decisions/041-request-ids-and-system-page.md).
 */
export function processLogger(): Logger {
  return (processLog ??= createLogger('info'));
}

/** Makes `log` the process's logger (`processLogger`); the worker calls it at start. */
export function useProcessLogger(log: Logger): void {
  processLog = log;
}
