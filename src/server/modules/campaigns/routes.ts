import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../../shared/paths';
import { okSchema } from '../../../shared/schemas/api';
import {
  campaignCollaboratorsSchema,
  campaignDetailSchema,
  campaignListQuerySchema,
  campaignOptionSchema,
  campaignPageSchema,
  campaignSchema,
  createCampaignSchema,
  updateCampaignSchema,
} from '../../../shared/schemas/campaigns';
import { prospectListQuerySchema, prospectPageSchema } from '../../../shared/schemas/prospects';
import { actor, workspaceId } from '../../auth/session';
import type { Database } from '../../db/client';
import { IMPORT_BODY_LIMIT_BYTES } from '../prospects/routes';
import {
  createCampaign,
  deleteCampaign,
  getCampaignDetail,
  listCampaignOptions,
  listCampaignProspects,
  listCampaigns,
  setCampaignCollaborators,
  updateCampaign,
} from './service';
import { idParams } from '../../http/params';

/**
 * Campaigns (docs/product.md#api): list, select options, create (ai or manual), detail,
 * update (competitors, status), collaborators, delete and a campaign's prospects. Every route acts only
 * on the signed-in user's campaigns; another user's id answers 404.
 */
export function campaignRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['campaigns'];

    app.get(
      apiPaths.campaigns,
      {
        schema: { tags, querystring: campaignListQuerySchema, response: { 200: campaignPageSchema } },
      },
      async (request) => listCampaigns(db, actor(request), request.query),
    );
    app.get(
      apiPaths.campaignOptions,
      { schema: { tags, response: { 200: z.array(campaignOptionSchema) } } },
      async (request) => listCampaignOptions(db, workspaceId(request)),
    );
    app.post(
      apiPaths.campaigns,
      {
        schema: { tags, body: createCampaignSchema, response: { 201: campaignSchema } },
        // The manual form sends its first import batch here (the rest go to the import route).
        bodyLimit: IMPORT_BODY_LIMIT_BYTES,
      },
      async (request, reply) =>
        reply.status(201).send(await createCampaign(db, actor(request), request.body)),
    );
    app.get(
      apiPaths.campaign,
      { schema: { tags, params: idParams, response: { 200: campaignDetailSchema } } },
      async (request) => getCampaignDetail(db, workspaceId(request), request.params.id),
    );
    app.patch(
      apiPaths.campaign,
      {
        schema: { tags, params: idParams, body: updateCampaignSchema, response: { 200: campaignSchema } },
      },
      async (request) => updateCampaign(db, actor(request), request.params.id, request.body),
    );
    app.put(
      apiPaths.campaignCollaborators,
      {
        schema: {
          tags,
          params: idParams,
          body: campaignCollaboratorsSchema,
          response: { 200: campaignSchema },
        },
      },
      async (request) => setCampaignCollaborators(db, actor(request), request.params.id, request.body),
    );
    app.delete(
      apiPaths.campaign,
      { schema: { tags, params: idParams, response: { 200: okSchema } } },
      async (request) => {
        await deleteCampaign(db, actor(request), request.params.id);
        return { ok: true as const };
      },
    );
    app.get(
      apiPaths.campaignProspects,
      {
        schema: {
          tags,
          params: idParams,
          querystring: prospectListQuerySchema,
          response: { 200: prospectPageSchema },
        },
      },
      async (request) => listCampaignProspects(db, workspaceId(request), request.params.id, request.query),
    );
  };
}
