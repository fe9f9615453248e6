import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../../shared/paths';
import { teamUserSchema, updateRoleSchema } from '../../../shared/schemas/settings';
import { userId } from '../../auth/session';
import type { Database } from '../../db/client';
import { changeRole, listTeamUsers } from './service';
import { idParams } from '../../http/params';

/** The Settings Users tab (docs/product.md#settings, docs/product.md#roles): list users, change another user's role (server-enforced rules). */
export function userRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['users'];
    app.get(
      apiPaths.users,
      { schema: { tags, response: { 200: z.array(teamUserSchema) } } },
      async (request) => listTeamUsers(db, userId(request)),
    );
    app.patch(
      apiPaths.userRole,
      {
        schema: {
          tags,
          params: idParams,
          body: updateRoleSchema,
          response: { 200: teamUserSchema },
        },
      },
      async (request) => changeRole(db, userId(request), request.params.id, request.body.role),
    );
  };
}
