import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../../shared/paths';
import { apiKeySchema, createApiKeySchema, createdApiKeySchema } from '../../../shared/schemas/api-keys';
import { actor, workspaceId } from '../../auth/session';
import type { Database } from '../../db/client';
import { idParams } from '../../http/params';
import { createApiKey, listApiKeys, revokeApiKey } from './service';

/**
 * Settings → API keys (docs/decisions/025-public-api-and-webhooks.md): the workspace's keys for
 * every member; creating (the secret answered once) and revoking for Full Access members. Session
 * only: app.ts registers these routes where API keys are refused, so a leaked key cannot mint more.
 */
export function apiKeyRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['api-keys'];
    app.get(
      apiPaths.apiKeys,
      { schema: { tags, response: { 200: z.array(apiKeySchema) } } },
      async (request) => listApiKeys(db, workspaceId(request)),
    );
    app.post(
      apiPaths.apiKeys,
      { schema: { tags, body: createApiKeySchema, response: { 201: createdApiKeySchema } } },
      async (request, reply) => reply.status(201).send(await createApiKey(db, actor(request), request.body)),
    );
    app.delete(
      apiPaths.apiKey,
      { schema: { tags, params: idParams, response: { 200: apiKeySchema } } },
      async (request) => revokeApiKey(db, actor(request), request.params.id),
    );
  };
}
