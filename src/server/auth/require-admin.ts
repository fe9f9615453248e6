import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { AppError } from '../http/errors';
import { isBlogAdmin } from './roles';

/**
 * preValidation for admin routes (admins author the blog and read contact messages), registered in the
 * signed-in scope, whose onRequest hook has already refused visitors and set `request.user`.
 * Runs before body validation, so a member learns nothing about the post format from a 400.
 * @throws AppError UNAUTHORIZED (401) without a user, FORBIDDEN (403) unless the email is in admin_users
 *   and verified (roles.ts isBlogAdmin).
 */
export function requireAdmin(db: Database) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    if (!request.user) throw AppError.unauthorized();
    if (!(await isBlogAdmin(db, request.user))) throw AppError.forbidden();
  };
}
