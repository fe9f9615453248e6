import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { apiPaths, sitePaths } from '../../../shared/paths';
import { blogLimits, blogMessages, uploadedImageSchema } from '../../../shared/schemas/blog';
import { requireAdmin } from '../../auth/require-admin';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import type { ImageStorage } from '../../storage/image-storage';
import { onlyFile, type OneFileMessages } from './only-file';
import { processImage } from './process-image';

const storedName = /^[a-f0-9]{32}\.webp$/;
const megabytes = blogLimits.imageMaxBytes / (1024 * 1024);

/** The refusals of an image upload (the blog's and a client's logo). */
export const imageUploadMessages: OneFileMessages = {
  fileOnly: blogMessages.imageOnly,
  tooLarge: blogMessages.imageTooLarge(megabytes),
  oneOnly: blogMessages.oneImageOnly,
};

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
        const image = await processImage((await onlyFile(request, imageUploadMessages)).data);
        const url = await storage.save(`${randomBytes(16).toString('hex')}.webp`, image.data);
        return reply
          .status(201)
          .send({ url, width: image.width, height: image.height, bytes: image.data.length });
      },
    );
  };
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
