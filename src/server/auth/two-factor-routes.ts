import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { okSchema } from '../../shared/schemas/api';
import {
  backupCodesSchema,
  confirmTwoFactorSchema,
  disableTwoFactorSchema,
  isBackupCode,
  passwordConfirmSchema,
  signInCodeSchema,
  twoFactorMessages,
  twoFactorPaths,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '../../shared/schemas/two-factor';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { AppError } from '../http/errors';
import { rateLimitGuard } from '../http/rate-limit-guard';
import { clientKey } from '../http/client-address';
import type { Auth } from './auth';
import { authHeaders, forwardCookies } from './better-auth-response';
import { claimTotpCode, endSessionByToken } from './used-totp-codes';
import { activeWorkspace, signedInUser } from './session';
import { secondFactorAnswer } from './two-factor-errors';
import { hasPassword } from './two-factor-policy';

const WINDOW_MS = 15 * 60 * 1000;

/** Checks `code` (an authenticator or a backup code) with better-auth for the request's session or sign-in challenge. */
function verifyCode(auth: Auth, request: FastifyRequest, code: string): Promise<Response> {
  const headers = authHeaders(request);
  return isBackupCode(code)
    ? auth.api.verifyBackupCode({ body: { code, disableSession: false }, headers, asResponse: true })
    : auth.api.verifyTOTP({ body: { code }, headers, asResponse: true });
}

/**
 * The second step of a password sign-in (public): after `POST /api/auth/sign-in/email` answered
 * `twoFactorRequired`, its challenge cookie and an authenticator or backup code start the session.
 * better-auth allows 5 codes per challenge and refuses codes for 15 minutes after 10 wrong ones in
 * a row; on top, codes are limited per client like sign-in. A backup code works once, and so does an
 * authenticator code (used-totp-codes.ts).
 */
export function twoFactorSignInRoutes({
  auth,
  config,
  db,
}: {
  auth: Auth;
  config: Config;
  db: Database;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const limitCodes = rateLimitGuard(
      [
        app.createRateLimit({
          max: config.SIGN_IN_MAX_PER_IP,
          timeWindow: WINDOW_MS,
          keyGenerator: (request: FastifyRequest) => `two-factor:ip:${clientKey(request.ip)}`,
        }),
      ],
      twoFactorMessages.tooManyAttempts,
    );
    app.post(
      twoFactorPaths.signInCode,
      {
        schema: { tags: ['auth'], body: signInCodeSchema, response: { 200: okSchema } },
        preHandler: limitCodes,
      },
      async (request, reply) => {
        const { code } = request.body;
        const response = await verifyCode(auth, request, code);
        const signedIn = await secondFactorAnswer<{ token: string; user: { id: string } }>(
          response.clone(),
          'two-factor sign-in',
        );
        // An authenticator code signs in once (RFC 6238 §5.2): a second use, from anywhere, within
        // its window loses the session better-auth just opened and is told the code is wrong.
        if (!isBackupCode(code) && !(await claimTotpCode(db, signedIn.user.id, code))) {
          await endSessionByToken(db, signedIn.token);
          throw AppError.invalidField('code', twoFactorMessages.codeUsed);
        }
        forwardCookies(response, reply);
        return { ok: true as const };
      },
    );
  };
}

/** The base32 secret of an otpauth:// key URI, for typing into an app by hand. */
function manualKeyOf(totpUri: string): string {
  return new URL(totpUri).searchParams.get('secret') ?? '';
}

/**
 * Settings → Security's two-factor card (signed in; usable while the workspace policy holds the
 * user back): the state, setting up TOTP (password → QR code, manual key and backup codes; on
 * once the first code is right), new backup codes (password), and turning it off (password and an
 * authenticator or backup code). Each is limited per user like a password change, so a stolen
 * session cannot guess the password or a code.
 */
export function twoFactorAccountRoutes({
  auth,
  config,
  db,
}: {
  auth: Auth;
  config: Config;
  db: Database;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const limitPerUser = rateLimitGuard(
      [
        app.createRateLimit({
          max: config.SIGN_IN_MAX_PER_EMAIL,
          timeWindow: WINDOW_MS,
          keyGenerator: (request: FastifyRequest) => `two-factor:user:${signedInUser(request).id}`,
        }),
      ],
      twoFactorMessages.tooManyAttempts,
    );

    app.get(
      twoFactorPaths.status,
      { schema: { tags: ['account'], response: { 200: twoFactorStatusSchema } } },
      async (request) => {
        const workspace = activeWorkspace(request);
        const user = signedInUser(request);
        return {
          enabled: user.twoFactorEnabled,
          hasPassword: await hasPassword(db, user.id),
          requiredByWorkspace: workspace.requireTwoFactor ?? false,
          workspaceName: workspace.name,
        };
      },
    );

    app.post(
      twoFactorPaths.setup,
      {
        schema: { tags: ['account'], body: passwordConfirmSchema, response: { 200: twoFactorSetupSchema } },
        preHandler: limitPerUser,
      },
      async (request) => {
        const response = await auth.api.enableTwoFactor({
          body: { password: request.body.password, method: 'totp' },
          headers: authHeaders(request),
          asResponse: true,
        });
        const { totpURI, backupCodes } = await secondFactorAnswer<{ totpURI: string; backupCodes: string[] }>(
          response,
          'two-factor set-up',
        );
        return {
          totpUri: totpURI,
          manualKey: manualKeyOf(totpURI),
          qrCodeSvg: await QRCode.toString(totpURI, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
          backupCodes,
        };
      },
    );

    app.post(
      twoFactorPaths.confirm,
      {
        schema: { tags: ['account'], body: confirmTwoFactorSchema, response: { 200: okSchema } },
        preHandler: limitPerUser,
      },
      async (request, reply) => {
        const response = await verifyCode(auth, request, request.body.code);
        // Turning 2FA on starts a new session for this browser: its cookie goes along.
        forwardCookies(response, reply);
        await secondFactorAnswer(response, 'two-factor confirmation');
        return { ok: true as const };
      },
    );

    app.post(
      twoFactorPaths.backupCodes,
      {
        schema: { tags: ['account'], body: passwordConfirmSchema, response: { 200: backupCodesSchema } },
        preHandler: limitPerUser,
      },
      async (request) => {
        const response = await auth.api.generateBackupCodes({
          body: { password: request.body.password },
          headers: authHeaders(request),
          asResponse: true,
        });
        const { backupCodes } = await secondFactorAnswer<{ backupCodes: string[] }>(response, 'backup codes');
        return { backupCodes };
      },
    );

    app.post(
      twoFactorPaths.disable,
      {
        schema: { tags: ['account'], body: disableTwoFactorSchema, response: { 200: okSchema } },
        preHandler: limitPerUser,
      },
      async (request, reply) => {
        const { password, code } = request.body;
        const headers = authHeaders(request);
        // The password first, so a wrong one spends no backup code.
        await secondFactorAnswer(
          await auth.api.verifyPassword({ body: { password }, headers, asResponse: true }),
          'password check',
        );
        await secondFactorAnswer(await verifyCode(auth, request, code), 'two-factor code check');
        const response = await auth.api.disableTwoFactor({ body: { password }, headers, asResponse: true });
        forwardCookies(response, reply);
        await secondFactorAnswer(response, 'two-factor removal');
        return { ok: true as const };
      },
    );
  };
}
