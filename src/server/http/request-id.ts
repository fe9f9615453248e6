import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { REQUEST_ID_HEADER, requestIdFor, runWithContext } from '../observability/request-context';

/**
 * Fastify's request-id options: the id is the request's safe X-Request-Id or a new UUID
 * (request-context.ts). Its log lines name it `requestId` (request-log.ts's LogController).
 */
export const requestIdOptions: Pick<FastifyServerOptions, 'genReqId' | 'requestIdHeader'> = {
  requestIdHeader: false,
  genReqId: (request) => requestIdFor(request.headers[REQUEST_ID_HEADER]),
};

/**
 * Answers every request with its id in X-Request-Id and runs its hooks and handler in its work
 * context, so a job it queues (sendJob) carries the id (docs/decisions/041-request-ids-and-system-page.md).
 * The context is entered twice: at onRequest, and again at preHandler, because a body is read in
 * the socket's own async context, which the handler would otherwise continue in.
 */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    runWithContext({ requestId: request.id }, done);
  });
  app.addHook('preHandler', (request, _reply, done) => {
    runWithContext({ requestId: request.id }, done);
  });
}
