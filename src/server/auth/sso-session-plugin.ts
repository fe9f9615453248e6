import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { z } from 'zod';

/**
 * A better-auth plugin with one server-only endpoint, `auth.api.signInSingleSignOn({ body: { userId } })`:
 * starts a session for a user that single sign-on admitted (src/server/sso/) and sets better-auth's
 * own session cookie, so the session is like any other (listed, ended, renewed the same way).
 * Server-only: the router never serves it (and better-auth's handler is not mounted at all); only
 * the SSO callback calls it, after the identity provider's ID token was checked.
 */
export const singleSignOnSession = () =>
  ({
    id: 'linkpilot-sso-session',
    endpoints: {
      signInSingleSignOn: createAuthEndpoint(
        '/sso/session',
        {
          method: 'POST',
          body: z.object({ userId: z.string() }),
          metadata: { SERVER_ONLY: true },
        },
        async (ctx) => {
          const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
          if (!user) throw new APIError('NOT_FOUND', { message: 'No such user' });
          const session = await ctx.context.internalAdapter.createSession(user.id);
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ ok: true });
        },
      ),
    },
  }) satisfies BetterAuthPlugin;
