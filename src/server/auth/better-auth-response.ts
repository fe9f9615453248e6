/** Reading better-auth's answers (`asResponse: true`) in our own auth routes. */
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The header better-auth reads the client's address from (auth.ts `ipAddressHeaders`). Only
 * `authHeaders` sets it, from Fastify's `request.ip` (which honours TRUST_PROXY), overwriting any
 * value a client sent; better-auth would otherwise store no address (or 127.0.0.1 in development).
 */
export const CLIENT_IP_HEADER = 'x-linkpilot-client-ip';

/** A request's headers for better-auth, with the client's address in CLIENT_IP_HEADER. */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/** Copies better-auth's Set-Cookie headers (session cookie set or cleared) onto the reply. */
export function forwardCookies(response: Response, reply: FastifyReply): void {
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

/** The error code in a better-auth error answer ('INVALID_PASSWORD', 'USER_ALREADY_EXISTS…'); '' without one. */
export async function errorCodeOf(response: Response): Promise<string> {
  const data = (await response.json().catch(() => null)) as { code?: string } | null;
  return data?.code ?? '';
}
