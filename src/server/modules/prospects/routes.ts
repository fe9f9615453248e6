import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../shared/paths';
import { okSchema } from '../../../shared/schemas/api';
import {
  addProspectsResultSchema,
  addProspectsSchema,
  PROSPECT_IMPORT_BATCH,
} from '../../../shared/schemas/prospect-import';
import { prospectTimelineSchema } from '../../../shared/schemas/prospect-timeline';
import { prospectSchema, updateProspectStatusSchema } from '../../../shared/schemas/prospects';
import { actor, workspaceId } from '../../auth/session';
import type { Database } from '../../db/client';
import { liveLinkDiscoveryQueue, sendJob, type JobSender } from '../../jobs/definitions';
import { addProspects } from './add-prospects';
import { deleteProspect, updateProspectStatus } from './service';
import { prospectTimeline } from './timeline';
import { setProspectCustomValues } from './custom-values';
import { setProspectCustomValuesSchema } from '../../../shared/schemas/custom-fields';
import { idParams } from '../../http/params';

/**
 * Body limit of the routes that take a batch of imported prospects (this one and the campaign
 * create, which carries the first batch): a full batch whose every row carries the longest notes
 * (5,000 characters) still fits. Other JSON routes keep BODY_LIMIT_BYTES (1 MB).
 */
export const IMPORT_BODY_LIMIT_BYTES = PROSPECT_IMPORT_BATCH * 8 * 1024;

/**
 * `PATCH /api/prospects/:id` (status), `DELETE /api/prospects/:id` and
 * `GET /api/prospects/:id/timeline` (its history), `PUT /api/prospects/:id/custom-fields` (its custom
 * field values, docs/decisions/044-custom-fields.md), and `POST /api/campaigns/:id/prospects`
 * (the next batch of a CSV import), for the owner only. A prospect
 * marked Success has its site searched for the link it gave (docs/decisions/012-link-monitoring.md).
 */
export function prospectRoutes({ db, queue }: { db: Database; queue: JobSender }): FastifyPluginAsyncZod {
  return async (app) => {
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
        bodyLimit: IMPORT_BODY_LIMIT_BYTES,
      },
      async (request) => addProspects(db, actor(request), request.params.id, request.body),
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
      },
      async (request) => {
        const prospect = await updateProspectStatus(db, actor(request), request.params.id, request.body);
        // The status is saved either way: a queue that cannot take the search only costs that search.
        if (prospect.status === 'success')
          await sendJob(
            queue,
            liveLinkDiscoveryQueue,
            { prospectId: prospect.id },
            { retryLimit: 1, group: { id: workspaceId(request) } },
          ).catch((error: unknown) => request.log.error(error, 'could not queue the search for its link'));
        return prospect;
      },
    );
    app.put(
      apiPaths.prospectCustomFields,
      {
        schema: {
          tags,
          params: idParams,
          body: setProspectCustomValuesSchema,
          response: { 200: prospectSchema },
        },
      },
      async (request) => setProspectCustomValues(db, actor(request), request.params.id, request.body),
    );
    app.get(
      apiPaths.prospectTimeline,
      { schema: { tags, params: idParams, response: { 200: prospectTimelineSchema } } },
      async (request) => prospectTimeline(db, workspaceId(request), request.params.id),
    );
    app.delete(
      apiPaths.prospect,
      { schema: { tags, params: idParams, response: { 200: okSchema } } },
      async (request) => {
        await deleteProspect(db, actor(request), request.params.id);
        return { ok: true as const };
      },
    );
  };
}
