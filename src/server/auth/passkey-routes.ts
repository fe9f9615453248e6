import { and, desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema } from '../../shared/schemas/api';
import {
  passkeyListSchema,
  passkeySignInSchema,
  passkeySummarySchema,
  registerPasskeySchema,
  twoFactorMessages,
  twoFactorPaths,
  webAuthnOptionsSchema,
} from '../../shared/schemas/two-factor';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { passkeys } from '../db/schema/two-factor';
import { iso } from '../db/sql-helpers';
import { AppError } from '../http/errors';
import { idParams } from '../http/params';
import { rateLimitGuard } from '../http/rate-limit-guard';
import { clientKey } from '../http/client-address';
import type { Auth } from './auth';
import { authHeaders, forwardCookies } from './better-auth-response';
import { userId } from './session';
import { secondFactorAnswer } from './two-factor-errors';

const WINDOW_MS = 15 * 60 * 1000;

const summaryColumns = {
  id: passkeys.id,
  name: passkeys.name,
  deviceType: passkeys.deviceType,
  createdAt: passkeys.createdAt,
};

function summary(row: { id: string; name: string | null; deviceType: string; createdAt: Date }) {
  return {
    id: row.id,
    name: row.name,
    synced: row.deviceType === 'multiDevice',
    createdAt: iso(row.createdAt),
  };
}

/**
 * Signing in with a passkey (public; docs/decisions/031-two-factor-and-passkeys.md): WebAuthn
 * options with a fresh challenge (kept by better-auth for 5 minutes behind a signed cookie), then
 * the browser's assertion, checked by better-auth's passkey plugin (@simplewebauthn/server: origin,
 * relying party, signature, counter, user verification), starts a session. No password and no
 * code: the passkey is both factors. Limited per client like sign-in.
 */
export function passkeySignInRoutes({ auth, config }: { auth: Auth; config: Config }): FastifyPluginAsyncZod {
  return async (app) => {
    const limit = rateLimitGuard(
      [
        app.createRateLimit({
          max: config.SIGN_IN_MAX_PER_IP,
          timeWindow: WINDOW_MS,
          keyGenerator: (request: FastifyRequest) => `passkey-sign-in:ip:${clientKey(request.ip)}`,
        }),
      ],
      twoFactorMessages.tooManyAttempts,
    );
    app.get(
      twoFactorPaths.passkeySignInOptions,
      { schema: { tags: ['auth'], response: { 200: webAuthnOptionsSchema } } },
      async (request, reply) => {
        const response = await auth.api.generatePasskeyAuthenticationOptions({
          headers: authHeaders(request),
          asResponse: true,
        });
        forwardCookies(response, reply);
        return secondFactorAnswer<{ challenge: string }>(response, 'passkey options');
      },
    );
    app.post(
      twoFactorPaths.passkeySignIn,
      {
        schema: { tags: ['auth'], body: passkeySignInSchema, response: { 200: okSchema } },
        preHandler: limit,
      },
      async (request, reply) => {
        const response = await auth.api.verifyPasskeyAuthentication({
          body: { response: request.body.response },
          headers: authHeaders(request),
          asResponse: true,
        });
        forwardCookies(response, reply);
        await secondFactorAnswer(response, 'passkey sign-in');
        return { ok: true as const };
      },
    );
  };
}

/**
 * Settings → Security's passkeys (signed in): the list (never the keys), registering one (better-auth
 * asks for a session younger than a day), and removing one of the user's own (another's id is 404).
 */
export function passkeyAccountRoutes({ auth, db }: { auth: Auth; db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      twoFactorPaths.passkeys,
      { schema: { tags: ['account'], response: { 200: passkeyListSchema } } },
      async (request) => {
        const rows = await db
          .select(summaryColumns)
          .from(passkeys)
          .where(eq(passkeys.userId, userId(request)))
          .orderBy(desc(passkeys.createdAt), desc(passkeys.id));
        return { passkeys: rows.map(summary) };
      },
    );
    app.get(
      twoFactorPaths.passkeyRegistrationOptions,
      { schema: { tags: ['account'], response: { 200: webAuthnOptionsSchema } } },
      async (request, reply) => {
        const response = await auth.api.generatePasskeyRegistrationOptions({
          headers: authHeaders(request),
          asResponse: true,
        });
        forwardCookies(response, reply);
        return secondFactorAnswer<{ challenge: string }>(response, 'passkey registration options');
      },
    );
    app.post(
      twoFactorPaths.passkeys,
      { schema: { tags: ['account'], body: registerPasskeySchema, response: { 200: passkeySummarySchema } } },
      async (request, reply) => {
        const { response: credential, name } = request.body;
        const response = await auth.api.verifyPasskeyRegistration({
          body: { response: credential, ...(name ? { name } : {}) },
          headers: authHeaders(request),
          asResponse: true,
        });
        forwardCookies(response, reply);
        const created = await secondFactorAnswer<{ id: string }>(response, 'passkey registration');
        const [row] = await db.select(summaryColumns).from(passkeys).where(eq(passkeys.id, created.id));
        if (!row) throw new Error('passkey registration: the new passkey was not found');
        return summary(row);
      },
    );
    app.delete(
      twoFactorPaths.passkey,
      { schema: { tags: ['account'], params: idParams, response: { 200: okSchema } } },
      async (request) => {
        const removed = await db
          .delete(passkeys)
          .where(and(eq(passkeys.id, request.params.id), eq(passkeys.userId, userId(request))))
          .returning({ id: passkeys.id });
        if (removed.length === 0) throw AppError.notFound(twoFactorMessages.passkeyNotFoundInList);
        return { ok: true as const };
      },
    );
  };
}
