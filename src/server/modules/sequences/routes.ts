import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../../shared/paths';
import { okSchema } from '../../../shared/schemas/api';
import { cursorQueryField, pageSchema, withPageCursor } from '../../../shared/schemas/pagination';
import {
  sequenceInputSchema,
  sequenceSchema,
  sequenceTemplateSchema,
} from '../../../shared/schemas/sequences';
import { actor, workspaceId } from '../../auth/session';
import type { Database } from '../../db/client';
import { createSequence, deleteSequence, getSequence, listSequences, updateSequence } from './service';
import { listTemplates } from './templates';
import { idParams } from '../../http/params';

const pageQuery = withPageCursor(
  z.strictObject({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(50),
    cursor: cursorQueryField,
  }),
);

/** Email sequences of the signed-in user and the shipped templates (docs/product.md#api). */
export function sequenceRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['sequences'];

    app.get(
      apiPaths.sequenceTemplates,
      { schema: { tags, response: { 200: z.array(sequenceTemplateSchema) } } },
      async () => listTemplates(db),
    );
    app.get(
      apiPaths.sequences,
      {
        schema: {
          tags,
          querystring: pageQuery,
          response: { 200: pageSchema(sequenceSchema) },
        },
      },
      async (request) => listSequences(db, workspaceId(request), request.query.page, request.query.pageSize),
    );
    app.get(
      `${apiPaths.sequences}/:id`,
      { schema: { tags, params: idParams, response: { 200: sequenceSchema } } },
      async (request) => getSequence(db, workspaceId(request), request.params.id),
    );
    app.post(
      apiPaths.sequences,
      { schema: { tags, body: sequenceInputSchema, response: { 201: sequenceSchema } } },
      async (request, reply) =>
        reply.status(201).send(await createSequence(db, actor(request), request.body)),
    );
    app.put(
      `${apiPaths.sequences}/:id`,
      { schema: { tags, params: idParams, body: sequenceInputSchema, response: { 200: sequenceSchema } } },
      async (request) => updateSequence(db, actor(request), request.params.id, request.body),
    );
    app.delete(
      `${apiPaths.sequences}/:id`,
      { schema: { tags, params: idParams, response: { 200: okSchema } } },
      async (request) => {
        await deleteSequence(db, actor(request), request.params.id);
        return { ok: true as const };
      },
    );
  };
}
