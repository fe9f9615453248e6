import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../shared/paths';
import { meSchema } from '../../../shared/schemas/auth';
import type { Database } from '../../db/client';
import { getMe } from './service';

/** `GET /api/me`: the signed-in user with role and admin flag; 401 when signed out. */
export function meRoutes(db: Database): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(apiPaths.me, { schema: { tags: ['account'], response: { 200: meSchema } } }, async (request) =>
      getMe(db, request.user!),
    );
  };
}
