import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../../shared/paths';
import { okSchema } from '../../../shared/schemas/api';
import {
  guestPostCampaignSchema,
  guestPostListQuerySchema,
  guestPostMessages,
  guestPostPageSchema,
  guestPostRequestSchema,
  guestPostSchema,
  saveInternalLinksSchema,
} from '../../../shared/schemas/guest-posts';
import type { AiWriter } from '../../ai/writer';
import type { Auth } from '../../auth/auth';
import { requireUser } from '../../auth/session';
import type { Database } from '../../db/client';
import {
  deleteGuestPost,
  getGuestPost,
  listGuestPostCampaigns,
  listGuestPosts,
  saveInternalLinks,
  startGuestPost,
} from './service';

const idParams = z.object({ id: z.uuid() });

/**
 * Guest Post Generator (spec §2, §7; issue 9): the campaigns to choose from, saving a campaign's
 * internal links, generating a post as a server-sent-event stream, and the saved posts.
 * Signed-in users only; another user's campaign or post answers 404.
 */
export function guestPostRoutes(auth: Auth, db: Database, writer: AiWriter): FastifyPluginAsyncZod {
  return async (app) => {
    const preHandler = requireUser(auth);
    const tags = ['guest posts'];

    app.get(
      apiPaths.guestPostCampaigns,
      { schema: { tags, response: { 200: z.array(guestPostCampaignSchema) } }, preHandler },
      async (request) => listGuestPostCampaigns(db, request.user!.id),
    );
    app.put(
      apiPaths.campaignInternalLinks,
      {
        schema: {
          tags,
          params: idParams,
          body: saveInternalLinksSchema,
          response: { 200: guestPostCampaignSchema },
        },
        preHandler,
      },
      async (request) =>
        saveInternalLinks(db, request.user!.id, request.params.id, request.body.internalLinks),
    );

    /**
     * Answers `text/event-stream`: `delta` events ({text}) as the model writes, then `done` with the
     * saved post, or `error` ({message}) if the model fails midway. Refusals before any text
     * (validation, 404, not configured, daily limit) are ordinary JSON error answers.
     */
    app.post(
      apiPaths.guestPostGenerate,
      { schema: { tags, body: guestPostRequestSchema }, preHandler },
      async (request, reply) => {
        const abort = new AbortController();
        const generation = await startGuestPost(db, writer, request.user!.id, request.body, abort.signal);
        reply.hijack();
        const res = reply.raw;
        res.on('close', () => {
          if (!res.writableEnded) abort.abort();
        });
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          // nginx and similar proxies would otherwise hold the stream back until it ends.
          'x-accel-buffering': 'no',
        });
        const send = (event: string, data: unknown) =>
          res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
        let content = '';
        try {
          for await (const text of generation.text) {
            content += text;
            send('delta', { text });
          }
          if (!content.trim()) throw new Error('the model returned no text');
          send('done', await generation.save(content));
        } catch (error) {
          if (!abort.signal.aborted) {
            request.log.warn({ err: error }, 'guest post generation failed');
            send('error', { message: guestPostMessages.generateFailed });
          }
        }
        res.end();
      },
    );

    app.get(
      apiPaths.guestPosts,
      {
        schema: { tags, querystring: guestPostListQuerySchema, response: { 200: guestPostPageSchema } },
        preHandler,
      },
      async (request) => listGuestPosts(db, request.user!.id, request.query),
    );
    app.get(
      apiPaths.guestPost,
      { schema: { tags, params: idParams, response: { 200: guestPostSchema } }, preHandler },
      async (request) => getGuestPost(db, request.user!.id, request.params.id),
    );
    app.delete(
      apiPaths.guestPost,
      { schema: { tags, params: idParams, response: { 200: okSchema } }, preHandler },
      async (request) => {
        await deleteGuestPost(db, request.user!.id, request.params.id);
        return { ok: true as const };
      },
    );
  };
}
