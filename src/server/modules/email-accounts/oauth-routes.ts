import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../shared/paths';
import {
  oauthAuthorizeResponseSchema,
  oauthAuthorizeSchema,
  oauthAvailabilitySchema,
  oauthCallbackResponseSchema,
  oauthCallbackSchema,
  type OAuthMailboxProvider,
} from '../../../shared/schemas/mailboxes';
import { actor } from '../../auth/session';
import { oauthConfigured } from '../../mail/mailboxes/oauth-mailbox';
import type { EmailAccountDeps } from './deps';
import { beginOAuthMailbox, finishOAuthMailbox } from './oauth-service';

/** Each OAuth2 mailbox provider's route pair. */
const routes: Record<OAuthMailboxProvider, { authorize: string; callback: string }> = {
  gmail: { authorize: apiPaths.gmailAuthorize, callback: apiPaths.gmailCallback },
  microsoft: { authorize: apiPaths.microsoftAuthorize, callback: apiPaths.microsoftCallback },
};

/**
 * Mailboxes by OAuth2 sign-in (docs/decisions/016-microsoft-mailboxes.md): which providers
 * this server is configured for, and for Gmail and Microsoft the authorize and callback routes. Refusals
 * the user can act on are answered 200 with `error`, as the connect dialog shows them.
 */
export function oauthMailboxRoutes(deps: EmailAccountDeps): FastifyPluginAsyncZod {
  const { config } = deps;
  return async (app) => {
    app.get(
      apiPaths.oauthProviders,
      {
        schema: { tags: ['email accounts'], response: { 200: oauthAvailabilitySchema } },
      },
      async () => ({
        gmail: oauthConfigured('gmail', config),
        microsoft: oauthConfigured('microsoft', config),
      }),
    );

    for (const [provider, route] of Object.entries(routes) as [
      OAuthMailboxProvider,
      (typeof routes)['gmail'],
    ][]) {
      app.post(
        route.authorize,
        {
          schema: {
            tags: ['email accounts'],
            body: oauthAuthorizeSchema,
            response: { 200: oauthAuthorizeResponseSchema },
          },
        },
        async (request) => beginOAuthMailbox(deps, provider, actor(request), request.body.redirect_uri),
      );

      app.post(
        route.callback,
        {
          schema: {
            tags: ['email accounts'],
            body: oauthCallbackSchema,
            response: { 200: oauthCallbackResponseSchema },
          },
        },
        async (request) => {
          const { code, state, redirect_uri: redirectUri } = request.body;
          return finishOAuthMailbox(deps, provider, actor(request), { code, state, redirectUri }, (error) =>
            request.log.warn({ err: error }, 'first domain check not queued'),
          );
        },
      );
    }
  };
}
