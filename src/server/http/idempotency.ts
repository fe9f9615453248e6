import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { apiPaths } from '../../shared/paths';
import type { ErrorResponse } from '../../shared/schemas/api';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema/idempotency-keys';
import { clientKey } from './client-address';

/** The request header a client sends (one fresh value per user action, the same on retries). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer that is the stored first answer of an earlier request with the same key. */
export const REPLAYED_HEADER = 'idempotent-replayed';

/** The POST routes that create things, where a repeated request must not create a second one. */
export const IDEMPOTENT_ROUTES: ReadonlySet<string> = new Set([
  apiPaths.signUp,
  apiPaths.contact,
  apiPaths.campaigns,
  apiPaths.campaignEnrollment,
  apiPaths.prospectEnrollment,
  apiPaths.findProspects,
  apiPaths.campaignProspects,
  apiPaths.competitorGapProspects,
  apiPaths.sequences,
  apiPaths.liveLinks,
  apiPaths.blogPosts,
  apiPaths.emailAccounts,
]);

/** Stored answers are replayed for this long (ms); an older key counts as new. */
export const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** How long a duplicate waits (ms) for the first request to finish before answering 409. */
export const IN_PROGRESS_WAIT_MS = 15_000;
const POLL_MS = 50;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const idempotencyMessages = {
  badKey: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
  inProgress: 'This request is already being processed. Please wait a moment and reload.',
  reused: 'This Idempotency-Key was already used for a different request.',
} as const;

interface Claim {
  scope: string;
  key: string;
}

/** Requests that claimed their key: their answer is stored when it is sent. */
const claims = new WeakMap<FastifyRequest, Claim>();

const errorBody = (code: ErrorResponse['error']['code'], message: string): string =>
  JSON.stringify({ error: { code, message } } satisfies ErrorResponse);

function sendJson(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.status(status).header('content-type', 'application/json; charset=utf-8').send(body);
}

/**
 * Honours the `Idempotency-Key` request header on IDEMPOTENT_ROUTES (docs/decisions/018-idempotency-keys.md,
 * after the IETF draft "The Idempotency-Key HTTP Header Field"). The first request with a key
 * claims it (a row in `idempotency_keys`, unique per scope and key; the scope is the signed-in
 * user, or for sign-up and the contact form the visitor's address and body: `keyScope`) and its answer — status and JSON body,
 * 2xx or 4xx — is stored for KEY_LIFETIME_MS. A later request with the same key and the same
 * route and body gets that answer again (header `Idempotent-Replayed: true`) without running the
 * handler; one that arrives while the first is still running waits up to IN_PROGRESS_WAIT_MS for
 * it, then answers 409 CONFLICT. The same key with another route or body answers 422. A 5xx
 * answer is not stored (the key is released, so a retry runs again). Requests without the header
 * are untouched. The key is checked after the sign-in check (onRequest), the route's own preHandlers (rate
 * limits) and after validation, so refused requests never claim it.
 *
 * Register before the routes (it adds an onRoute hook) and before @fastify/compress, so the body
 * is stored before it is compressed. `secret` keys the HMAC of the body kept to spot a reused key.
 */
export function registerIdempotency(app: FastifyInstance, db: Database, secret: string): void {
  const claim = claimKey(db, secret);
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!methods.includes('POST') || !IDEMPOTENT_ROUTES.has(route.url)) return;
    const own = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [...own, claim];
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const owned = claims.get(request);
    if (!owned) return payload;
    claims.delete(request);
    const where = and(eq(idempotencyKeys.scope, owned.scope), eq(idempotencyKeys.key, owned.key));
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      await db.delete(idempotencyKeys).where(where);
    } else {
      await db
        .update(idempotencyKeys)
        .set({ statusCode: reply.statusCode, responseBody: payload, completedAt: new Date() })
        .where(where);
    }
    return payload;
  });
}

/**
 * Whose keys a request's key is kept apart from (docs/decisions/018-idempotency-keys.md). Signed
 * in: the user in the workspace (the same key sent to another workspace is another request). A
 * visitor proves nothing about who they are, so their key counts only together with their client
 * address and the HMAC of their body: only a repeat of the very same request from the same place is
 * answered from the first, and no visitor's key can block or answer another visitor's request.
 */
function keyScope(request: FastifyRequest, requestHash: string): string {
  if (request.user) return `${request.user.id}:${request.workspace?.id ?? ''}`;
  return `anonymous:${clientKey(request.ip)}:${requestHash}`;
}

/** The preHandler that claims the key, or answers with the first request's stored answer. */
function claimKey(db: Database, secret: string): preHandlerHookHandler {
  return async (request, reply) => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (key === undefined) return;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      return sendJson(reply, 400, errorBody('VALIDATION_ERROR', idempotencyMessages.badKey));
    }
    const route = `${request.method} ${request.url}`;
    const requestHash = createHmac('sha256', secret)
      .update(JSON.stringify(request.body ?? null))
      .digest('hex');
    const scope = keyScope(request, requestHash);
    const where = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
    await db
      .delete(idempotencyKeys)
      .where(and(where, lt(idempotencyKeys.createdAt, new Date(Date.now() - KEY_LIFETIME_MS))));

    const deadline = Date.now() + IN_PROGRESS_WAIT_MS;
    for (;;) {
      const claimed = await db
        .insert(idempotencyKeys)
        .values({ scope, key, route, requestHash })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length > 0) {
        claims.set(request, { scope, key });
        return;
      }
      const [first] = await db.select().from(idempotencyKeys).where(where);
      // No row: the first request failed with a 5xx and released the key; the loop claims it again.
      if (first && (first.route !== route || first.requestHash !== requestHash)) {
        return sendJson(reply, 422, errorBody('VALIDATION_ERROR', idempotencyMessages.reused));
      }
      if (first?.statusCode != null && first.responseBody !== null) {
        reply.header(REPLAYED_HEADER, 'true');
        return sendJson(reply, first.statusCode, first.responseBody);
      }
      if (Date.now() >= deadline) {
        return sendJson(reply, 409, errorBody('CONFLICT', idempotencyMessages.inProgress));
      }
      if (first) await sleep(POLL_MS);
    }
  };
}
