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
import { aiFailure, type AiWriter } from '../../ai/writer';
import { actor, workspaceId } from '../../auth/session';
import type { Database } from '../../db/client';
import { openSseStream } from '../../http/sse';
import {
  deleteGuestPost,
  getGuestPost,
  listGuestPostCampaigns,
  listGuestPosts,
  saveInternalLinks,
  startGuestPost,
} from './service';
import { idParams } from '../../http/params';

/**
 * Guest Post Generator (docs/product.md#guest-posts, docs/product.md#api; docs/decisions/010-ai-writing.md): the campaigns to choose from, saving a campaign's
 * internal links, generating a post as a server-sent-event stream, and the saved posts.
 * Signed-in users only; another user's campaign or post answers 404.
 */
export function guestPostRoutes({ db, writer }: { db: Database; writer: AiWriter }): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['guest posts'];

    app.get(
      apiPaths.guestPostCampaigns,
      { schema: { tags, response: { 200: z.array(guestPostCampaignSchema) } } },
      async (request) => listGuestPostCampaigns(db, workspaceId(request)),
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
      },
      async (request) =>
        saveInternalLinks(db, workspaceId(request), request.params.id, request.body.internalLinks),
    );

    /**
     * Answers `text/event-stream`: `delta` events ({text}) as the model writes, then `done` with the
     * saved post, or `error` ({code, message}) if the model fails midway or writes nothing usable
     * (AI_UNUSABLE_ANSWER, docs/decisions/010-ai-writing.md). Refusals before any text
     * (validation, 404, not configured, daily limit) are ordinary JSON error answers.
     */
    app.post(
      apiPaths.guestPostGenerate,
      { schema: { tags, body: guestPostRequestSchema } },
      async (request, reply) => {
        const abort = new AbortController();
        const generation = await startGuestPost(db, writer, actor(request), request.body, abort.signal);
        const stream = openSseStream(reply);
        let finished = false;
        stream.onClose(() => {
          if (!finished) abort.abort();
        });
        try {
          const post = await generation.write((text) => stream.send({ text }, 'delta'));
          stream.send(post, 'done');
        } catch (error) {
          if (!abort.signal.aborted) {
            request.log.warn({ err: error }, 'guest post generation failed');
            const { code, message } = aiFailure(error, guestPostMessages.generateFailed);
            stream.send({ code, message }, 'error');
          }
        }
        finished = true;
        stream.close();
      },
    );

    app.get(
      apiPaths.guestPosts,
      {
        schema: { tags, querystring: guestPostListQuerySchema, response: { 200: guestPostPageSchema } },
      },
      async (request) => listGuestPosts(db, workspaceId(request), request.query),
    );
    app.get(
      apiPaths.guestPost,
      { schema: { tags, params: idParams, response: { 200: guestPostSchema } } },
      async (request) => getGuestPost(db, workspaceId(request), request.params.id),
    );
    app.delete(
      apiPaths.guestPost,
      { schema: { tags, params: idParams, response: { 200: okSchema } } },
      async (request) => {
        await deleteGuestPost(db, workspaceId(request), request.params.id);
        return { ok: true as const };
      },
    );
  };
}
