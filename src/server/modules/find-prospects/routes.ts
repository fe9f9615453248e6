import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../shared/paths';
import { findProspectsResultSchema } from '../../../shared/schemas/campaigns';
import { discoveryMessages, discoveryRunSchema } from '../../../shared/schemas/discovery';
import { workspaceId } from '../../auth/session';
import {
  cancelFindProspects,
  findProspectsStatus,
  startFindProspects,
  type FindProspectsDeps,
} from './service';
import { idParams } from '../../http/params';

/**
 * A campaign's prospect discovery (docs/product.md#campaign-detail, docs/decisions/007-discovery.md): POST starts a run
 * (`{success, message}`; 409 while one is queued or running), GET answers the latest run for the
 * detail page to poll (null when it never ran), DELETE cancels the run under way (404 when none).
 * Another user's campaign answers 404.
 */
export function findProspectsRoutes(deps: FindProspectsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['campaigns'];

    app.post(
      apiPaths.findProspects,
      { schema: { tags, params: idParams, response: { 200: findProspectsResultSchema } } },
      async (request) => {
        await startFindProspects(deps, workspaceId(request), request.params.id);
        return { success: true, message: discoveryMessages.started };
      },
    );
    app.get(
      apiPaths.findProspects,
      { schema: { tags, params: idParams, response: { 200: discoveryRunSchema.nullable() } } },
      async (request) => findProspectsStatus(deps.db, workspaceId(request), request.params.id),
    );
    app.delete(
      apiPaths.findProspects,
      { schema: { tags, params: idParams, response: { 200: discoveryRunSchema } } },
      async (request) => cancelFindProspects(deps, workspaceId(request), request.params.id),
    );
  };
}
