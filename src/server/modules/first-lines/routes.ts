import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../shared/paths';
import { okSchema } from '../../../shared/schemas/api';
import {
  firstLineListQuerySchema,
  firstLineMessages,
  firstLinePageSchema,
  firstLineSettingsSchema,
  prospectFirstLineSchema,
  updateFirstLineSchema,
} from '../../../shared/schemas/first-lines';
import { AiCallError, aiFailure, type AiWriter } from '../../ai/writer';
import { actor, workspaceId } from '../../auth/session';
import type { Database } from '../../db/client';
import {
  deleteFirstLine,
  draftFirstLine,
  listFirstLines,
  setFirstLineApproval,
  updateFirstLine,
} from './service';
import { idParams } from '../../http/params';

/**
 * Personalised first lines (docs/decisions/010-ai-writing.md): a campaign's prospects with their lines, the approval setting,
 * drafting one prospect's line with the model, editing/approving and discarding it. Signed-in users
 * only; another user's campaign or prospect answers 404; a draft the model could not shape right, even
 * asked twice, answers 502 AI_UNUSABLE_ANSWER.
 */
export function firstLineRoutes({ db, writer }: { db: Database; writer: AiWriter }): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['first lines'];
    app.get(
      apiPaths.campaignFirstLines,
      {
        schema: {
          tags,
          params: idParams,
          querystring: firstLineListQuerySchema,
          response: { 200: firstLinePageSchema },
        },
      },
      async (request) => listFirstLines(db, workspaceId(request), request.params.id, request.query),
    );
    app.put(
      apiPaths.campaignFirstLineSettings,
      {
        schema: {
          tags,
          params: idParams,
          body: firstLineSettingsSchema,
          response: { 200: firstLineSettingsSchema },
        },
      },
      async (request) =>
        setFirstLineApproval(db, workspaceId(request), request.params.id, request.body.requireApproval),
    );
    app.post(
      apiPaths.prospectFirstLineDraft,
      { schema: { tags, params: idParams, response: { 200: prospectFirstLineSchema } } },
      async (request) => {
        try {
          return await draftFirstLine(db, writer, actor(request), request.params.id);
        } catch (error) {
          if (!(error instanceof AiCallError)) throw error;
          request.log.warn({ err: error }, 'first line draft failed');
          throw aiFailure(error, firstLineMessages.draftFailed);
        }
      },
    );
    app.put(
      apiPaths.prospectFirstLine,
      {
        schema: {
          tags,
          params: idParams,
          body: updateFirstLineSchema,
          response: { 200: prospectFirstLineSchema },
        },
      },
      async (request) => updateFirstLine(db, workspaceId(request), request.params.id, request.body),
    );
    app.delete(
      apiPaths.prospectFirstLine,
      { schema: { tags, params: idParams, response: { 200: okSchema } } },
      async (request) => {
        await deleteFirstLine(db, workspaceId(request), request.params.id);
        return { ok: true as const };
      },
    );
  };
}
