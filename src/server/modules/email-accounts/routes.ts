import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../../shared/paths';
import { okSchema } from '../../../shared/schemas/api';
import { emailAccountListQuerySchema } from '../../../shared/schemas/email-accounts';
import {
  connectMailboxSchema,
  mailboxHealthReportSchema,
  mailboxSchema,
  mailboxSettingsSchema,
} from '../../../shared/schemas/mailboxes';
import { actor, workspaceId } from '../../auth/session';
import { AddressPolicy } from '../../net/ssrf-guard';
import { outreachKeys } from '../../keys';
import type { EmailAccountDeps } from './deps';
import { queueFirstDomainCheck } from './first-domain-check';
import { oauthMailboxRoutes } from './oauth-routes';
import {
  connectSmtpMailbox,
  deleteEmailAccount,
  listEmailAccounts,
  mailboxHealthReport,
  pauseMailbox,
  resumeMailbox,
  updateMailboxSettings,
  type LoginCheckPolicy,
} from './service';
import { mailboxIdParams } from '../../http/params';

/**
 * Mailboxes (docs/product.md#api, docs/product.md#errors): list, connect SMTP/IMAP (hosts checked by the
 * SSRF guard, both logins checked first), change the sending settings (and an SMTP password, the
 * health thresholds), disconnect; a mailbox's health figures, pause and resume
 * (docs/decisions/014-mailbox-health.md); connecting Gmail or Microsoft by OAuth2 is in oauth-routes.ts.
 */
export function emailAccountRoutes(deps: EmailAccountDeps): FastifyPluginAsyncZod {
  const { db, config } = deps;
  const keys = outreachKeys(deps.appSecret);
  const loginChecks: LoginCheckPolicy = {
    addresses: new AddressPolicy(config.MAIL_ALLOW_PRIVATE),
    limits: { perUser: config.MAILBOX_CHECK_MAX_PER_USER, perServer: config.MAILBOX_CHECK_MAX_PER_SERVER },
  };
  return async (app) => {
    app.get(
      apiPaths.emailAccounts,
      {
        schema: {
          tags: ['email accounts'],
          querystring: emailAccountListQuerySchema,
          response: { 200: z.array(mailboxSchema) },
        },
      },
      async (request) => listEmailAccounts(db, workspaceId(request), request.query.status),
    );

    app.post(
      apiPaths.emailAccounts,
      {
        schema: {
          tags: ['email accounts'],
          body: connectMailboxSchema,
          response: { 201: mailboxSchema },
        },
      },
      async (request, reply) => {
        const mailbox = await connectSmtpMailbox(
          db,
          keys.credentials,
          loginChecks,
          actor(request),
          request.body,
          config.MAILBOX_RAMP_START,
        );
        await queueFirstDomainCheck(deps.queue, (error) =>
          request.log.warn({ err: error }, 'first domain check not queued'),
        );
        return reply.status(201).send(mailbox);
      },
    );

    app.patch(
      apiPaths.emailAccount,
      {
        schema: {
          tags: ['email accounts'],
          params: mailboxIdParams,
          body: mailboxSettingsSchema,
          response: { 200: mailboxSchema },
        },
      },
      async (request) =>
        updateMailboxSettings(
          db,
          keys.credentials,
          loginChecks,
          actor(request),
          request.params.id,
          request.body,
        ),
    );

    app.get(
      apiPaths.emailAccountHealth,
      {
        schema: {
          tags: ['email accounts'],
          params: mailboxIdParams,
          response: { 200: mailboxHealthReportSchema },
        },
      },
      async (request) => mailboxHealthReport(db, workspaceId(request), request.params.id, new Date()),
    );

    app.post(
      apiPaths.emailAccountPause,
      {
        schema: { tags: ['email accounts'], params: mailboxIdParams, response: { 200: mailboxSchema } },
      },
      async (request) => pauseMailbox(db, actor(request), request.params.id, new Date()),
    );

    app.post(
      apiPaths.emailAccountResume,
      {
        schema: { tags: ['email accounts'], params: mailboxIdParams, response: { 200: mailboxSchema } },
      },
      async (request) => resumeMailbox(db, actor(request), request.params.id, new Date()),
    );

    app.delete(
      apiPaths.emailAccount,
      {
        schema: { tags: ['email accounts'], params: mailboxIdParams, response: { 200: okSchema } },
      },
      async (request) => {
        await deleteEmailAccount(db, actor(request), request.params.id);
        return { ok: true as const };
      },
    );

    await app.register(oauthMailboxRoutes(deps));
  };
}
