import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../shared/paths';
import { activityPageSchema, activityQuerySchema } from '../../../shared/schemas/activity';
import { workspaceId } from '../../auth/session';
import type { Database } from '../../db/client';
import { listActivity } from './service';

/** `GET /api/activity`: the workspace's activity log, for every member (docs/product.md#roles). */
export function activityRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiPaths.activity,
      {
        schema: {
          tags: ['activity'],
          querystring: activityQuerySchema,
          response: { 200: activityPageSchema },
        },
      },
      async (request) => listActivity(db, workspaceId(request), request.query),
    );
  };
}
