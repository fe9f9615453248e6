import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../../shared/paths';
import { okSchema } from '../../../shared/schemas/api';
import { prospectTimelineSchema } from '../../../shared/schemas/prospect-timeline';
import { prospectSchema, updateProspectStatusSchema } from '../../../shared/schemas/prospects';
import type { Auth } from '../../auth/auth';
import { requireUser } from '../../auth/session';
import type { Database } from '../../db/client';
import { deleteProspect, updateProspectStatus } from './service';
import { prospectTimeline } from './timeline';

const idParams = z.object({ id: z.uuid() });

/**
 * `PATCH /api/prospects/:id` (status), `DELETE /api/prospects/:id` and
 * `GET /api/prospects/:id/timeline` (its history, issue 7 §4), for the owner only.
 */
export function prospectRoutes(auth: Auth, db: Database): FastifyPluginAsyncZod {
  return async (app) => {
    const preHandler = requireUser(auth);
    const tags = ['prospects'];
    app.patch(
      apiPaths.prospect,
      {
        schema: {
          tags,
          params: idParams,
          body: updateProspectStatusSchema,
          response: { 200: prospectSchema },
        },
        preHandler,
      },
      async (request) => updateProspectStatus(db, request.user!.id, request.params.id, request.body),
    );
    app.get(
      apiPaths.prospectTimeline,
      { schema: { tags, params: idParams, response: { 200: prospectTimelineSchema } }, preHandler },
      async (request) => prospectTimeline(db, request.user!.id, request.params.id),
    );
    app.delete(
      apiPaths.prospect,
      { schema: { tags, params: idParams, response: { 200: okSchema } }, preHandler },
      async (request) => {
        await deleteProspect(db, request.user!.id, request.params.id);
        return { ok: true as const };
      },
    );
  };
}
