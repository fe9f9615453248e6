import type { FastifyRequest } from 'fastify';
import { messages } from '../../../shared/messages';
import { AppError } from '../../http/errors';

/** What @fastify/multipart reports when a form goes past the one part the plugin allows. */
const pastOnePart = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

/** The refusals of an upload, in the words of the form that takes it. */
export interface OneFileMessages {
  /** No file first (or the first part is a field). */
  fileOnly: string;
  /** Above the plugin's fileSize limit. */
  tooLarge: string;
  /** Any part after the file. */
  oneOnly: string;
}

/** The one file of an upload: its bytes and the name and type the browser gave it. */
export interface UploadedFile {
  data: Buffer;
  filename: string;
  mimetype: string;
}

/**
 * The one part of a multipart upload, which must be a file within the plugin's fileSize limit
 * (register @fastify/multipart with `files: 1, fields: 0, parts: 1`). The plugin's limits stop the
 * parser at any further part, but only a reader that asks for the next part hears of it: the parts
 * are read to their end for that.
 * @throws AppError VALIDATION_ERROR (400) without a file first, or with any part after it;
 *   PAYLOAD_TOO_LARGE (413) above the size limit.
 */
export async function onlyFile(request: FastifyRequest, words: OneFileMessages): Promise<UploadedFile> {
  const parts = request.parts();
  const first = await parts.next().catch(() => null);
  if (!first || first.done || first.value.type !== 'file') {
    throw new AppError('VALIDATION_ERROR', words.fileOnly);
  }
  const { filename, mimetype } = first.value;
  const data = await first.value.toBuffer().catch((error: { code?: string }) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', words.tooLarge);
    throw new AppError('VALIDATION_ERROR', messages.generic.invalidRequest);
  });
  const rest = await parts.next().catch((error: { code?: string }) => {
    throw new AppError(
      'VALIDATION_ERROR',
      pastOnePart.has(error.code ?? '') ? words.oneOnly : messages.generic.invalidRequest,
    );
  });
  if (!rest.done) throw new AppError('VALIDATION_ERROR', words.oneOnly);
  return { data, filename, mimetype };
}
