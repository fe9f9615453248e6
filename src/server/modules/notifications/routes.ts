import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../../shared/paths';
import {
  markNotificationsReadSchema,
  notificationListQuerySchema,
  notificationPageSchema,
} from '../../../shared/schemas/notifications';
import type { Auth } from '../../auth/auth';
import { requireUser } from '../../auth/session';
import type { Database } from '../../db/client';
import { listNotifications, markNotificationsRead } from './service';

/** The signed-in user's notifications (issue 8 §5): list and mark read. */
export function notificationRoutes(auth: Auth, db: Database): FastifyPluginAsyncZod {
  return async (app) => {
    const preHandler = requireUser(auth);
    const tags = ['notifications'];
    app.get(
      apiPaths.notifications,
      {
        schema: { tags, querystring: notificationListQuerySchema, response: { 200: notificationPageSchema } },
        preHandler,
      },
      async (request) => listNotifications(db, request.user!.id, request.query),
    );
    app.post(
      apiPaths.notificationsRead,
      {
        schema: {
          tags,
          body: markNotificationsReadSchema,
          response: { 200: z.object({ updated: z.number().int() }) },
        },
        preHandler,
      },
      async (request) => ({ updated: await markNotificationsRead(db, request.user!.id, request.body) }),
    );
  };
}
