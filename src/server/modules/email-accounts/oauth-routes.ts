import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths, paths } from '../../../shared/paths';
import {
  mailboxMessages,
  oauthAuthorizeResponseSchema,
  oauthAuthorizeSchema,
  oauthAvailabilitySchema,
  oauthCallbackResponseSchema,
  oauthCallbackSchema,
  type OAuthMailboxProvider,
} from '../../../shared/schemas/mailboxes';
import { userId } from '../../auth/session';
import type { Config } from '../../config';
import { AppError } from '../../http/errors';
import {
  completeOAuthAuthorization,
  OAuthMailboxError,
  oauthConfigured,
  startOAuthAuthorization,
} from '../../outreach/mailboxes/oauth-mailbox';
import { domainCheckQueue, sendJob } from '../../jobs/definitions';
import { outreachKeys } from '../../outreach/keys';
import type { EmailAccountDeps } from './deps';
import { connectOAuthMailbox } from './oauth-service';

/** Each OAuth2 mailbox provider's route pair, and what the user reads when the server has no client for it. */
const routes: Record<OAuthMailboxProvider, { authorize: string; callback: string; notConfigured: string }> = {
  gmail: {
    authorize: apiPaths.gmailAuthorize,
    callback: apiPaths.gmailCallback,
    notConfigured: 'Gmail is not configured on this server.',
  },
  microsoft: {
    authorize: apiPaths.microsoftAuthorize,
    callback: apiPaths.microsoftCallback,
    notConfigured: 'Microsoft mailboxes are not configured on this server.',
  },
};

/**
 * The provider may only send the user back to the mailbox page of this app; any other
 * address would hand the authorization code to someone else.
 * @throws AppError VALIDATION_ERROR otherwise.
 */
function assertOwnRedirect(config: Config, redirectUri: string): void {
  const expected = new URL(paths.emails, config.APP_URL).toString();
  if (new URL(redirectUri).toString() !== expected)
    throw new AppError('VALIDATION_ERROR', mailboxMessages.redirectRefused);
}

/**
 * Mailboxes by OAuth2 sign-in (docs/decisions/016-microsoft-mailboxes.md): which providers
 * this server is configured for, and for Gmail and Microsoft the authorize and callback routes. Refusals
 * the user can act on are answered 200 with `error`, as the connect dialog shows them.
 */
export function oauthMailboxRoutes(deps: EmailAccountDeps): FastifyPluginAsyncZod {
  const { db, config } = deps;
  const keys = outreachKeys(deps.appSecret);
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
        async (request) => {
          if (!oauthConfigured(provider, config)) return { error: route.notConfigured };
          assertOwnRedirect(config, request.body.redirect_uri);
          const url = await startOAuthAuthorization(
            db,
            config,
            provider,
            userId(request),
            request.body.redirect_uri,
          );
          return { url };
        },
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
          assertOwnRedirect(config, redirectUri);
          try {
            const grant = await completeOAuthAuthorization(db, config, provider, userId(request), {
              code,
              state,
              redirectUri,
            });
            await connectOAuthMailbox(
              db,
              keys.credentials,
              userId(request),
              provider,
              grant,
              config.MAILBOX_RAMP_START,
            );
            // Best effort: the connect stands, and the daily run checks the domain if this one is lost.
            await sendJob(deps.queue, domainCheckQueue, {}).catch((error: unknown) =>
              request.log.warn({ err: error }, 'first domain check not queued'),
            );
            return { success: true };
          } catch (error) {
            if (error instanceof OAuthMailboxError) return { success: false, error: error.message };
            throw error;
          }
        },
      );
    }
  };
}
