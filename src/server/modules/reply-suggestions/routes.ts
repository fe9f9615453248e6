import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../shared/paths';
import { replySuggestionMessages, replySuggestionSchema } from '../../../shared/schemas/reply-suggestions';
import { AiCallError, aiFailure, type AiWriter } from '../../ai/writer';
import type { Database } from '../../db/client';
import { suggestReply } from './service';
import { idParams } from '../../http/params';
import { signedInUser, workspaceId } from '../../auth/session';

/**
 * `POST /api/inbound-messages/:id/suggestion` (docs/decisions/010-ai-writing.md): a category and an answer draft for a
 * prospect's reply. Signed-in users only; another user's message answers 404; an answer the model
 * could not shape right, even asked twice, answers 502 AI_UNUSABLE_ANSWER.
 */
export function replySuggestionRoutes({
  db,
  writer,
}: {
  db: Database;
  writer: AiWriter;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      apiPaths.replySuggestion,
      {
        schema: {
          tags: ['ai'],
          params: idParams,
          response: { 200: replySuggestionSchema },
        },
      },
      async (request) => {
        try {
          return await suggestReply(
            db,
            writer,
            signedInUser(request),
            workspaceId(request),
            request.params.id,
          );
        } catch (error) {
          if (!(error instanceof AiCallError)) throw error;
          request.log.warn({ err: error }, 'reply suggestion failed');
          throw aiFailure(error, replySuggestionMessages.failed);
        }
      },
    );
  };
}
