import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../shared/paths';
import { workspaceId } from '../../auth/session';
import type { EventHub } from '../../events/listen';
import { openSseStream, type SseStream } from '../../http/sse';

/** A comment this often keeps proxies and load balancers (often 30–60 s idle limits) from closing the stream (ms). */
export const HEARTBEAT_MS = 25_000;
/** The browser's wait before reconnecting a dropped stream (ms). */
export const RETRY_MS = 3_000;

/**
 * GET /api/events (docs/decisions/019-live-updates.md): a server-sent-event stream of what changed
 * for the signed-in user, one `{type, campaignId?}` message per event, a comment every HEARTBEAT_MS.
 * Only the user's own events reach it. Streams end when the client goes, when the LISTEN connection
 * is lost (the browser reconnects and refetches) and when the server closes.
 * @throws AppError UNAUTHORIZED (401) without a session.
 */
export function eventRoutes({ events: hub }: { events: EventHub }): FastifyPluginAsyncZod {
  return async (app) => {
    const open = new Set<SseStream>();
    // Streams never end by themselves: without this, closing the server would wait for every tab.
    app.addHook('preClose', async () => {
      for (const stream of open) stream.close();
    });

    app.get(apiPaths.events, { schema: { tags: ['events'], hide: true } }, async (request, reply) => {
      const stream = openSseStream(reply, { retryMs: RETRY_MS });
      open.add(stream);
      const unsubscribe = hub.subscribe({
        workspaceId: workspaceId(request),
        onEvent: (event) => stream.send(event),
        onLost: () => stream.close(),
      });
      const heartbeat = setInterval(() => stream.comment('heartbeat'), HEARTBEAT_MS);
      stream.onClose(() => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(stream);
      });
    });
  };
}
