import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { messages } from '../../../shared/messages';
import { apiPaths, sitePaths } from '../../../shared/paths';
import { blogLimits, blogMessages, uploadedImageSchema } from '../../../shared/schemas/blog';
import { requireAdmin } from '../../auth/require-admin';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import type { ImageStorage } from './image-storage';
import { processImage } from './process-image';

const storedName = /^[a-f0-9]{32}\.webp$/;
const megabytes = blogLimits.imageMaxBytes / (1024 * 1024);

/**
 * Blog image uploads (stored under a random filename, answered with their public URL),
 * registered in the signed-in scope: `POST /api/uploads/images` (admins only, with the session; one
 * multipart part, the file, at most 5 MB) answers 201 with the URL.
 */
export function imageUploadRoutes({
  db,
  storage,
}: {
  db: Database;
  storage: ImageStorage;
}): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, {
      limits: { fileSize: blogLimits.imageMaxBytes, files: 1, fields: 0, parts: 1 },
    });

    app.post(
      apiPaths.imageUploads,
      {
        schema: { tags: ['blog'], consumes: ['multipart/form-data'], response: { 201: uploadedImageSchema } },
        preValidation: requireAdmin(db),
      },
      async (request, reply) => {
        const image = await processImage(await onlyFile(request));
        const url = await storage.save(`${randomBytes(16).toString('hex')}.webp`, image.data);
        return reply
          .status(201)
          .send({ url, width: image.width, height: image.height, bytes: image.data.length });
      },
    );
  };
}

/** What @fastify/multipart reports when a form goes past the one part the plugin allows. */
const pastOnePart = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * The bytes of an upload's one part, which must be a file of at most blogLimits.imageMaxBytes.
 * The plugin's limits (one part, one file, no fields) stop the parser at any further part, but only
 * a reader that asks for the next part hears of it: the parts are read to their end for that.
 * @throws AppError VALIDATION_ERROR (400) without a file first, or with any part after it;
 *   PAYLOAD_TOO_LARGE (413) above the size limit.
 */
async function onlyFile(request: FastifyRequest): Promise<Buffer> {
  const parts = request.parts();
  const first = await parts.next().catch(() => null);
  if (!first || first.done || first.value.type !== 'file') {
    throw new AppError('VALIDATION_ERROR', blogMessages.imageOnly);
  }
  const data = await first.value.toBuffer().catch((error: { code?: string }) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', blogMessages.imageTooLarge(megabytes));
    throw new AppError('VALIDATION_ERROR', messages.generic.invalidRequest);
  });
  const rest = await parts.next().catch((error: { code?: string }) => {
    throw new AppError(
      'VALIDATION_ERROR',
      pastOnePart.has(error.code ?? '') ? blogMessages.oneImageOnly : messages.generic.invalidRequest,
    );
  });
  if (!rest.done) throw new AppError('VALIDATION_ERROR', blogMessages.oneImageOnly);
  return data;
}

/** `GET /uploads/<name>`: serves stored images, public, with a one-year immutable cache lifetime. */
export function uploadedImageRoutes({ storage }: { storage: ImageStorage }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      `${sitePaths.uploads}:name`,
      { schema: { hide: true, params: z.object({ name: z.string() }) } },
      async (request, reply) => {
        const file = storedName.test(request.params.name) ? await storage.open(request.params.name) : null;
        if (!file) throw AppError.notFound();
        return reply
          .header('content-type', 'image/webp')
          .header('content-length', file.bytes)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(file.stream);
      },
    );
  };
}
