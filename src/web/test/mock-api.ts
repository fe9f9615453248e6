import { vi } from 'vitest';
import { messages } from '#shared/messages';
import type { ErrorCode } from '#shared/schemas/api';
import type { Me } from '#shared/schemas/auth';

type Handler = (body: unknown) => Response | Promise<Response>;

/** A JSON response. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** An API error response of the shared error shape. */
export function apiError(status: number, code: ErrorCode, message: string): Response {
  return json(status, { error: { code, message } });
}

/** The answer of GET /api/me without a session. */
export const signedOut = () => apiError(401, 'UNAUTHORIZED', messages.generic.unauthorized);

/** A signed-in user as GET /api/me returns it. */
export const testUser: Me = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  fullName: 'Ada Lovelace',
  companyName: 'Analytical Engines',
  role: 'full',
  workspace: { id: 'w1', name: 'Analytical Engines', role: 'full' },
  workspaces: [{ id: 'w1', name: 'Analytical Engines', role: 'full' }],
  isAdmin: false,
  emailVerified: true,
  verificationDelivery: 'email',
  twoFactorEnabled: false,
  twoFactorRequired: false,
  createdAt: '2025-01-01T00:00:00.000Z',
};

/**
 * Replaces fetch with handlers keyed by "METHOD /path"; unknown routes answer 404. Returns the mock,
 * whose calls show what the app sent.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const handler = handlers[key];
    if (!handler) return apiError(404, 'NOT_FOUND', messages.generic.notFound);
    // JSON bodies are parsed for the handler; others (FormData uploads) are passed as they are.
    return handler(typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The bodies the app sent to `METHOD /path`. */
export function sentTo(fetchMock: ReturnType<typeof mockApi>, method: string, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => String(input) === path && (init?.method ?? 'GET') === method)
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));
}
