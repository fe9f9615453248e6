import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../shared/paths';
import { meSchema } from '../../../shared/schemas/auth';
import { updateProfileSchema } from '../../../shared/schemas/settings';
import type { Auth } from '../../auth/auth';
import { requireUser } from '../../auth/session';
import type { Database } from '../../db/client';
import { updateProfile } from './service';

/** `PATCH /api/profile`: the Settings Profile tab (spec §2); better-auth's update-user route stays unexposed. */
export function profileRoutes(auth: Auth, db: Database): FastifyPluginAsyncZod {
  return async (app) => {
    app.patch(
      apiPaths.profile,
      {
        schema: { tags: ['account'], body: updateProfileSchema, response: { 200: meSchema } },
        preHandler: requireUser(auth),
      },
      async (request) => updateProfile(db, request.user!, request.body),
    );
  };
}
