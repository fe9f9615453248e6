import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../shared/paths';
import { okSchema } from '../../../shared/schemas/api';
import {
  contactInputSchema,
  contactLimits,
  contactMessageListSchema,
  contactMessages,
} from '../../../shared/schemas/contact';
import { pageQuerySchema } from '../../../shared/schemas/pagination';
import { requireAdmin } from '../../auth/require-admin';
import type { Database } from '../../db/client';
import { rateLimitGuard } from '../../http/rate-limit-guard';
import { clientKey } from '../../http/client-address';
import { listContactMessages, saveContactMessage } from './service';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The contact form (docs/product.md#public-pages, docs/product.md#validation): `POST /api/contact` stores a valid message, at most 5 per IP
 * per hour (invalid ones do not count). Public.
 */
export function contactMessageRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    const limit = rateLimitGuard(
      [
        app.createRateLimit({
          max: contactLimits.perIpPerHour,
          timeWindow: HOUR_MS,
          keyGenerator: (request: FastifyRequest) => `contact:ip:${clientKey(request.ip)}`,
        }),
      ],
      contactMessages.tooMany,
    );

    app.post(
      apiPaths.contact,
      {
        schema: { tags: ['contact'], body: contactInputSchema, response: { 201: okSchema } },
        preHandler: limit,
      },
      async (request, reply) => {
        await saveContactMessage(db, request.body, request.ip);
        return reply.status(201).send({ ok: true as const });
      },
    );
  };
}

/** `GET /api/contact/messages`: the stored messages, for admins; registered in the signed-in scope. */
export function contactAdminRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiPaths.contactMessages,
      {
        schema: {
          tags: ['contact'],
          querystring: pageQuerySchema,
          response: { 200: contactMessageListSchema },
        },
        preValidation: requireAdmin(db),
      },
      async (request) => listContactMessages(db, request.query.page),
    );
  };
}
