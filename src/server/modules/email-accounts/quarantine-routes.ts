import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../shared/paths';
import { quarantinePageSchema, quarantineQuerySchema } from '../../../shared/schemas/mailboxes';
import { workspaceId } from '../../auth/session';
import type { Database } from '../../db/client';
import { listQuarantinedMessages } from './quarantine-service';
import { mailboxIdParams } from '../../http/params';

/** `GET /api/email-accounts/:id/quarantine`: the messages a mailbox's sync set aside, newest first. */
export function quarantineRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiPaths.emailAccountQuarantine,
      {
        schema: {
          tags: ['email accounts'],
          params: mailboxIdParams,
          querystring: quarantineQuerySchema,
          response: { 200: quarantinePageSchema },
        },
      },
      async (request) => listQuarantinedMessages(db, workspaceId(request), request.params.id, request.query),
    );
  };
}
