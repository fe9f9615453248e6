import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PgBoss } from 'pg-boss';
import { z } from 'zod';
import { apiPaths } from '../../../shared/paths';
import { okSchema } from '../../../shared/schemas/api';
import {
  addProspectsResultSchema,
  addProspectsSchema,
  PROSPECT_IMPORT_BATCH,
} from '../../../shared/schemas/prospect-import';
import { prospectTimelineSchema } from '../../../shared/schemas/prospect-timeline';
import { prospectSchema, updateProspectStatusSchema } from '../../../shared/schemas/prospects';
import type { Auth } from '../../auth/auth';
import { requireUser } from '../../auth/session';
import type { Database } from '../../db/client';
import { liveLinkDiscoveryJob } from '../../jobs/live-link-discovery';
import { addProspects } from './add-prospects';
import { deleteProspect, updateProspectStatus } from './service';
import { prospectTimeline } from './timeline';

const idParams = z.object({ id: z.uuid() });

/** A full import batch whose every row carries the longest notes (5,000 characters) still fits. */
const IMPORT_BODY_LIMIT_BYTES = PROSPECT_IMPORT_BATCH * 8 * 1024;

/**
 * `PATCH /api/prospects/:id` (status), `DELETE /api/prospects/:id` and
 * `GET /api/prospects/:id/timeline` (its history), and `POST /api/campaigns/:id/prospects`
 * (the next batch of a CSV import), for the owner only. A prospect
 * marked Success has its site searched for the link it gave (issue 8 §4).
 */
export function prospectRoutes(
  auth: Auth,
  { db, queue }: { db: Database; queue: Pick<PgBoss, 'send'> },
): FastifyPluginAsyncZod {
  return async (app) => {
    const preHandler = requireUser(auth);
    const tags = ['prospects'];
    app.post(
      apiPaths.campaignProspects,
      {
        schema: {
          tags,
          params: idParams,
          body: addProspectsSchema,
          response: { 200: addProspectsResultSchema },
        },
        preHandler,
        bodyLimit: IMPORT_BODY_LIMIT_BYTES,
      },
      async (request) => addProspects(db, request.user!.id, request.params.id, request.body),
    );
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
      async (request) => {
        const prospect = await updateProspectStatus(db, request.user!.id, request.params.id, request.body);
        // The status is saved either way: a queue that cannot take the search only costs that search.
        if (prospect.status === 'success')
          await queue
            .send(
              liveLinkDiscoveryJob.name,
              { prospectId: prospect.id },
              { retryLimit: 1, group: { id: request.user!.id } },
            )
            .catch((error: unknown) => request.log.error(error, 'could not queue the search for its link'));
        return prospect;
      },
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
