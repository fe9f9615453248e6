import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../../shared/paths';
import { okSchema } from '../../../shared/schemas/api';
import { teamUserSchema, updateRoleSchema } from '../../../shared/schemas/settings';
import { actor, workspaceId } from '../../auth/session';
import type { Database } from '../../db/client';
import { idParams } from '../../http/params';
import { changeRole, listMembers, removeMember } from './service';

/**
 * The Settings Users tab (docs/product.md#settings, docs/product.md#roles): the workspace's
 * members, another member's role, removing a member (server-enforced rules).
 */
export function userRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['users'];
    app.get(
      apiPaths.users,
      { schema: { tags, response: { 200: z.array(teamUserSchema) } } },
      async (request) => listMembers(db, workspaceId(request)),
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
      async (request) => changeRole(db, actor(request), request.params.id, request.body.role),
    );
    app.delete(
      apiPaths.user,
      { schema: { tags, params: idParams, response: { 200: okSchema } } },
      async (request) => {
        await removeMember(db, actor(request), request.params.id);
        return { ok: true as const };
      },
    );
  };
}
