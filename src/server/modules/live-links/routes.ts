import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../../shared/paths';
import { okSchema } from '../../../shared/schemas/api';
import {
  createLiveLinkSchema,
  liveLinkListQuerySchema,
  liveLinkPageSchema,
  liveLinkSchema,
} from '../../../shared/schemas/live-links';
import type { Auth } from '../../auth/auth';
import { requireUser } from '../../auth/session';
import type { Database } from '../../db/client';
import { createLiveLink, deleteLiveLink, listLiveLinks } from './service';

/** Live links (spec §7): list, add, delete — the signed-in user's only. */
export function liveLinkRoutes(auth: Auth, db: Database): FastifyPluginAsyncZod {
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
    app.post(
      apiPaths.liveLinks,
      { schema: { tags, body: createLiveLinkSchema, response: { 201: liveLinkSchema } }, preHandler },
      async (request, reply) =>
        reply.status(201).send(await createLiveLink(db, request.user!.id, request.body)),
    );
    app.delete(
      apiPaths.liveLink,
      { schema: { tags, params: z.object({ id: z.uuid() }), response: { 200: okSchema } }, preHandler },
      async (request) => {
        await deleteLiveLink(db, request.user!.id, request.params.id);
        return { ok: true as const };
      },
    );
  };
}
