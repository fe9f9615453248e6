import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PgBoss } from 'pg-boss';
import { apiPaths } from '../../../shared/paths';
import { okSchema } from '../../../shared/schemas/api';
import {
  addressCandidatesSchema,
  emailVerificationSchema,
  latestVerificationRunSchema,
  useCandidateInputSchema,
  verificationRunSchema,
  verificationSettingsInputSchema,
  verificationSettingsSchema,
} from '../../../shared/schemas/email-verification';
import { actor, workspaceId } from '../../auth/session';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { idParams } from '../../http/params';
import { addressVerifierFromConfig, verifierKeyOf } from '../../outreach/verification/address-verifier';
import {
  findAddressCandidates,
  getVerificationSettings,
  latestVerificationRun,
  saveVerificationSettings,
  startCampaignVerification,
  useCandidateAddress,
  verifyProspectAddress,
  type VerificationDeps,
} from './service';

/**
 * Address verification (docs/decisions/047-address-verification.md): Settings → Email verification
 * (every member reads it, Full Access saves it), verifying one prospect's address, a campaign's
 * bulk run and its progress, and a person's candidate addresses. Session only: API keys are refused
 * (these routes are not in auth/api-key-routes.ts). Another workspace's ids answer 404.
 */
export function emailVerificationRoutes({
  db,
  config,
  appSecret,
  queue,
}: {
  db: Database;
  config: Config;
  appSecret: string;
  queue: Pick<PgBoss, 'send'>;
}): FastifyPluginAsyncZod {
  const deps: VerificationDeps = {
    db,
    verifier: addressVerifierFromConfig(db, config, appSecret),
    secretKey: verifierKeyOf(appSecret),
    queue,
  };
  return async (app) => {
    const tags = ['email-verification'];
    app.get(
      apiPaths.emailVerificationSettings,
      { schema: { tags, response: { 200: verificationSettingsSchema } } },
      async (request) => getVerificationSettings(deps, workspaceId(request)),
    );
    app.put(
      apiPaths.emailVerificationSettings,
      {
        schema: {
          tags,
          body: verificationSettingsInputSchema,
          response: { 200: verificationSettingsSchema },
        },
      },
      async (request) => saveVerificationSettings(deps, actor(request), request.body),
    );
    app.post(
      apiPaths.prospectAddressVerification,
      { schema: { tags, params: idParams, response: { 200: emailVerificationSchema } } },
      async (request) => verifyProspectAddress(deps, actor(request), request.params.id, new Date()),
    );
    app.get(
      apiPaths.campaignAddressVerification,
      { schema: { tags, params: idParams, response: { 200: latestVerificationRunSchema } } },
      async (request) => latestVerificationRun(db, workspaceId(request), request.params.id),
    );
    app.post(
      apiPaths.campaignAddressVerification,
      { schema: { tags, params: idParams, response: { 200: verificationRunSchema } } },
      async (request) => startCampaignVerification(deps, actor(request), request.params.id),
    );
    app.post(
      apiPaths.prospectAddressCandidates,
      { schema: { tags, params: idParams, response: { 200: addressCandidatesSchema } } },
      async (request) => ({
        candidates: await findAddressCandidates(deps, actor(request), request.params.id, new Date()),
      }),
    );
    app.post(
      apiPaths.prospectContactAddress,
      { schema: { tags, params: idParams, body: useCandidateInputSchema, response: { 200: okSchema } } },
      async (request) => useCandidateAddress(db, actor(request), request.params.id, request.body),
    );
  };
}
