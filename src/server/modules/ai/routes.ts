import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../shared/paths';
import { aiStatusSchema } from '../../../shared/schemas/ai';
import type { AiWriter } from '../../ai/writer';
import { actor } from '../../auth/session';

/** `GET /api/ai/status`: whether AI writing is configured and the signed-in user's calls left today. */
export function aiRoutes({ writer }: { writer: AiWriter }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiPaths.aiStatus,
      { schema: { tags: ['ai'], response: { 200: aiStatusSchema } } },
      async (request) => writer.status(actor(request)),
    );
  };
}
