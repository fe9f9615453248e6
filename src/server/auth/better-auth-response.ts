/** Reading better-auth's answers (`asResponse: true`) in our own auth routes. */
import type { FastifyReply } from 'fastify';

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
