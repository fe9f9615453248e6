import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../../shared/paths';
import { workspaceId } from '../../auth/session';
import type { Database } from '../../db/client';
import { inboundAttachments } from '../../db/schema/inbox';
import { inboundMessages } from '../../db/schema/outreach';
import { AppError } from '../../http/errors';
import type { AttachmentStorage } from '../../inbox/attachment-storage';
import { mailHtmlCsp, mailHtmlDocument } from '../../inbox/mail-html';

const tags = ['inbox'];
const idParams = z.object({ id: z.uuid() });

/**
 * The content of inbound messages (docs/decisions/024-inbox.md), for members of the message's
 * workspace; an iframe and a download link cannot send X-Workspace-Id, so both also take the
 * `workspace` query parameter (auth/session.ts). Anything of another workspace answers 404.
 * - `GET /api/inbox/messages/:id/html[?images=1]`: the message's HTML, cleaned (inbox/mail-html.ts)
 *   and served as a sandboxed document that loads nothing remote unless `images=1`; 404 when the
 *   message has no HTML.
 * - `GET /api/inbox/attachments/:id`: a kept attachment, always as a download (never rendered by
 *   the browser); 404 when it was too large to keep.
 */
export function inboxContentRoutes({
  db,
  attachments,
}: {
  db: Database;
  attachments: AttachmentStorage;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiPaths.inboxMessageHtml,
      {
        schema: {
          tags,
          params: idParams,
          querystring: z.object({ images: z.enum(['0', '1']).optional() }),
          produces: ['text/html'],
        },
      },
      async (request, reply) => {
        const [message] = await db
          .select({ html: inboundMessages.html })
          .from(inboundMessages)
          .where(
            and(
              eq(inboundMessages.id, request.params.id),
              eq(inboundMessages.workspaceId, workspaceId(request)),
            ),
          );
        if (message?.html == null) throw AppError.notFound();
        const options = { images: request.query.images === '1' };
        return reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('content-security-policy', mailHtmlCsp(options))
          .header('x-content-type-options', 'nosniff')
          .header('referrer-policy', 'no-referrer')
          .header('x-frame-options', 'SAMEORIGIN')
          .header('cache-control', 'private, no-store')
          .send(mailHtmlDocument(message.html, options));
      },
    );

    app.get(
      apiPaths.inboxAttachment,
      { schema: { tags, params: idParams, produces: ['application/octet-stream'] } },
      async (request, reply) => {
        const [attachment] = await db
          .select({ filename: inboundAttachments.filename, storageKey: inboundAttachments.storageKey })
          .from(inboundAttachments)
          .where(
            and(
              eq(inboundAttachments.id, request.params.id),
              eq(inboundAttachments.workspaceId, workspaceId(request)),
            ),
          );
        const file = attachment?.storageKey ? await attachments.open(attachment.storageKey) : null;
        if (!attachment || !file) throw AppError.notFound();
        // Whatever the sender said the file is, the browser gets bytes to save, never a page to render.
        return reply
          .header('content-type', 'application/octet-stream')
          .header('content-disposition', contentDisposition(attachment.filename))
          .header('content-length', file.bytes)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', 'sandbox')
          .header('cache-control', 'private, no-store')
          .send(file.stream);
      },
    );
  };
}

/**
 * `attachment` with the file name twice (RFC 6266 §4.3): `filename*` in UTF-8 (RFC 8187) and an
 * ASCII `filename` for clients that do not read it.
 */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
