import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../shared/paths';
import { healthSchema } from '../../../shared/schemas/api';
import { pingDatabase, type Database } from '../../db/client';

/** `GET /api/health`: 200 with database 'up', or 503 'degraded' when the database does not answer. */
export function healthRoutes({ db, version }: { db: Database; version: string }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiPaths.health,
      { schema: { tags: ['system'], response: { 200: healthSchema, 503: healthSchema } } },
      async (_request, reply) => {
        const up = await pingDatabase(db);
        return reply
          .status(up ? 200 : 503)
          .send({ status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down', version });
      },
    );
  };
}
