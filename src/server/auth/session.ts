import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { AppError } from '../http/errors';
import type { Auth } from './auth';

/** The signed-in user as the route handlers see it. */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  name: string;
  companyName: string;
  createdAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser; routes behind it can rely on it. */
    user: SessionUser | null;
  }
}

/**
 * Looks up the request's session cookie. An expired, revoked or forged session gives null:
 * it is treated as signed out (spec §4 Session).
 */
export async function readSessionUser(auth: Auth, request: FastifyRequest): Promise<SessionUser | null> {
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) }).catch(() => null);
  if (!session) return null;
  const u = session.user;
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    name: u.name,
    companyName: u.companyName,
    createdAt: u.createdAt,
  };
}

/**
 * preHandler for routes that need a signed-in user.
 * @throws AppError UNAUTHORIZED (401) without a valid session.
 */
export function requireUser(auth: Auth) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    request.user = await readSessionUser(auth, request);
    if (!request.user) throw AppError.unauthorized();
  };
}
