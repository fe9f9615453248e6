import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../shared/paths';
import {
  campaignOutreachInputSchema,
  campaignOutreachSchema,
  enrollmentPreviewSchema,
  enrollmentResultSchema,
  stepPreviewInputSchema,
  stepPreviewSchema,
} from '../../../shared/schemas/outreach';
import { actor, workspaceId } from '../../auth/session';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { addressCheckerFromConfig } from '../../outreach/dns/address-check';
import { getCampaignOutreach, updateCampaignOutreach } from './campaign-settings';
import { enrollCampaign, enrollProspect, previewEnrollment } from '../../outreach/enrollment';
import { previewStep } from './step-preview';
import { variantStats } from './variant-stats';
import { variantStatsSchema } from '../../../shared/schemas/variant-stats';
import { idParams } from '../../http/params';
import { enrollmentInputSchema } from '../../../shared/schemas/email-verification';

/**
 * Starting outreach (docs/decisions/009-outreach-sending.md): a campaign's mailboxes, sequence and tracking; how many prospects
 * Send Emails would enroll and the enrolling itself, for a whole campaign or one prospect; and the
 * sequence editor's step preview; the campaign's statistics per step and variant (decision 043). Pausing and resuming is the campaign's status (PATCH
 * /api/campaigns/:id). Only the signed-in user's records; another user's id answers 404. Addresses
 * are checked before enrollment over DNS as the settings say (DNS_SERVERS, MAIL_DOMAINS_ASSUME_OK);
 * verified-undeliverable ones are skipped and risky ones wait for `includeRisky` (decision 047).
 */
export function outreachRoutes({ db, config }: { db: Database; config: Config }): FastifyPluginAsyncZod {
  const addresses = addressCheckerFromConfig(db, config);
  return async (app) => {
    const tags = ['outreach'];

    app.get(
      apiPaths.campaignOutreach,
      { schema: { tags, params: idParams, response: { 200: campaignOutreachSchema } } },
      async (request) => getCampaignOutreach(db, workspaceId(request), request.params.id),
    );
    app.put(
      apiPaths.campaignOutreach,
      {
        schema: {
          tags,
          params: idParams,
          body: campaignOutreachInputSchema,
          response: { 200: campaignOutreachSchema },
        },
      },
      async (request) => updateCampaignOutreach(db, actor(request), request.params.id, request.body),
    );
    app.get(
      apiPaths.campaignEnrollment,
      { schema: { tags, params: idParams, response: { 200: enrollmentPreviewSchema } } },
      async (request) => previewEnrollment(db, workspaceId(request), request.params.id, new Date()),
    );
    app.post(
      apiPaths.campaignEnrollment,
      {
        schema: {
          tags,
          params: idParams,
          body: enrollmentInputSchema,
          response: { 200: enrollmentResultSchema },
        },
      },
      async (request) =>
        enrollCampaign(db, addresses, actor(request), request.params.id, new Date(), request.body ?? {}),
    );
    app.post(
      apiPaths.prospectEnrollment,
      {
        schema: {
          tags,
          params: idParams,
          body: enrollmentInputSchema,
          response: { 200: enrollmentResultSchema },
        },
      },
      async (request) =>
        enrollProspect(db, addresses, actor(request), request.params.id, new Date(), request.body ?? {}),
    );
    app.get(
      apiPaths.campaignVariantStats,
      { schema: { tags, params: idParams, response: { 200: variantStatsSchema } } },
      async (request) => variantStats(db, workspaceId(request), request.params.id),
    );
    app.post(
      apiPaths.stepPreview,
      { schema: { tags, body: stepPreviewInputSchema, response: { 200: stepPreviewSchema } } },
      async (request) => previewStep(db, workspaceId(request), request.body),
    );
  };
}
