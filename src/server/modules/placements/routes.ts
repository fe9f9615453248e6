import multipart from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../shared/paths';
import { okSchema } from '../../../shared/schemas/api';
import {
  createPlacementSchema,
  invoiceLimits,
  placementExportQuerySchema,
  placementImportResultSchema,
  placementImportSchema,
  placementListQuerySchema,
  placementMessages as m,
  placementPageSchema,
  placementSchema,
  placementTotalsQuerySchema,
  placementTotalsSchema,
  updatePlacementSchema,
  type Placement,
} from '../../../shared/schemas/placements';
import { emit } from '../../events/emit';
import { actor, workspaceId } from '../../auth/session';
import { clientScope } from '../../auth/client-routes';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import { idParams } from '../../http/params';
import { newAttachmentKey, type AttachmentStorage } from '../../inbox/attachment-storage';
import { contentDisposition } from '../inbox/content-routes';
import { onlyFile } from '../uploads/only-file';
import { importPlacementsCsv, placementsCsv, placementsExportFileName } from './csv';
import {
  allPlacements,
  createPlacement,
  deletePlacement,
  findPlacement,
  listPlacements,
  placementFromLiveLink,
  placementRow,
  setPlacementInvoice,
  updatePlacement,
} from './service';
import { placementTotals } from './totals';

const invoiceWords = {
  fileOnly: m.invoiceOnly,
  tooLarge: m.invoiceTooLarge(invoiceLimits.maxBytes / (1024 * 1024)),
  oneOnly: m.invoiceOnly,
};

/**
 * The filters of a list or totals request, narrowed to the member's client when they have the
 * Client role (docs/decisions/040-client-role.md): whatever client they name, they see their own.
 */
function forClient<Q extends { clientId?: string | undefined }>(request: FastifyRequest, query: Q): Q {
  const scope = clientScope(request);
  return scope === null ? query : { ...query, clientId: scope };
}

/**
 * A placement as a Client-role member reads it (docs/decisions/040-client-role.md): the agency's own
 * bookkeeping — its notes, the inbox conversation, the site owner's invoice — stays out.
 */
function clientView(placement: Placement): Placement {
  return { ...placement, notes: '', threadId: null, invoiceNumber: null, invoice: null };
}

/**
 * The placement ledger (docs/product.md#placements, docs/decisions/034-clients-and-placements.md):
 * list, totals per client/campaign/month and currency, CSV export and import, read, add by hand or
 * from a live link, change, delete, and the invoice file (one PDF or image, kept private like
 * reply attachments, its type read from its bytes).
 */
export function placementRoutes(deps: {
  db: Database;
  attachments: AttachmentStorage;
}): FastifyPluginAsyncZod {
  const { db, attachments } = deps;
  return async (app) => {
    await app.register(multipart, {
      limits: { fileSize: invoiceLimits.maxBytes, files: 1, fields: 0, parts: 1 },
    });
    const tags = ['placements'];
    app.get(
      apiPaths.placements,
      { schema: { tags, querystring: placementListQuerySchema, response: { 200: placementPageSchema } } },
      async (request) => {
        const page = await listPlacements(db, workspaceId(request), forClient(request, request.query));
        return clientScope(request) === null ? page : { ...page, items: page.items.map(clientView) };
      },
    );
    app.get(
      apiPaths.placementTotals,
      { schema: { tags, querystring: placementTotalsQuerySchema, response: { 200: placementTotalsSchema } } },
      async (request) => placementTotals(db, workspaceId(request), forClient(request, request.query)),
    );
    app.get(
      apiPaths.placementsExport,
      { schema: { tags, querystring: placementExportQuerySchema, produces: ['text/csv'] } },
      async (request, reply) => {
        const acting = actor(request);
        const fileName = placementsExportFileName(new Date());
        const csv = placementsCsv(await allPlacements(db, acting.workspaceId, request.query));
        await emit(db, {
          type: 'export.downloaded',
          workspaceId: acting.workspaceId,
          actor: acting,
          payload: { fileName },
        });
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', contentDisposition(fileName))
          .header('cache-control', 'private, no-store')
          .send(csv);
      },
    );
    app.post(
      apiPaths.placementsImport,
      { schema: { tags, body: placementImportSchema, response: { 200: placementImportResultSchema } } },
      async (request) => importPlacementsCsv(db, actor(request), request.body.csv),
    );
    app.post(
      apiPaths.placements,
      { schema: { tags, body: createPlacementSchema, response: { 201: placementSchema } } },
      async (request, reply) =>
        reply.status(201).send(await createPlacement(db, actor(request), request.body)),
    );
    app.post(
      apiPaths.liveLinkPlacement,
      { schema: { tags, params: idParams, response: { 200: placementSchema } } },
      async (request) => placementFromLiveLink(db, actor(request), request.params.id),
    );
    app.get(
      apiPaths.placement,
      { schema: { tags, params: idParams, response: { 200: placementSchema } } },
      async (request) => {
        const scope = clientScope(request);
        const placement = await findPlacement(db, workspaceId(request), request.params.id, scope);
        return scope === null ? placement : clientView(placement);
      },
    );
    app.patch(
      apiPaths.placement,
      { schema: { tags, params: idParams, body: updatePlacementSchema, response: { 200: placementSchema } } },
      async (request) => updatePlacement(db, actor(request), request.params.id, request.body),
    );
    app.delete(
      apiPaths.placement,
      { schema: { tags, params: idParams, response: { 200: okSchema } } },
      async (request) => {
        const invoiceKey = await deletePlacement(db, workspaceId(request), request.params.id);
        if (invoiceKey) await attachments.remove(invoiceKey);
        return { ok: true as const };
      },
    );
    app.put(
      apiPaths.placementInvoice,
      {
        schema: {
          tags,
          params: idParams,
          consumes: ['multipart/form-data'],
          response: { 200: placementSchema },
        },
      },
      async (request) => {
        const acting = actor(request);
        // The placement first: an upload for another workspace's placement stores nothing.
        await placementRow(db, acting.workspaceId, request.params.id);
        const upload = await onlyFile(request, invoiceWords);
        const type = await fileTypeFromBuffer(upload.data);
        if (!type || !(invoiceLimits.contentTypes as readonly string[]).includes(type.mime))
          throw new AppError('VALIDATION_ERROR', m.invoiceOnly);
        const key = newAttachmentKey();
        await attachments.save(key, upload.data);
        const fileName = (upload.filename || `invoice.${type.ext}`).slice(0, 200);
        const replaced = await setPlacementInvoice(db, acting, request.params.id, {
          key,
          fileName,
          contentType: type.mime,
          bytes: upload.data.length,
        }).catch(async (error: unknown) => {
          await attachments.remove(key);
          throw error;
        });
        if (replaced) await attachments.remove(replaced);
        return findPlacement(db, acting.workspaceId, request.params.id);
      },
    );
    app.get(
      apiPaths.placementInvoice,
      { schema: { tags, params: idParams, produces: ['application/octet-stream'] } },
      async (request, reply) => {
        const row = await placementRow(db, workspaceId(request), request.params.id);
        const file = row.invoiceKey ? await attachments.open(row.invoiceKey) : null;
        if (!file) throw AppError.notFound();
        // Downloaded, never rendered as a page of the app's origin.
        return reply
          .header('content-type', row.invoiceContentType ?? 'application/octet-stream')
          .header('content-disposition', contentDisposition(row.invoiceFileName ?? 'invoice'))
          .header('content-length', file.bytes)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', 'sandbox')
          .header('cache-control', 'private, no-store')
          .send(file.stream);
      },
    );
    app.delete(
      apiPaths.placementInvoice,
      { schema: { tags, params: idParams, response: { 200: placementSchema } } },
      async (request) => {
        const acting = actor(request);
        const replaced = await setPlacementInvoice(db, acting, request.params.id, null);
        if (replaced) await attachments.remove(replaced);
        return findPlacement(db, acting.workspaceId, request.params.id);
      },
    );
  };
}
