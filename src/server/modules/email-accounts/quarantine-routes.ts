import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../../shared/paths';
import { quarantinePageSchema, quarantineQuerySchema } from '../../../shared/schemas/mailboxes';
import type { Auth } from '../../auth/auth';
import { requireUser } from '../../auth/session';
import type { Database } from '../../db/client';
import { listQuarantinedMessages } from './quarantine-service';

const idParams = z.object({ id: z.uuid({ error: 'Email account not found' }) });

/** `GET /api/email-accounts/:id/quarantine`: the messages a mailbox's sync set aside, newest first. */
export function quarantineRoutes(auth: Auth, db: Database): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiPaths.emailAccountQuarantine,
      {
        schema: {
          tags: ['email accounts'],
          params: idParams,
          querystring: quarantineQuerySchema,
          response: { 200: quarantinePageSchema },
        },
        preHandler: requireUser(auth),
      },
      async (request) => listQuarantinedMessages(db, request.user!.id, request.params.id, request.query),
    );
  };
}
