import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../shared/paths';
import {
  claimListQuerySchema,
  claimPageSchema,
  claimSchema,
  moveClaimSchema,
} from '../../../shared/schemas/claims';
import { actor, workspaceId } from '../../auth/session';
import type { Database } from '../../db/client';
import { idParams } from '../../http/params';
import { contentDisposition } from '../inbox/content-routes';
import { claimSnapshot, findClaim, listClaims, moveClaim } from './service';

/**
 * Replacement claims of the placement ledger (docs/product.md#warranty-claims,
 * docs/decisions/038-warranty-claims.md): list (waiting, all or one state; per placement), read
 * with its proof, move through its states, and the stored page snapshot as a sandboxed download.
 */
export function claimRoutes(deps: { db: Database }): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    const tags = ['placements'];
    app.get(
      apiPaths.claims,
      { schema: { tags, querystring: claimListQuerySchema, response: { 200: claimPageSchema } } },
      async (request) => listClaims(db, workspaceId(request), request.query),
    );
    app.get(
      apiPaths.claim,
      { schema: { tags, params: idParams, response: { 200: claimSchema } } },
      async (request) => findClaim(db, workspaceId(request), request.params.id),
    );
    app.post(
      apiPaths.claimStatus,
      { schema: { tags, params: idParams, body: moveClaimSchema, response: { 200: claimSchema } } },
      async (request) => moveClaim(db, actor(request), request.params.id, request.body),
    );
    app.get(
      apiPaths.claimSnapshot,
      { schema: { tags, params: idParams, produces: ['application/octet-stream'] } },
      async (request, reply) => {
        const file = await claimSnapshot(db, workspaceId(request), request.params.id);
        // The publisher's page is someone else's HTML: downloaded, never rendered as a page of the app's origin.
        return reply
          .header('content-type', 'application/octet-stream')
          .header('content-disposition', contentDisposition(file.fileName))
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', 'sandbox')
          .header('cache-control', 'private, no-store')
          .send(file.html);
      },
    );
  };
}
