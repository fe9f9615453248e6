import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../../shared/messages';
import { apiPaths, emailVerificationParam, paths } from '../../shared/paths';
import { okSchema } from '../../shared/schemas/api';
import { fullName, signInSchema, signUpSchema } from '../../shared/schemas/auth';
import { signInResultSchema } from '../../shared/schemas/two-factor';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { users } from '../db/schema/users';
import { AppError } from '../http/errors';
import { rateLimitGuard } from '../http/rate-limit-guard';
import { clientKey } from '../http/client-address';
import type { Auth } from './auth';
import { authHeaders, errorCodeOf, forwardCookies } from './better-auth-response';
import { assertUncommonPassword } from './common-passwords';

const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
const SIGN_UP_WINDOW_MS = 60 * 60 * 1000;

/**
 * Sign-up, sign-in and sign-out (docs/product.md#validation, docs/product.md#api), and the email
 * verification link, which lands on the dashboard saying whether it worked. Each body is validated with the
 * form's own zod schema before better-auth sees it, and a new password must not be a common one
 * (common-passwords.ts); only these endpoints of better-auth are exposed.
 * A user with two-factor sign-in gets `twoFactorRequired` and a challenge cookie instead of a session
 * (two-factor-routes.ts). Sign-in is rate-limited per client (an IPv4 address or an IPv6 /64:
 * http/client-address.ts) and per email from that client, so no one can lock an account for its
 * owner; unknown email and wrong password answer the same.
 * Sign-up is rate-limited per client (SIGN_UP_MAX_PER_IP per hour), so one client cannot mass-create accounts.
 * A taken address answers 409, also when it was taken by a sign-up running at the same time.
 */
export function authRoutes({
  auth,
  config,
  db,
}: {
  auth: Auth;
  config: Config;
  db: Database;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const limitSignIn = rateLimitGuard(
      [
        app.createRateLimit({
          max: config.SIGN_IN_MAX_PER_IP,
          timeWindow: SIGN_IN_WINDOW_MS,
          keyGenerator: (request: FastifyRequest) => `sign-in:ip:${clientKey(request.ip)}`,
        }),
        app.createRateLimit({
          max: config.SIGN_IN_MAX_PER_EMAIL,
          timeWindow: SIGN_IN_WINDOW_MS,
          // Per address AND client: an attacker's wrong passwords slow down the attacker, never
          // the owner signing in from elsewhere (docs/decisions/032-sso-sessions-and-lock-out.md).
          keyGenerator: (request: FastifyRequest) =>
            `sign-in:email:${(request.body as { email: string }).email.toLowerCase()}:${clientKey(request.ip)}`,
        }),
      ],
      messages.auth.tooManyAttempts,
    );
    const limitSignUp = rateLimitGuard(
      [
        app.createRateLimit({
          max: config.SIGN_UP_MAX_PER_IP,
          timeWindow: SIGN_UP_WINDOW_MS,
          keyGenerator: (request: FastifyRequest) => `sign-up:ip:${clientKey(request.ip)}`,
        }),
      ],
      messages.auth.tooManySignUps,
    );

    app.post(
      apiPaths.signUp,
      {
        schema: { tags: ['auth'], body: signUpSchema, response: { 200: okSchema } },
        // A common password is refused before the attempt counts against the limit.
        preHandler: [
          async (request) => assertUncommonPassword(request.body.password, 'password'),
          limitSignUp,
        ],
      },
      async (request, reply) => {
        const { email, password, firstName, lastName, companyName } = request.body;
        const response = await auth.api.signUpEmail({
          body: { email, password, name: fullName(firstName, lastName), firstName, lastName, companyName },
          headers: authHeaders(request),
          asResponse: true,
        });
        if (!response.ok) {
          const code = await errorCodeOf(response);
          // Parallel sign-ups with one address all find it free; the unique index lets one insert
          // through and better-auth reports the others' unique violation as FAILED_TO_CREATE_USER.
          if (code.startsWith('USER_ALREADY_EXISTS') || (await addressTaken(db, email)))
            throw new AppError('CONFLICT', messages.auth.emailTaken);
          throw new Error(`sign-up failed: ${response.status} ${code}`);
        }
        forwardCookies(response, reply);
        return { ok: true as const };
      },
    );

    app.post(
      apiPaths.signIn,
      {
        schema: { tags: ['auth'], body: signInSchema, response: { 200: signInResultSchema } },
        preHandler: limitSignIn,
      },
      async (request, reply) => {
        const response = await auth.api.signInEmail({
          body: request.body,
          headers: authHeaders(request),
          asResponse: true,
        });
        if (response.status === 401 || response.status === 400) {
          throw new AppError('INVALID_CREDENTIALS', messages.auth.invalidCredentials);
        }
        if (!response.ok)
          throw new Error(`sign-in failed: ${response.status} ${await errorCodeOf(response)}`);
        forwardCookies(response, reply);
        // With two-factor on, better-auth set a challenge cookie instead of the session (two-factor-routes.ts).
        const body = (await response.json().catch(() => null)) as { twoFactorRedirect?: boolean } | null;
        return { ok: true as const, twoFactorRequired: body?.twoFactorRedirect === true };
      },
    );

    app.post(
      apiPaths.signOut,
      { schema: { tags: ['auth'], body: z.strictObject({}).optional(), response: { 200: okSchema } } },
      async (request, reply) => {
        const response = await auth.api.signOut({
          headers: authHeaders(request),
          asResponse: true,
        });
        forwardCookies(response, reply);
        return { ok: true as const };
      },
    );

    app.get(
      apiPaths.verifyEmail,
      {
        schema: {
          tags: ['auth'],
          // better-auth's sign-up link also carries a callbackURL, which is ignored: the answer goes to the dashboard.
          querystring: z.object({ token: z.string().min(1).max(4096) }),
        },
      },
      async (request, reply) => {
        const response = await auth.api.verifyEmail({
          query: { token: request.query.token },
          asResponse: true,
        });
        const outcome = response.ok ? 'verified' : 'link-invalid';
        return reply.redirect(`${paths.dashboard}?${emailVerificationParam}=${outcome}`);
      },
    );
  };
}

/** True when an account has `email`, in any case (the unique index on lower(email)). */
async function addressTaken(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row !== undefined;
}
