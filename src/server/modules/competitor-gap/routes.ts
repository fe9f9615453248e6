import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../../shared/paths';
import {
  addGapProspectsSchema,
  competitorGapPageSchema,
  competitorGapQuerySchema,
} from '../../../shared/schemas/competitor-gap';
import { workspaceId } from '../../auth/session';
import type { Database } from '../../db/client';
import { addGapProspects, competitorGap } from './service';
import { idParams } from '../../http/params';

/** A campaign's competitor gap (docs/decisions/012-link-monitoring.md) and adding its domains as prospects; the user's campaigns only. */
export function competitorGapRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['campaigns'];
    app.get(
      apiPaths.competitorGap,
      {
        schema: {
          tags,
          params: idParams,
          querystring: competitorGapQuerySchema,
          response: { 200: competitorGapPageSchema },
        },
      },
      async (request) => competitorGap(db, workspaceId(request), request.params.id, request.query),
    );
    app.post(
      apiPaths.competitorGapProspects,
      {
        schema: {
          tags,
          params: idParams,
          body: addGapProspectsSchema,
          response: { 200: z.object({ added: z.number().int() }) },
        },
      },
      async (request) => ({
        added: await addGapProspects(db, workspaceId(request), request.params.id, request.body),
      }),
    );
  };
}
