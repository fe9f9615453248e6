import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomBytes } from 'node:crypto';
import { apiPaths } from '../../../shared/paths';
import { okSchema } from '../../../shared/schemas/api';
import { blogLimits } from '../../../shared/schemas/blog';
import {
  clientFormSchema,
  clientListQuerySchema,
  clientMessages,
  clientPageSchema,
  clientSchema,
  updateClientSchema,
} from '../../../shared/schemas/clients';
import { actor, requireFullAccess, workspaceId } from '../../auth/session';
import { clientScope } from '../../auth/client-routes';
import { AppError } from '../../http/errors';
import type { Database } from '../../db/client';
import { idParams } from '../../http/params';
import type { ImageStorage } from '../../storage/image-storage';
import { onlyFile } from '../uploads/only-file';
import { processImage } from '../uploads/process-image';
import { imageUploadMessages } from '../uploads/routes';
import { createClient, deleteClient, findClient, listClients, setClientLogo, updateClient } from './service';

/**
 * Clients (docs/product.md#clients, docs/decisions/034-clients-and-placements.md): list, read, add,
 * change, delete (Full Access), and the logo upload (one image part, stored like the blog's images).
 */
export function clientRoutes(deps: { db: Database; storage: ImageStorage }): FastifyPluginAsyncZod {
  const { db, storage } = deps;
  return async (app) => {
    await app.register(multipart, {
      limits: { fileSize: blogLimits.imageMaxBytes, files: 1, fields: 0, parts: 1 },
    });
    const tags = ['clients'];
    app.get(
      apiPaths.clients,
      { schema: { tags, querystring: clientListQuerySchema, response: { 200: clientPageSchema } } },
      async (request) => listClients(db, workspaceId(request), request.query),
    );
    app.post(
      apiPaths.clients,
      { schema: { tags, body: clientFormSchema, response: { 201: clientSchema } } },
      async (request, reply) => reply.status(201).send(await createClient(db, actor(request), request.body)),
    );
    app.get(
      apiPaths.client,
      { schema: { tags, params: idParams, response: { 200: clientSchema } } },
      async (request) => {
        // A Client-role member reads their own client only; another answers 404 (decision 040).
        const scope = clientScope(request);
        if (scope !== null && scope !== request.params.id) throw AppError.notFound(clientMessages.notFound);
        return findClient(db, workspaceId(request), request.params.id);
      },
    );
    app.patch(
      apiPaths.client,
      { schema: { tags, params: idParams, body: updateClientSchema, response: { 200: clientSchema } } },
      async (request) => updateClient(db, workspaceId(request), request.params.id, request.body),
    );
    app.delete(
      apiPaths.client,
      { schema: { tags, params: idParams, response: { 200: okSchema } } },
      async (request) => {
        requireFullAccess(request);
        await deleteClient(db, actor(request), request.params.id);
        return { ok: true as const };
      },
    );
    app.post(
      apiPaths.clientLogo,
      {
        schema: {
          tags,
          params: idParams,
          consumes: ['multipart/form-data'],
          response: { 200: clientSchema },
        },
      },
      async (request) => {
        // The client first: an upload for another workspace's client stores nothing.
        await findClient(db, workspaceId(request), request.params.id);
        const image = await processImage((await onlyFile(request, imageUploadMessages)).data);
        const url = await storage.save(`${randomBytes(16).toString('hex')}.webp`, image.data);
        return setClientLogo(db, workspaceId(request), request.params.id, url);
      },
    );
  };
}
