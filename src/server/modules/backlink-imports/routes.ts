import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../shared/paths';
import {
  BACKLINK_EXPORT_MAX_BYTES,
  backlinkImportListSchema,
  backlinkImportMessages,
  backlinkImportParams,
  backlinkImportSchema,
  intersectPageSchema,
  intersectQuerySchema,
  startBacklinkImportSchema,
} from '../../../shared/schemas/backlink-imports';
import { workspaceId } from '../../auth/session';
import { AppError } from '../../http/errors';
import { idParams } from '../../http/params';
import {
  backlinkIntersect,
  getBacklinkImport,
  listBacklinkImports,
  startBacklinkImport,
  type BacklinkImportDeps,
  uploadBacklinkExport,
} from './service';

/** The upload's one file part: its name and bytes. @throws AppError 400 without a file, 413 above the limit. */
async function uploadedFile(request: FastifyRequest): Promise<{ fileName: string; bytes: Buffer }> {
  const part = await request.file().catch(() => undefined);
  if (!part) throw new AppError('VALIDATION_ERROR', backlinkImportMessages.fileOnly);
  const bytes = await part.toBuffer().catch((error: { code?: string }) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', backlinkImportMessages.tooLarge);
    throw new AppError('VALIDATION_ERROR', backlinkImportMessages.fileOnly);
  });
  return { fileName: part.filename || 'export.csv', bytes };
}

/**
 * Backlink export imports of a campaign (docs/product.md#backlink-exports, docs/decisions/033):
 * POST uploads an export (multipart, one file) and answers 201 with what was recognised, without
 * importing; POST …/:importId/start imports it (a job; 409 once started); GET lists the campaign's
 * imports or answers one with its progress; GET backlink-intersect ranks the domains linking to two
 * or more competitors in the imports and not to the campaign's site. Another workspace's campaign
 * or import answers 404.
 */
export function backlinkImportRoutes(deps: BacklinkImportDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['campaigns'];
    await app.register(multipart, {
      limits: { fileSize: BACKLINK_EXPORT_MAX_BYTES, files: 1, fields: 0, parts: 1 },
    });

    app.post(
      apiPaths.backlinkImports,
      {
        schema: {
          tags,
          params: idParams,
          consumes: ['multipart/form-data'],
          response: { 201: backlinkImportSchema },
        },
      },
      async (request, reply) => {
        const upload = await uploadedFile(request);
        const view = await uploadBacklinkExport(deps.db, workspaceId(request), request.params.id, upload);
        return reply.status(201).send(view);
      },
    );
    app.get(
      apiPaths.backlinkImports,
      { schema: { tags, params: idParams, response: { 200: backlinkImportListSchema } } },
      async (request) => listBacklinkImports(deps.db, workspaceId(request), request.params.id),
    );
    app.get(
      apiPaths.backlinkImport,
      { schema: { tags, params: backlinkImportParams, response: { 200: backlinkImportSchema } } },
      async (request) =>
        getBacklinkImport(deps.db, workspaceId(request), request.params.id, request.params.importId),
    );
    app.post(
      apiPaths.backlinkImportStart,
      {
        schema: {
          tags,
          params: backlinkImportParams,
          body: startBacklinkImportSchema,
          response: { 200: backlinkImportSchema },
        },
      },
      async (request) =>
        startBacklinkImport(
          deps,
          workspaceId(request),
          request.params.id,
          request.params.importId,
          request.body,
        ),
    );
    app.get(
      apiPaths.backlinkIntersect,
      {
        schema: {
          tags,
          params: idParams,
          querystring: intersectQuerySchema,
          response: { 200: intersectPageSchema },
        },
      },
      async (request) => backlinkIntersect(deps.db, workspaceId(request), request.params.id, request.query),
    );
  };
}
