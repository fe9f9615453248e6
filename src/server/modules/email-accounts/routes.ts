import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths, paths } from '../../../shared/paths';
import { emailAccountListQuerySchema } from '../../../shared/schemas/email-accounts';
import {
  connectMailboxSchema,
  gmailAuthorizeResponseSchema,
  gmailAuthorizeSchema,
  gmailCallbackResponseSchema,
  gmailCallbackSchema,
  mailboxMessages,
  mailboxSchema,
  mailboxSettingsSchema,
} from '../../../shared/schemas/mailboxes';
import type { Auth } from '../../auth/auth';
import { requireUser } from '../../auth/session';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AddressPolicy } from '../../discovery/ssrf-guard';
import { AppError } from '../../http/errors';
import {
  completeGmailAuthorization,
  GmailAuthorizationError,
  gmailConfigured,
  startGmailAuthorization,
} from '../../outreach/mailboxes/oauth-mailbox';
import { outreachKeys } from '../../outreach/keys';
import {
  connectGmailMailbox,
  connectSmtpMailbox,
  deleteEmailAccount,
  listEmailAccounts,
  updateMailboxSettings,
} from './service';

export interface EmailAccountDeps {
  db: Database;
  config: Config;
  appSecret: string;
}

/** Shown under 'Failed to connect to Gmail' when the server has no Google OAuth client. */
const gmailNotConfigured = 'Gmail is not configured on this server.';

const idParams = z.object({ id: z.uuid({ error: 'Email account not found' }) });

/**
 * Google may only send the user back to the mailbox page of this app (spec §7); any other address
 * would hand the authorization code to someone else.
 * @throws AppError VALIDATION_ERROR otherwise.
 */
function assertOwnRedirect(config: Config, redirectUri: string): void {
  const expected = new URL(paths.emails, config.APP_URL).toString();
  if (new URL(redirectUri).toString() !== expected)
    throw new AppError('VALIDATION_ERROR', mailboxMessages.redirectRefused);
}

/**
 * Mailboxes (spec §7 Mail accounts, §8 Mail connection): list, connect SMTP/IMAP (hosts checked by the
 * SSRF guard, both logins checked first), connect Gmail by OAuth2, change the sending settings (and
 * an SMTP password), disconnect.
 */
export function emailAccountRoutes(auth: Auth, deps: EmailAccountDeps): FastifyPluginAsyncZod {
  const { db, config } = deps;
  const keys = outreachKeys(deps.appSecret);
  const mailPolicy = new AddressPolicy(config.MAIL_ALLOW_PRIVATE);
  return async (app) => {
    app.get(
      apiPaths.emailAccounts,
      {
        schema: {
          tags: ['email accounts'],
          querystring: emailAccountListQuerySchema,
          response: { 200: z.array(mailboxSchema) },
        },
        preHandler: requireUser(auth),
      },
      async (request) => listEmailAccounts(db, request.user!.id, request.query.status),
    );

    app.post(
      apiPaths.emailAccounts,
      {
        schema: {
          tags: ['email accounts'],
          body: connectMailboxSchema,
          response: { 201: mailboxSchema },
        },
        preHandler: requireUser(auth),
      },
      async (request, reply) => {
        const mailbox = await connectSmtpMailbox(
          db,
          keys.credentials,
          mailPolicy,
          request.user!.id,
          request.body,
        );
        return reply.status(201).send(mailbox);
      },
    );

    app.patch(
      apiPaths.emailAccount,
      {
        schema: {
          tags: ['email accounts'],
          params: idParams,
          body: mailboxSettingsSchema,
          response: { 200: mailboxSchema },
        },
        preHandler: requireUser(auth),
      },
      async (request) =>
        updateMailboxSettings(
          db,
          keys.credentials,
          mailPolicy,
          request.user!.id,
          request.params.id,
          request.body,
        ),
    );

    app.delete(
      apiPaths.emailAccount,
      {
        schema: { tags: ['email accounts'], params: idParams },
        preHandler: requireUser(auth),
      },
      async (request, reply) => {
        await deleteEmailAccount(db, request.user!.id, request.params.id);
        return reply.status(204).send();
      },
    );

    app.post(
      apiPaths.gmailAuthorize,
      {
        schema: {
          tags: ['email accounts'],
          body: gmailAuthorizeSchema,
          response: { 200: gmailAuthorizeResponseSchema },
        },
        preHandler: requireUser(auth),
      },
      async (request) => {
        if (!gmailConfigured(config)) return { error: gmailNotConfigured };
        assertOwnRedirect(config, request.body.redirect_uri);
        try {
          const url = await startGmailAuthorization(db, config, request.user!.id, request.body.redirect_uri);
          return { url };
        } catch (error) {
          if (error instanceof GmailAuthorizationError) return { error: error.message };
          throw error;
        }
      },
    );

    app.post(
      apiPaths.gmailCallback,
      {
        schema: {
          tags: ['email accounts'],
          body: gmailCallbackSchema,
          response: { 200: gmailCallbackResponseSchema },
        },
        preHandler: requireUser(auth),
      },
      async (request) => {
        const { code, state, redirect_uri: redirectUri } = request.body;
        assertOwnRedirect(config, redirectUri);
        try {
          const grant = await completeGmailAuthorization(db, config, request.user!.id, {
            code,
            state,
            redirectUri,
          });
          await connectGmailMailbox(db, keys.credentials, request.user!.id, grant);
          return { success: true };
        } catch (error) {
          if (error instanceof GmailAuthorizationError) return { success: false, error: error.message };
          throw error;
        }
      },
    );
  };
}
