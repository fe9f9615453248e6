import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { OutreachKeys } from '../../keys';
import { recordHit, unsubscribe } from '../../outreach/tracking/events';
import { trackingPaths } from '../../outreach/tracking/links';
import { isAutomatedHit } from '../../outreach/tracking/scanners';
import { verifyToken } from '../../outreach/tracking/tokens';
import { unsubscribePage } from './page';

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const tokenParams = z.object({ token: z.string().min(1).max(4096) });

/**
 * The links inside outreach messages, answered without sign-in (docs/decisions/009-outreach-sending.md): the open pixel, the
 * click redirect (only to the URL signed into its token, so it is no open redirect) and the
 * unsubscribe link with its RFC 8058 one-click POST (the sending mailbox's health is judged again,
 * with `config` for its alert email).
 */
export function trackingRoutes({
  db,
  keys,
  config,
}: {
  db: Database;
  keys: OutreachKeys;
  config: Config;
}): FastifyPluginAsyncZod {
  return async (app) => {
    // RFC 8058 one-click requests are form posts; the body carries nothing we need.
    app.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string' },
      (_req, _body, done) => done(null, undefined),
    );
    const visitor = (request: { headers: Record<string, unknown>; ip: string }) => ({
      userAgent:
        typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
      ipAddress: request.ip,
    });
    const noStore = { 'cache-control': 'no-store, private', 'x-robots-tag': 'noindex' };

    app.get(trackingPaths.open, { schema: { hide: true, params: tokenParams } }, async (request, reply) => {
      const payload = verifyToken(keys.tracking, 'open', request.params.token.replace(/\.gif$/, ''));
      if (payload) await recordHit(db, payload.m, 'open', visitor(request), new Date());
      return reply.headers({ ...noStore, 'content-type': 'image/gif' }).send(PIXEL);
    });

    app.get(trackingPaths.click, { schema: { hide: true, params: tokenParams } }, async (request, reply) => {
      const payload = verifyToken(keys.tracking, 'click', request.params.token);
      if (!payload?.u || !/^https?:\/\//i.test(payload.u)) {
        return reply
          .status(404)
          .headers(noStore)
          .type('text/html')
          .send(unsubscribePage('Link not found', 'This link is not valid.'));
      }
      await recordHit(db, payload.m, 'click', visitor(request), new Date(), payload.u);
      return reply.headers(noStore).redirect(payload.u, 302);
    });

    const invalid = unsubscribePage(
      'Link not valid',
      'This unsubscribe link is not valid. Reply to the message and ask to be removed.',
    );
    const done = (email: string) =>
      unsubscribePage('You are unsubscribed', `${email} will not receive further messages from this sender.`);

    app.get(
      trackingPaths.unsubscribe,
      { schema: { hide: true, params: tokenParams } },
      async (request, reply) => {
        reply.headers(noStore).type('text/html');
        const payload = verifyToken(keys.tracking, 'unsubscribe', request.params.token);
        if (!payload) return reply.status(404).send(invalid);
        // Link scanners fetch every URL in a message: they get a button to press, not an unsubscribe.
        if (isAutomatedHit({ userAgent: visitor(request).userAgent, sinceSendMs: Number.MAX_SAFE_INTEGER })) {
          return reply.send(
            unsubscribePage('Unsubscribe', 'Press the button to stop receiving these messages.', request.url),
          );
        }
        const email = await unsubscribe(db, payload.m, config);
        return email ? reply.send(done(email)) : reply.status(404).send(invalid);
      },
    );

    app.post(
      trackingPaths.unsubscribe,
      { schema: { hide: true, params: tokenParams } },
      async (request, reply) => {
        reply.headers(noStore).type('text/html');
        const payload = verifyToken(keys.tracking, 'unsubscribe', request.params.token);
        const email = payload ? await unsubscribe(db, payload.m, config) : null;
        return email ? reply.send(done(email)) : reply.status(404).send(invalid);
      },
    );
  };
}
