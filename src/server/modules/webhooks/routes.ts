import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../../shared/paths';
import { okSchema } from '../../../shared/schemas/api';
import {
  createWebhookSchema,
  createdWebhookSchema,
  updateWebhookSchema,
  webhookDeliveryPageSchema,
  webhookDeliveryQuerySchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookSecretSchema,
  webhookTestResultSchema,
  WEBHOOK_TESTS_PER_MINUTE,
  webhookMessages as m,
} from '../../../shared/schemas/webhooks';
import { actor, workspaceId } from '../../auth/session';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { idParams } from '../../http/params';
import { rateLimitGuard } from '../../http/rate-limit-guard';
import { sharedWebhookClient } from '../../webhooks/client';
import type { WebhookDeliveryDeps } from '../../webhooks/deliver';
import { webhookSecretKey } from '../../webhooks/keys';
import { listDeliveries, redeliver, testEndpoint } from './deliveries-service';
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listEndpoints,
  rotateEndpointSecret,
  updateEndpoint,
} from './service';

/**
 * Settings → Webhooks (docs/product.md#webhooks, docs/decisions/025-public-api-and-webhooks.md): the
 * workspace's endpoints and their delivery logs for every member, who may also test an endpoint
 * and redeliver; adding, changing and deleting endpoints and rotating secrets for Full Access members.
 */
export function webhookRoutes({
  db,
  config,
  appSecret,
}: {
  db: Database;
  config: Config;
  appSecret: string;
}): FastifyPluginAsyncZod {
  const secretKey = webhookSecretKey(appSecret);
  // The client (and its connection pools) is made on the first test, not for every app built.
  const delivery = (): WebhookDeliveryDeps => ({
    db,
    client: sharedWebhookClient(config),
    secretKey,
    disableAfterDays: config.WEBHOOK_DISABLE_AFTER_DAYS,
  });
  const endpointDeps = () => ({ secretKey, policy: sharedWebhookClient(config).policy });
  return async (app) => {
    const tags = ['webhooks'];
    // Each test is a request to the receiver made at once: a member (or a key) clicking on cannot
    // turn the server into a load generator.
    const testLimit = rateLimitGuard(
      [
        app.createRateLimit({
          max: WEBHOOK_TESTS_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) => `webhook-test:${(request.params as { id: string }).id}`,
        }),
      ],
      m.testTooMany,
    );
    app.get(
      apiPaths.webhooks,
      { schema: { tags, response: { 200: z.array(webhookEndpointSchema) } } },
      async (request) => listEndpoints(db, workspaceId(request)),
    );
    app.post(
      apiPaths.webhooks,
      { schema: { tags, body: createWebhookSchema, response: { 201: createdWebhookSchema } } },
      async (request, reply) =>
        reply.status(201).send(await createEndpoint(db, endpointDeps(), actor(request), request.body)),
    );
    app.get(
      apiPaths.webhook,
      { schema: { tags, params: idParams, response: { 200: webhookEndpointSchema } } },
      async (request) => getEndpoint(db, workspaceId(request), request.params.id),
    );
    app.patch(
      apiPaths.webhook,
      {
        schema: {
          tags,
          params: idParams,
          body: updateWebhookSchema,
          response: { 200: webhookEndpointSchema },
        },
      },
      async (request) => updateEndpoint(db, endpointDeps(), actor(request), request.params.id, request.body),
    );
    app.delete(
      apiPaths.webhook,
      { schema: { tags, params: idParams, response: { 200: okSchema } } },
      async (request) => {
        await deleteEndpoint(db, actor(request), request.params.id);
        return { ok: true as const };
      },
    );
    app.post(
      apiPaths.webhookRotateSecret,
      { schema: { tags, params: idParams, response: { 200: webhookSecretSchema } } },
      async (request) => rotateEndpointSecret(db, { secretKey }, actor(request), request.params.id),
    );
    app.post(
      apiPaths.webhookTest,
      {
        schema: { tags, params: idParams, response: { 200: webhookTestResultSchema } },
        preHandler: testLimit,
      },
      async (request) => testEndpoint(delivery(), actor(request), request.params.id),
    );
    app.get(
      apiPaths.webhookDeliveries,
      {
        schema: {
          tags,
          params: idParams,
          querystring: webhookDeliveryQuerySchema,
          response: { 200: webhookDeliveryPageSchema },
        },
      },
      async (request) => listDeliveries(db, workspaceId(request), request.params.id, request.query),
    );
    app.post(
      apiPaths.webhookRedeliver,
      { schema: { tags, params: idParams, response: { 201: webhookDeliverySchema } } },
      async (request, reply) =>
        reply.status(201).send(await redeliver(db, actor(request), request.params.id)),
    );
  };
}
