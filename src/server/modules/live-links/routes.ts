import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../../shared/paths';
import type { JobSender } from '../../jobs/definitions';
import { okSchema } from '../../../shared/schemas/api';
import {
  createLiveLinkSchema,
  linkCheckPageSchema,
  liveLinkListQuerySchema,
  liveLinkPageSchema,
  liveLinkSchema,
  liveLinkSummarySchema,
} from '../../../shared/schemas/live-links';
import { cursorQueryField, withPageCursor } from '../../../shared/schemas/pagination';
import { workspaceId } from '../../auth/session';
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
import { idParams } from '../../http/params';

const checksQuery = withPageCursor(
  z.object({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    cursor: cursorQueryField,
  }),
);

/**
 * Live links (docs/product.md#api, docs/decisions/012-link-monitoring.md): list (by status), counts and chart, add (first check queued),
 * check now, check history, delete — the signed-in user's only.
 */
export function liveLinkRoutes(deps: {
  db: Database;
  config: Config;
  queue: JobSender;
}): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    const tags = ['live links'];
    app.get(
      apiPaths.liveLinks,
      {
        schema: { tags, querystring: liveLinkListQuerySchema, response: { 200: liveLinkPageSchema } },
      },
      async (request) => listLiveLinks(db, workspaceId(request), request.query),
    );
    app.get(
      apiPaths.liveLinkSummary,
      { schema: { tags, response: { 200: liveLinkSummarySchema } } },
      async (request) => liveLinkSummary(db, workspaceId(request)),
    );
    app.post(
      apiPaths.liveLinks,
      { schema: { tags, body: createLiveLinkSchema, response: { 201: liveLinkSchema } } },
      async (request, reply) =>
        reply.status(201).send(await createLiveLink(deps, workspaceId(request), request.body)),
    );
    app.post(
      apiPaths.liveLinkCheck,
      { schema: { tags, params: idParams, response: { 200: liveLinkSchema } } },
      async (request) => checkLiveLinkNow(deps, workspaceId(request), request.params.id),
    );
    app.get(
      apiPaths.liveLinkChecks,
      {
        schema: { tags, params: idParams, querystring: checksQuery, response: { 200: linkCheckPageSchema } },
      },
      async (request) => listLinkChecks(db, workspaceId(request), request.params.id, request.query),
    );
    app.delete(
      apiPaths.liveLink,
      { schema: { tags, params: idParams, response: { 200: okSchema } } },
      async (request) => {
        await deleteLiveLink(db, workspaceId(request), request.params.id);
        return { ok: true as const };
      },
    );
  };
}
