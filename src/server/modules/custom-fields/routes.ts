import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../../shared/paths';
import { okSchema } from '../../../shared/schemas/api';
import {
  createCustomFieldSchema,
  customFieldSchema,
  importMappingQuerySchema,
  importMappingResultSchema,
  importMappingSchema,
  updateCustomFieldSchema,
} from '../../../shared/schemas/custom-fields';
import { actor, workspaceId } from '../../auth/session';
import type { Database } from '../../db/client';
import { idParams } from '../../http/params';
import { importMappingFor, saveImportMapping } from './import-mappings';
import { createCustomField, deleteCustomField, listCustomFields, updateCustomField } from './service';

/**
 * Settings → Custom fields (docs/product.md#custom-fields, docs/decisions/044-custom-fields.md): every
 * member reads the workspace's fields; Full Access members add, rename, reorder and delete them.
 * The CSV import's remembered column mappings, read and saved by any member.
 */
export function customFieldRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['custom fields'];
    app.get(
      apiPaths.customFields,
      { schema: { tags, response: { 200: z.object({ items: z.array(customFieldSchema) }) } } },
      async (request) => ({ items: await listCustomFields(db, workspaceId(request)) }),
    );
    app.post(
      apiPaths.customFields,
      { schema: { tags, body: createCustomFieldSchema, response: { 200: customFieldSchema } } },
      async (request) => createCustomField(db, actor(request), request.body),
    );
    app.patch(
      apiPaths.customField,
      {
        schema: {
          tags,
          params: idParams,
          body: updateCustomFieldSchema,
          response: { 200: customFieldSchema },
        },
      },
      async (request) => updateCustomField(db, actor(request), request.params.id, request.body),
    );
    app.delete(
      apiPaths.customField,
      { schema: { tags, params: idParams, response: { 200: okSchema } } },
      async (request) => {
        await deleteCustomField(db, actor(request), request.params.id);
        return { ok: true as const };
      },
    );
    app.get(
      apiPaths.prospectImportMappings,
      {
        schema: { tags, querystring: importMappingQuerySchema, response: { 200: importMappingResultSchema } },
      },
      async (request) => ({
        mapping: await importMappingFor(db, workspaceId(request), request.query.headers),
      }),
    );
    app.put(
      apiPaths.prospectImportMappings,
      { schema: { tags, body: importMappingSchema, response: { 200: importMappingResultSchema } } },
      async (request) => ({ mapping: await saveImportMapping(db, workspaceId(request), request.body) }),
    );
  };
}
