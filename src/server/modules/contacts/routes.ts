import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { contactsExportFileName } from '../../../shared/csv/contacts-csv';
import { apiPaths } from '../../../shared/paths';
import {
  contactFiltersSchema,
  contactListQuerySchema,
  contactPageSchema,
  domainMemorySchema,
  setDoNotContactSchema,
} from '../../../shared/schemas/prospects';
import { emit } from '../../events/emit';
import { actor, workspaceId } from '../../auth/session';
import type { Database } from '../../db/client';
import { setDoNotContact } from '../../outreach/domain-memory';
import { exportContactsCsv, listContacts } from './service';

/**
 * Contacts (docs/product.md#contacts): `GET /api/contacts` pages through the user's prospects across
 * campaigns; `GET /api/contacts/export` streams them as contacts_export_{YYYY-MM-DD}.csv (docs/product.md#limits);
 * `PUT /api/domain-memory` sets or clears a domain's do-not-contact flag (docs/decisions/011-replies-history-and-domain-memory.md).
 */
export function contactRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['contacts'];
    app.get(
      apiPaths.contacts,
      {
        schema: { tags, querystring: contactListQuerySchema, response: { 200: contactPageSchema } },
      },
      async (request) => listContacts(db, workspaceId(request), request.query),
    );
    app.put(
      apiPaths.domainMemory,
      {
        schema: { tags, body: setDoNotContactSchema, response: { 200: domainMemorySchema } },
      },
      async (request) =>
        setDoNotContact(db, workspaceId(request), request.body.domain, request.body.doNotContact),
    );
    app.get(
      apiPaths.contactsExport,
      { schema: { tags, querystring: contactFiltersSchema } },
      async (request, reply) => {
        const fileName = contactsExportFileName(new Date());
        const acting = actor(request);
        const { workspaceId } = acting;
        await emit(db, {
          type: 'export.downloaded',
          workspaceId,
          actor: acting,
          payload: { fileName },
        });
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'no-store')
          .send(Readable.from(exportContactsCsv(db, workspaceId, request.query)));
      },
    );
  };
}
