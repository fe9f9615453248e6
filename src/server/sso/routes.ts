import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as oidc from 'openid-client';
import { z } from 'zod';
import { apiPaths, paths } from '../../shared/paths';
import { okSchema } from '../../shared/schemas/api';
import {
  ssoErrorParam,
  ssoMessages as m,
  ssoProviderSchema,
  ssoSettingsSchema,
  ssoStartResultSchema,
  ssoStartSchema,
  type SsoError,
} from '../../shared/schemas/sso';
import type { Auth } from '../auth/auth';
import { authHeaders, forwardCookies } from '../auth/better-auth-response';
import { actor, cookieValue, signedInUser } from '../auth/session';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { clientKey } from '../http/client-address';
import { AppError } from '../http/errors';
import { rateLimitGuard } from '../http/rate-limit-guard';
import { decryptSecret, deriveKey, encryptSecret } from '../secrets';
import { discoverProvider, oidcReach } from './oidc-client';
import {
  admitSsoUser,
  deleteProvider,
  emailDomain,
  getProvider,
  providerForEmail,
  providerOfWorkspace,
  saveProvider,
  SsoExistingAccountError,
  type SsoDeps,
} from './service';

/** The cookie that carries one sign-in's state, nonce and PKCE verifier to the callback (encrypted). */
const STATE_COOKIE = 'lp_sso_state';
/** How long the identity provider may take to send the browser back (ms). */
const STATE_TTL_MS = 10 * 60 * 1000;
const START_WINDOW_MS = 15 * 60 * 1000;
const STARTS_PER_CLIENT = 20;

/** What the state cookie holds between "Sign in with SSO" and the callback. */
const pendingSchema = z.object({
  workspaceId: z.string(),
  state: z.string(),
  nonce: z.string(),
  verifier: z.string(),
  expiresAt: z.number(),
});

function ssoDeps(db: Database, config: Config, appSecret: string): SsoDeps {
  return { db, secretKey: deriveKey(appSecret, 'sso-client-secrets'), reach: oidcReach(config) };
}

/**
 * Settings → Single sign-on (docs/product.md#single-sign-on): every member reads the workspace's
 * provider (never its secret); Full Access members set and remove it. Session-only (no API key).
 */
export function ssoSettingsRoutes({
  db,
  config,
  appSecret,
}: {
  db: Database;
  config: Config;
  appSecret: string;
}): FastifyPluginAsyncZod {
  const deps = ssoDeps(db, config, appSecret);
  return async (app) => {
    app.get(
      apiPaths.ssoSettings,
      { schema: { tags: ['workspace'], response: { 200: ssoProviderSchema } } },
      async (request) => getProvider(db, actor(request).workspaceId),
    );
    app.put(
      apiPaths.ssoSettings,
      { schema: { tags: ['workspace'], body: ssoSettingsSchema, response: { 200: ssoProviderSchema } } },
      async (request) => saveProvider(deps, actor(request), signedInUser(request), request.body),
    );
    app.delete(
      apiPaths.ssoSettings,
      { schema: { tags: ['workspace'], response: { 200: okSchema } } },
      async (request) => {
        await deleteProvider(db, actor(request));
        return { ok: true as const };
      },
    );
  };
}

/**
 * "Sign in with SSO" and the identity provider's return (OpenID Connect authorization code flow
 * with PKCE, state and nonce, by openid-client; every request to the provider through the SSRF
 * guard). The callback admits the person into the workspace (service.ts `admitSsoUser`), starts a
 * better-auth session and lands on the dashboard; a failure lands on the sign-in page with `?sso=`.
 */
export function ssoSignInRoutes({
  db,
  config,
  appSecret,
  auth,
}: {
  db: Database;
  config: Config;
  appSecret: string;
  auth: Auth;
}): FastifyPluginAsyncZod {
  const deps = ssoDeps(db, config, appSecret);
  const stateKey = deriveKey(appSecret, 'sso-state');
  const redirectUri = new URL(apiPaths.ssoCallback, config.APP_URL).toString();
  const secure = config.APP_URL.startsWith('https://');
  const cookie = (value: string, maxAgeS: number) =>
    `${STATE_COOKIE}=${value}; Path=${apiPaths.ssoCallback}; Max-Age=${maxAgeS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

  return async (app) => {
    const limitStart = rateLimitGuard(
      [
        app.createRateLimit({
          max: STARTS_PER_CLIENT,
          timeWindow: START_WINDOW_MS,
          keyGenerator: (request: FastifyRequest) => `sso-start:ip:${clientKey(request.ip)}`,
        }),
      ],
      m.tooManyStarts,
    );

    app.post(
      apiPaths.ssoStart,
      {
        schema: { tags: ['auth'], body: ssoStartSchema, response: { 200: ssoStartResultSchema } },
        preHandler: limitStart,
      },
      async (request, reply) => {
        const provider = await providerForEmail(deps, request.body.email);
        if (!provider) throw AppError.invalidField('email', m.noProvider);
        const configuration = await discoverProvider(deps.reach, provider).catch(() => {
          throw AppError.invalidField('email', m.providerUnreachable);
        });
        const verifier = oidc.randomPKCECodeVerifier();
        const pending = {
          workspaceId: provider.workspaceId,
          state: oidc.randomState(),
          nonce: oidc.randomNonce(),
          verifier,
          expiresAt: Date.now() + STATE_TTL_MS,
        };
        const url = oidc.buildAuthorizationUrl(configuration, {
          redirect_uri: redirectUri,
          scope: 'openid email profile',
          response_type: 'code',
          code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
          state: pending.state,
          nonce: pending.nonce,
          login_hint: request.body.email,
        });
        reply.header(
          'set-cookie',
          cookie(encryptSecret(stateKey, JSON.stringify(pending)), STATE_TTL_MS / 1000),
        );
        return { url: url.toString() };
      },
    );

    app.get(
      apiPaths.ssoCallback,
      { schema: { tags: ['auth'], querystring: z.record(z.string(), z.string().max(4096)) } },
      async (request, reply) => {
        const fail = (why: SsoError) => {
          reply.header('set-cookie', cookie('', 0));
          return reply.redirect(`${paths.login}?${ssoErrorParam}=${why}`);
        };
        const pending = readPending(request, stateKey);
        if (!pending) return fail('failed');
        const provider = await providerOfWorkspace(deps, pending.workspaceId);
        if (!provider) return fail('failed');
        let userId: string;
        try {
          const configuration = await discoverProvider(deps.reach, provider);
          const currentUrl = new URL(request.url, redirectUri);
          const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
            pkceCodeVerifier: pending.verifier,
            expectedState: pending.state,
            expectedNonce: pending.nonce,
            idTokenExpected: true,
          });
          const claims = tokens.claims();
          const email = typeof claims?.email === 'string' ? claims.email : '';
          // The provider speaks for its workspace's domains only, and never for an unverified address.
          if (!email.includes('@') || !provider.domains.includes(emailDomain(email))) return fail('failed');
          if (claims?.email_verified === false) return fail('failed');
          userId = await admitSsoUser(db, provider.workspaceId, provider.defaultRole, {
            email,
            emailVerified: claims?.email_verified === true,
            firstName: typeof claims?.given_name === 'string' ? claims.given_name : '',
            lastName: typeof claims?.family_name === 'string' ? claims.family_name : '',
          });
        } catch (error) {
          if (error instanceof SsoExistingAccountError) return fail('existing-account');
          request.log.warn({ err: error }, 'single sign-on failed');
          return fail('failed');
        }
        const response = await auth.api.signInSingleSignOn({
          body: { userId },
          headers: authHeaders(request),
          asResponse: true,
        });
        forwardCookies(response, reply);
        appendCookie(reply, cookie('', 0));
        return reply.redirect(paths.dashboard);
      },
    );
  };
}

/** Adds a Set-Cookie header to those already on the reply. */
function appendCookie(reply: FastifyReply, value: string): void {
  const present = reply.getHeader('set-cookie');
  const list = present === undefined ? [] : Array.isArray(present) ? present : [String(present)];
  reply.header('set-cookie', [...list, value]);
}

/** The sign-in's pending state from its cookie; null when missing, forged or expired. */
function readPending(request: FastifyRequest, key: Buffer) {
  const raw = cookieValue(request.headers.cookie, STATE_COOKIE);
  if (!raw) return null;
  try {
    const pending = pendingSchema.parse(JSON.parse(decryptSecret(key, raw)));
    return pending.expiresAt > Date.now() ? pending : null;
  } catch {
    return null;
  }
}
