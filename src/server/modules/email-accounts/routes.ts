import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../../shared/paths';
import {
  emailAccountListQuerySchema,
  emailAccountSummarySchema,
} from '../../../shared/schemas/email-accounts';
import type { Auth } from '../../auth/auth';
import { requireUser } from '../../auth/session';
import type { Database } from '../../db/client';
import { listEmailAccounts } from './service';

/** `GET /api/email-accounts`: the signed-in user's mailboxes (read-only here; issue 6 adds the rest). */
export function emailAccountRoutes(auth: Auth, db: Database): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiPaths.emailAccounts,
      {
        schema: {
          tags: ['email accounts'],
          querystring: emailAccountListQuerySchema,
          response: { 200: z.array(emailAccountSummarySchema) },
        },
        preHandler: requireUser(auth),
      },
      async (request) => listEmailAccounts(db, request.user!.id, request.query.status),
    );
  };
}
