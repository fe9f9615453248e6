import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '#shared/messages';
import { meSchema } from '#shared/schemas/auth';
import { apiError, json, testUser } from '../test/mock-api';
import { IDEMPOTENCY_HEADER, apiErrorFrom, apiRequest } from './api-client';
import { ApiError } from './api-error';

function stubFetch(impl: () => Promise<Response>) {
  const fetchMock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>(impl);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('apiRequest', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends JSON with the session cookie and returns the validated body', async () => {
    const fetchMock = stubFetch(async () => json(200, testUser));
    await expect(apiRequest('/api/me', { schema: meSchema })).resolves.toEqual(testUser);

    const fetchPost = stubFetch(async () => json(200, { ok: true }));
    await apiRequest('/api/x', { method: 'POST', body: {} });
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ method: 'GET', credentials: 'same-origin' });
    expect(fetchPost.mock.calls[0]?.[1]).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
    });
  });

  it('turns an error answer into an ApiError with status, code, message and issues', async () => {
    const issues = [{ path: 'email', message: messages.auth.invalidEmail }];
    stubFetch(async () => json(400, { error: { code: 'VALIDATION_ERROR', message: 'Bad', issues } }));
    const error = await apiRequest('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Bad',
      issues,
      isClientError: true,
    });
  });

  it('reports a network failure as INTERNAL with the generic message', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiRequest('/api/x')).rejects.toMatchObject({
      status: 0,
      code: 'INTERNAL',
      message: messages.auth.unexpected,
    });
  });

  it('reports an error answer that is not JSON as INTERNAL, keeping the status', async () => {
    stubFetch(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiRequest('/api/x')).rejects.toMatchObject({
      status: 502,
      code: 'INTERNAL',
      message: messages.auth.unexpected,
    });
  });

  it('rejects a success answer of the wrong shape', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(async () => json(200, { id: 1 }));
    await expect(apiRequest('/api/me', { schema: meSchema })).rejects.toMatchObject({ code: 'INTERNAL' });
  });

  it('passes a refused request through as a client error', async () => {
    stubFetch(async () => apiError(429, 'RATE_LIMITED', messages.auth.tooManyAttempts));
    await expect(apiRequest('/api/x', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      message: messages.auth.tooManyAttempts,
    });
  });

  const keyOf = (init: RequestInit | undefined) =>
    (init?.headers as Record<string, string>)[IDEMPOTENCY_HEADER];

  it('sends a fresh Idempotency-Key with each POST, and none with a GET', async () => {
    const fetchMock = stubFetch(async () => json(200, { ok: true }));
    await apiRequest('/api/x', { method: 'POST', body: {} });
    await apiRequest('/api/x', { method: 'POST', body: {} });
    await apiRequest('/api/x');
    const [first, second, read] = fetchMock.mock.calls.map((call) => keyOf(call[1]));
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toMatch(/^[0-9a-f]{32}$/);
    expect(second).not.toBe(first);
    expect(read).toBeUndefined();
  });

  it('retries a POST whose answer the network lost once, with the same key', async () => {
    let calls = 0;
    const fetchMock = stubFetch(async () => {
      if (++calls === 1) throw new TypeError('Failed to fetch');
      return json(201, { id: 'c1' });
    });
    await expect(apiRequest('/api/campaigns', { method: 'POST', body: { name: 'n' } })).resolves.toEqual({
      id: 'c1',
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [first, retry] = fetchMock.mock.calls.map((call) => keyOf(call[1]));
    expect(retry).toBe(first);
  });

  it('gives up after one retry, and never retries an answer the server sent', async () => {
    const lost = stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiRequest('/api/x', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 0 });
    expect(lost).toHaveBeenCalledTimes(2);
    const refused = stubFetch(async () => apiError(409, 'CONFLICT', 'No'));
    await expect(apiRequest('/api/x', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 409 });
    expect(refused).toHaveBeenCalledTimes(1);
  });
});

describe('apiErrorFrom', () => {
  it('reads the API error body of any refused answer, streams and downloads included', async () => {
    const error = await apiErrorFrom(apiError(429, 'RATE_LIMITED', 'Daily limit reached'));
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', message: 'Daily limit reached' });
    expect(error.isClientError).toBe(true);
  });

  it('says something went wrong when the body is a proxy page, keeping the status', async () => {
    const error = await apiErrorFrom(new Response('<h1>Bad Gateway</h1>', { status: 502 }));
    expect(error).toMatchObject({ status: 502, code: 'INTERNAL', message: messages.auth.unexpected });
  });
});
