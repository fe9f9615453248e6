import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../shared/messages';
import { apiPaths } from '../../shared/paths';
import { okSchema } from '../../shared/schemas/api';
import {
  accountSessionListSchema,
  changePasswordSchema,
  signedOutSessionsSchema,
  verificationDeliverySchema,
} from '../../shared/schemas/auth';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { AppError } from '../http/errors';
import { rateLimitGuard } from '../http/rate-limit-guard';
import { endAccountSession, listAccountSessions, signOutOtherSessions } from './account-sessions';
import { idParams } from '../http/params';
import type { Auth } from './auth';
import { authHeaders, errorCodeOf, forwardCookies } from './better-auth-response';
import { assertUncommonPassword } from './common-passwords';
import { sessionId, signedInUser } from './session';
import { sendVerificationLink, verificationUrl } from './verification-mail';

const PASSWORD_CHANGE_WINDOW_MS = 15 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** Verification emails one user may ask for in an hour: enough for a lost one, too few to spam their inbox. */
const VERIFICATION_MAILS_PER_HOUR = 3;

/**
 * Settings → Security: change the password (the current one checked by better-auth, the new one
 * by the sign-up rules and the common-password list; the other sessions end unless the user says
 * otherwise), list the live sessions, end any other one, and sign out all but this one. A stolen session cannot guess
 * the password faster than sign-in can: attempts are limited per user like sign-in per email.
 * Also sends a new email verification link (at most VERIFICATION_MAILS_PER_HOUR an hour).
 */
export function accountSecurityRoutes({
  auth,
  db,
  config,
}: {
  auth: Auth;
  db: Database;
  config: Config;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const limitPasswordChange = rateLimitGuard(
      [
        app.createRateLimit({
          max: config.SIGN_IN_MAX_PER_EMAIL,
          timeWindow: PASSWORD_CHANGE_WINDOW_MS,
          keyGenerator: (request: FastifyRequest) => `password-change:user:${signedInUser(request).id}`,
        }),
      ],
      messages.auth.tooManyPasswordChanges,
    );

    app.post(
      apiPaths.changePassword,
      {
        schema: { tags: ['account'], body: changePasswordSchema, response: { 200: okSchema } },
        preHandler: [
          async (request) => assertUncommonPassword(request.body.newPassword, 'newPassword'),
          limitPasswordChange,
        ],
      },
      async (request, reply) => {
        const { currentPassword, newPassword, signOutOtherSessions } = request.body;
        const response = await auth.api.changePassword({
          body: { currentPassword, newPassword, revokeOtherSessions: signOutOtherSessions },
          headers: authHeaders(request),
          asResponse: true,
        });
        if (!response.ok) {
          const code = await errorCodeOf(response);
          if (code === 'INVALID_PASSWORD')
            throw AppError.invalidField('currentPassword', messages.auth.currentPasswordWrong);
          if (code === 'CREDENTIAL_ACCOUNT_NOT_FOUND')
            throw AppError.invalidField('currentPassword', messages.auth.noPasswordToChange);
          throw new Error(`password change failed: ${response.status} ${code}`);
        }
        // With the other sessions ended better-auth starts a new one for this browser: its cookie goes along.
        forwardCookies(response, reply);
        return { ok: true as const };
      },
    );

    app.get(
      apiPaths.accountSessions,
      { schema: { tags: ['account'], response: { 200: accountSessionListSchema } } },
      async (request) => {
        return listAccountSessions(db, signedInUser(request).id, sessionId(request));
      },
    );

    app.post(
      apiPaths.signOutOtherSessions,
      { schema: { tags: ['account'], response: { 200: signedOutSessionsSchema } } },
      async (request) => {
        return { signedOut: await signOutOtherSessions(db, signedInUser(request).id, sessionId(request)) };
      },
    );

    app.delete(
      apiPaths.accountSession,
      { schema: { tags: ['account'], params: idParams, response: { 200: okSchema } } },
      async (request) => {
        await endAccountSession(db, signedInUser(request).id, sessionId(request), request.params.id);
        return { ok: true as const };
      },
    );

    const limitVerificationMail = rateLimitGuard(
      [
        app.createRateLimit({
          max: VERIFICATION_MAILS_PER_HOUR,
          timeWindow: HOUR_MS,
          keyGenerator: (request: FastifyRequest) => `verification-mail:user:${signedInUser(request).id}`,
        }),
      ],
      messages.auth.tooManyVerificationMails,
    );

    app.post(
      apiPaths.verificationEmail,
      {
        schema: { tags: ['account'], response: { 200: verificationDeliverySchema } },
        preHandler: limitVerificationMail,
      },
      async (request) => {
        const user = signedInUser(request);
        if (user.emailVerified) throw new AppError('CONFLICT', messages.auth.alreadyVerified);
        const url = await verificationUrl(config, (await auth.$context).secret, user);
        return { delivery: await sendVerificationLink(config, user.email, url) };
      },
    );
  };
}
