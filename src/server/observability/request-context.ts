import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * What a log line says about the work it belongs to: the HTTP request's id, and inside a job also
 * the job's queue name and id. Held in AsyncLocalStorage, so the code between (services, engines,
 * emit) passes nothing along (docs/decisions/041-request-ids-and-system-page.md).
 */
export interface WorkContext {
  requestId?: string;
  job?: string;
  jobId?: string;
}

const storage = new AsyncLocalStorage<WorkContext>();

/** Runs `fn` with `context` as the current work (nested calls see it through awaits and callbacks). */
export function runWithContext<T>(context: WorkContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** The current work's context; an empty object outside any request or job. */
export function currentContext(): WorkContext {
  return storage.getStore() ?? {};
}

/** The id of the request the current work started from, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** The request header that carries the id in and out (the de facto name; no RFC defines one). */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An incoming X-Request-Id is kept when it is safe to log and pass on: 1–128 characters of letters,
 * digits and `-_.:` (a proxy's UUID or trace id). Anything else — spaces, quotes, newlines, a
 * megabyte — is replaced by a new id, so a client can neither forge log lines nor bloat them.
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The id of an incoming request: its safe X-Request-Id header, or a new UUID. */
export function requestIdFor(header: string | string[] | undefined): string {
  const given = Array.isArray(header) ? header[0] : header;
  return given && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * The key under which a job's data carries the id of the request that queued it. sendJob adds it;
 * the worker takes it out before the payload is validated, so payload schemas never see it.
 */
export const JOB_REQUEST_ID_KEY = '_requestId';

/** `data` plus the current request's id (unchanged outside a request, or when it holds one already). */
export function withRequestId<T extends object>(data: T): T {
  const requestId = currentRequestId();
  if (!requestId || JOB_REQUEST_ID_KEY in data) return data;
  return { ...data, [JOB_REQUEST_ID_KEY]: requestId };
}

/** Splits a job's data into the request id it carries (if a safe one) and the payload proper. */
export function takeRequestId(data: unknown): { requestId?: string; payload: unknown } {
  if (!data || typeof data !== 'object' || !(JOB_REQUEST_ID_KEY in data)) return { payload: data };
  const { [JOB_REQUEST_ID_KEY]: carried, ...payload } = data as Record<string, unknown>;
  return typeof carried === 'string' && SAFE_REQUEST_ID.test(carried)
    ? { requestId: carried, payload }
    : { payload };
}
