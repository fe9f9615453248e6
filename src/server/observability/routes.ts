import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { pingDatabase, type Database } from '../db/client';
import type { AppMetrics } from './metrics';

/** Compares two secrets in constant time (their SHA-256 digests, so lengths leak nothing either). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * The `route` label of a request's duration: its route pattern, with the SPA's hashed build files
 * (one route each, /assets/<name>-<hash>.js, hundreds of them and new ones at every release) as one
 * `/assets/*`, so the label's values stay few across releases (Prometheus's advice on cardinality).
 */
export function routeLabel(url: string | undefined): string {
  if (url === undefined) return 'unmatched';
  return url.startsWith('/assets/') ? '/assets/*' : url;
}

/**
 * Operator endpoints, outside /api and the OpenAPI document:
 * - `GET /metrics`: Prometheus text format, only with `Authorization: Bearer <METRICS_TOKEN>`
 *   (401 otherwise); 404 when METRICS_TOKEN is unset, so an install exposes nothing by default.
 * - `GET /livez`: 200 while the process answers (liveness).
 * - `GET /readyz`: 200 when the database answers, 503 otherwise (readiness: take it out of the
 *   load balancer, don't restart it).
 * Every answered request's duration is recorded by route pattern.
 */
export function registerOperatorRoutes(
  app: FastifyInstance,
  { db, metrics, token }: { db: Database; metrics: AppMetrics; token: string | undefined },
): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(
      request.method,
      routeLabel(request.routeOptions.url),
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  app.get('/livez', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const up = await pingDatabase(db);
    return reply
      .status(up ? 200 : 503)
      .send({ status: up ? 'ok' : 'unavailable', database: up ? 'up' : 'down' });
  });
  app.get(
    '/metrics',
    { schema: { hide: true }, config: { ownBearerToken: true } },
    async (request, reply) => {
      if (!token) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!sameSecret(given, token)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({
            error: { code: 'UNAUTHORIZED', message: 'The metrics need the METRICS_TOKEN as a Bearer token.' },
          });
      }
      return reply
        .header('content-type', metrics.registry.contentType)
        .send(await metrics.registry.metrics());
    },
  );
}
