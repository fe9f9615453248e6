import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { AppError } from '../http/errors';
import type { Auth } from './auth';
import { isAdminEmail } from './roles';
import { readSessionUser } from './session';

/**
 * preHandler for blog-admin routes (spec §6: admins author the blog). Sets `request.user`.
 * @throws AppError UNAUTHORIZED (401) without a session, FORBIDDEN (403) when the email is not in admin_users.
 */
export function requireAdmin(auth: Auth, db: Database) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    request.user = await readSessionUser(auth, request);
    if (!request.user) throw AppError.unauthorized();
    if (!(await isAdminEmail(db, request.user.email))) throw AppError.forbidden();
  };
}
