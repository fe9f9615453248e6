import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../../shared/paths';
import { okSchema } from '../../../shared/schemas/api';
import {
  campaignDetailSchema,
  campaignListQuerySchema,
  campaignOptionSchema,
  campaignPageSchema,
  campaignSchema,
  createCampaignSchema,
  MAX_MANUAL_PROSPECTS,
  updateCampaignSchema,
} from '../../../shared/schemas/campaigns';
import { prospectListQuerySchema, prospectPageSchema } from '../../../shared/schemas/prospects';
import type { Auth } from '../../auth/auth';
import { requireUser } from '../../auth/session';
import type { Database } from '../../db/client';
import {
  createCampaign,
  deleteCampaign,
  getCampaignDetail,
  listCampaignOptions,
  listCampaignProspects,
  listCampaigns,
  updateCampaign,
} from './service';

const idParams = z.object({ id: z.uuid() });

/** A manual upload of MAX_MANUAL_PROSPECTS rows with long notes fits; nothing much larger does. */
const CREATE_BODY_LIMIT_BYTES = MAX_MANUAL_PROSPECTS * 1024;

/**
 * Campaigns (spec §7 Campaigns and prospects): list, select options, create (ai or manual), detail,
 * update (competitors, status), delete and a campaign's prospects. Every route acts only
 * on the signed-in user's campaigns; another user's id answers 404.
 */
export function campaignRoutes(auth: Auth, db: Database): FastifyPluginAsyncZod {
  return async (app) => {
    const preHandler = requireUser(auth);
    const tags = ['campaigns'];

    app.get(
      apiPaths.campaigns,
      {
        schema: { tags, querystring: campaignListQuerySchema, response: { 200: campaignPageSchema } },
        preHandler,
      },
      async (request) => listCampaigns(db, request.user!.id, request.query),
    );
    app.get(
      apiPaths.campaignOptions,
      { schema: { tags, response: { 200: z.array(campaignOptionSchema) } }, preHandler },
      async (request) => listCampaignOptions(db, request.user!.id),
    );
    app.post(
      apiPaths.campaigns,
      {
        schema: { tags, body: createCampaignSchema, response: { 201: campaignSchema } },
        preHandler,
        bodyLimit: CREATE_BODY_LIMIT_BYTES,
      },
      async (request, reply) =>
        reply.status(201).send(await createCampaign(db, request.user!.id, request.body)),
    );
    app.get(
      apiPaths.campaign,
      { schema: { tags, params: idParams, response: { 200: campaignDetailSchema } }, preHandler },
      async (request) => getCampaignDetail(db, request.user!.id, request.params.id),
    );
    app.patch(
      apiPaths.campaign,
      {
        schema: { tags, params: idParams, body: updateCampaignSchema, response: { 200: campaignSchema } },
        preHandler,
      },
      async (request) => updateCampaign(db, request.user!.id, request.params.id, request.body),
    );
    app.delete(
      apiPaths.campaign,
      { schema: { tags, params: idParams, response: { 200: okSchema } }, preHandler },
      async (request) => {
        await deleteCampaign(db, request.user!.id, request.params.id);
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
        preHandler,
      },
      async (request) => listCampaignProspects(db, request.user!.id, request.params.id, request.query),
    );
  };
}
