import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PgBoss } from 'pg-boss';
import { z } from 'zod';
import { apiPaths } from '../../../shared/paths';
import { okSchema } from '../../../shared/schemas/api';
import {
  createLiveLinkSchema,
  linkCheckPageSchema,
  liveLinkListQuerySchema,
  liveLinkPageSchema,
  liveLinkSchema,
  liveLinkSummarySchema,
} from '../../../shared/schemas/live-links';
import type { Auth } from '../../auth/auth';
import { requireUser } from '../../auth/session';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import {
  checkLiveLinkNow,
  createLiveLink,
  deleteLiveLink,
  listLinkChecks,
  listLiveLinks,
  liveLinkSummary,
} from './service';

const params = z.object({ id: z.uuid() });
const checksQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/**
 * Live links (spec §7, issue 8): list (by status), counts and chart, add (first check queued),
 * check now, check history, delete — the signed-in user's only.
 */
export function liveLinkRoutes(
  auth: Auth,
  deps: { db: Database; config: Config; queue: Pick<PgBoss, 'send'> },
): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    const preHandler = requireUser(auth);
    const tags = ['live links'];
    app.get(
      apiPaths.liveLinks,
      {
        schema: { tags, querystring: liveLinkListQuerySchema, response: { 200: liveLinkPageSchema } },
        preHandler,
      },
      async (request) => listLiveLinks(db, request.user!.id, request.query),
    );
    app.get(
      apiPaths.liveLinkSummary,
      { schema: { tags, response: { 200: liveLinkSummarySchema } }, preHandler },
      async (request) => liveLinkSummary(db, request.user!.id),
    );
    app.post(
      apiPaths.liveLinks,
      { schema: { tags, body: createLiveLinkSchema, response: { 201: liveLinkSchema } }, preHandler },
      async (request, reply) =>
        reply.status(201).send(await createLiveLink(deps, request.user!.id, request.body)),
    );
    app.post(
      apiPaths.liveLinkCheck,
      { schema: { tags, params, response: { 200: liveLinkSchema } }, preHandler },
      async (request) => checkLiveLinkNow(deps, request.user!.id, request.params.id),
    );
    app.get(
      apiPaths.liveLinkChecks,
      {
        schema: { tags, params, querystring: checksQuery, response: { 200: linkCheckPageSchema } },
        preHandler,
      },
      async (request) => listLinkChecks(db, request.user!.id, request.params.id, request.query),
    );
    app.delete(
      apiPaths.liveLink,
      { schema: { tags, params, response: { 200: okSchema } }, preHandler },
      async (request) => {
        await deleteLiveLink(db, request.user!.id, request.params.id);
        return { ok: true as const };
      },
    );
  };
}
