import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../../shared/paths';
import { teamUserSchema, updateRoleSchema } from '../../../shared/schemas/settings';
import type { Auth } from '../../auth/auth';
import { requireUser } from '../../auth/session';
import type { Database } from '../../db/client';
import { changeRole, listTeamUsers } from './service';

/** The Settings Users tab (spec §2, §7 roles): list users, change another user's role (server-enforced rules). */
export function userRoutes(auth: Auth, db: Database): FastifyPluginAsyncZod {
  return async (app) => {
    const preHandler = requireUser(auth);
    const tags = ['users'];
    app.get(
      apiPaths.users,
      { schema: { tags, response: { 200: z.array(teamUserSchema) } }, preHandler },
      async (request) => listTeamUsers(db, request.user!.id),
    );
    app.patch(
      apiPaths.userRole,
      {
        schema: {
          tags,
          params: z.object({ id: z.uuid() }),
          body: updateRoleSchema,
          response: { 200: teamUserSchema },
        },
        preHandler,
      },
      async (request) => changeRole(db, request.user!.id, request.params.id, request.body.role),
    );
  };
}
