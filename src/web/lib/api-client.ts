import type { z } from 'zod';
import { messages } from '../../shared/messages';
import { errorResponseSchema } from '../../shared/schemas/api';
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
 * Calls a JSON endpoint under /api with the session cookie. Resolves with the (validated) body of a 2xx
 * answer; rejects with an ApiError otherwise, including when the network fails.
 */
export async function apiRequest<S extends z.ZodType = z.ZodUnknown>(
  path: string,
  { method = 'GET', body, schema, signal }: RequestOptions<S> = {},
): Promise<z.output<S>> {
  let response: Response;
  const isJson = body !== undefined && !(body instanceof FormData);
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      // For FormData the browser sets the multipart Content-Type with its boundary.
      headers: isJson
        ? { Accept: 'application/json', 'Content-Type': 'application/json' }
        : { Accept: 'application/json' },
      body: isJson ? JSON.stringify(body) : (body as FormData | undefined),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw unexpected(0);
  }

  const json = await readJson(response);
  if (!response.ok) {
    const parsed = errorResponseSchema.safeParse(json);
    if (!parsed.success) throw unexpected(response.status);
    const { code, message, issues } = parsed.data.error;
    throw new ApiError(response.status, code, message, issues);
  }
  if (!schema) return json as z.output<S>;
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    // A contract mismatch between client and server is a bug worth seeing in the console.
    console.error(`Unexpected response shape from ${method} ${path}`, parsed.error);
    throw unexpected(response.status);
  }
  return parsed.data;
}
