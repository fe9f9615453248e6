import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../../shared/paths';
import {
  markNotificationsReadSchema,
  notificationListQuerySchema,
  notificationPageSchema,
} from '../../../shared/schemas/notifications';
import { workspaceId } from '../../auth/session';
import type { Database } from '../../db/client';
import { listNotifications, markNotificationsRead } from './service';

/** The signed-in user's notifications (docs/decisions/012-link-monitoring.md): list and mark read. */
export function notificationRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['notifications'];
    app.get(
      apiPaths.notifications,
      {
        schema: { tags, querystring: notificationListQuerySchema, response: { 200: notificationPageSchema } },
      },
      async (request) => listNotifications(db, workspaceId(request), request.query),
    );
    app.post(
      apiPaths.notificationsRead,
      {
        schema: {
          tags,
          body: markNotificationsReadSchema,
          response: { 200: z.object({ updated: z.number().int() }) },
        },
      },
      async (request) => ({ updated: await markNotificationsRead(db, workspaceId(request), request.body) }),
    );
  };
}
