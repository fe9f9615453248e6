import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../../shared/paths';
import {
  addGapProspectsSchema,
  competitorGapPageSchema,
  competitorGapQuerySchema,
} from '../../../shared/schemas/competitor-gap';
import type { Auth } from '../../auth/auth';
import { requireUser } from '../../auth/session';
import type { Database } from '../../db/client';
import { addGapProspects, competitorGap } from './service';

/** A campaign's competitor gap (issue 8 §6) and adding its domains as prospects; the user's campaigns only. */
export function competitorGapRoutes(auth: Auth, db: Database): FastifyPluginAsyncZod {
  return async (app) => {
    const preHandler = requireUser(auth);
    const tags = ['campaigns'];
    const params = z.object({ id: z.uuid() });
    app.get(
      apiPaths.competitorGap,
      {
        schema: {
          tags,
          params,
          querystring: competitorGapQuerySchema,
          response: { 200: competitorGapPageSchema },
        },
        preHandler,
      },
      async (request) => competitorGap(db, request.user!.id, request.params.id, request.query),
    );
    app.post(
      apiPaths.competitorGapProspects,
      {
        schema: {
          tags,
          params,
          body: addGapProspectsSchema,
          response: { 200: z.object({ added: z.number().int() }) },
        },
        preHandler,
      },
      async (request) => ({
        added: await addGapProspects(db, request.user!.id, request.params.id, request.body),
      }),
    );
  };
}
