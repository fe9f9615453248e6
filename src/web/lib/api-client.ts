import type { z } from 'zod';
import { messages } from '#shared/messages';
import { paths } from '#shared/paths';
import { errorResponseSchema } from '#shared/schemas/api';
import { activeWorkspaceId, setActiveWorkspaceId, WORKSPACE_HEADER } from './active-workspace';
import { ApiError } from './api-error';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions<S extends z.ZodType> {
  method?: Method;
  /** Sent as JSON; FormData is sent as multipart/form-data (file uploads). */
  body?: unknown;
  /** Validates a successful answer; without it the parsed JSON is returned as `unknown`. */
  schema?: S;
  signal?: AbortSignal;
}

function unexpected(status: number): ApiError {
  return new ApiError(status, 'INTERNAL', messages.auth.unexpected);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The ApiError of a refused answer: the API's code, message and field issues from its error body,
 * or 'Something went wrong' (INTERNAL) when the body is not the API's error shape (a proxy's page,
 * an empty body). Reads the body.
 */
export async function apiErrorFrom(response: Response): Promise<ApiError> {
  const parsed = errorResponseSchema.safeParse(await readJson(response));
  if (!parsed.success) return unexpected(response.status);
  const { code, message, issues } = parsed.data.error;
  return new ApiError(response.status, code, message, issues);
}

/** The header the server reads to answer a repeated POST with the first answer (docs/decisions/018-idempotency-keys.md). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * A fresh random key (128 bits, hex). getRandomValues works on plain-HTTP hosts too, where
 * crypto.randomUUID is missing.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Calls a JSON endpoint under /api with the session cookie and the tab's workspace (active-workspace.ts). Resolves with the (validated) body of a 2xx
 * answer; rejects with an ApiError otherwise, including when the network fails.
 * Every POST carries a fresh Idempotency-Key (one per call, i.e. per user action); when the network
 * fails before an answer arrives, the POST is sent once more with the same key, so the server does
 * the work at most once and answers the retry with the first answer.
 */
export async function apiRequest<S extends z.ZodType = z.ZodUnknown>(
  path: string,
  { method = 'GET', body, schema, signal }: RequestOptions<S> = {},
): Promise<z.output<S>> {
  const isJson = body !== undefined && !(body instanceof FormData);
  // For FormData the browser sets the multipart Content-Type with its boundary.
  const headers: Record<string, string> = isJson
    ? { Accept: 'application/json', 'Content-Type': 'application/json' }
    : { Accept: 'application/json' };
  if (method === 'POST') headers[IDEMPOTENCY_HEADER] = newIdempotencyKey();
  const workspace = activeWorkspaceId();
  if (workspace) headers[WORKSPACE_HEADER] = workspace;
  const attempts = method === 'POST' ? 2 : 1;
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    headers,
    body: isJson ? JSON.stringify(body) : (body as FormData | undefined),
    signal,
  };
  let response: Response | null = null;
  for (let attempt = 1; !response; attempt++) {
    try {
      response = await fetch(path, init);
    } catch (error) {
      if (signal?.aborted) throw error;
      if (attempt >= attempts) throw unexpected(0);
    }
  }

  if (!response.ok) {
    const error = await apiErrorFrom(response);
    // Removed from the tab's workspace: forget it, so the next session check lands in one of theirs.
    if (error.code === 'NOT_A_MEMBER') setActiveWorkspaceId(null);
    // The workspace began to require two-factor sign-in: only its set-up page works now.
    if (error.code === 'TWO_FACTOR_REQUIRED') window.location.assign(paths.twoFactorSetup);
    throw error;
  }
  const json = await readJson(response);
  if (!schema) return json as z.output<S>;
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    // A contract mismatch between client and server is a bug worth seeing in the console.
    console.error(`Unexpected response shape from ${method} ${path}`, parsed.error);
    throw unexpected(response.status);
  }
  return parsed.data;
}
