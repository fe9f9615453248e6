import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../../shared/messages';
import { apiPaths, paths } from '../../shared/paths';
import { okSchema } from '../../shared/schemas/api';
import { signInLinkParam, signInLinkSchema } from '../../shared/schemas/auth';
import { clientKey } from '../http/client-address';
import { rateLimitGuard } from '../http/rate-limit-guard';
import type { Auth } from './auth';
import { authHeaders, forwardCookies } from './better-auth-response';

const HOUR_MS = 60 * 60 * 1000;
/** Links one address may be sent an hour (its inbox is not flooded), and one client may ask for. */
const LINKS_PER_ADDRESS_PER_HOUR = 3;
const LINKS_PER_CLIENT_PER_HOUR = 10;

/**
 * The emailed sign-in link (sign-in-link.ts, docs/decisions/032-sso-sessions-and-lock-out.md): asking
 * always answers the same, whether the address has an account or not; opening the link starts a
 * session and lands on the dashboard, or on /login?link=invalid when it expired or was used.
 */
export function signInLinkRoutes({ auth }: { auth: Auth }): FastifyPluginAsyncZod {
  return async (app) => {
    const limit = rateLimitGuard(
      [
        app.createRateLimit({
          max: LINKS_PER_CLIENT_PER_HOUR,
          timeWindow: HOUR_MS,
          keyGenerator: (request: FastifyRequest) => `sign-in-link:ip:${clientKey(request.ip)}`,
        }),
        app.createRateLimit({
          max: LINKS_PER_ADDRESS_PER_HOUR,
          timeWindow: HOUR_MS,
          keyGenerator: (request: FastifyRequest) =>
            `sign-in-link:email:${(request.body as { email: string }).email.toLowerCase()}`,
        }),
      ],
      messages.auth.tooManySignInLinks,
    );

    app.post(
      apiPaths.signInLink,
      { schema: { tags: ['auth'], body: signInLinkSchema, response: { 200: okSchema } }, preHandler: limit },
      async (request) => {
        await auth.api.signInMagicLink({
          body: { email: request.body.email },
          headers: authHeaders(request),
        });
        return { ok: true as const };
      },
    );

    app.get(
      apiPaths.signInLinkVerify,
      { schema: { tags: ['auth'], querystring: z.object({ token: z.string().min(1).max(4096) }) } },
      async (request, reply) => {
        const response = await auth.api.magicLinkVerify({
          query: { token: request.query.token },
          headers: authHeaders(request),
          asResponse: true,
        });
        if (!response.ok) return reply.redirect(`${paths.login}?${signInLinkParam}=invalid`);
        forwardCookies(response, reply);
        return reply.redirect(paths.dashboard);
      },
    );
  };
}
