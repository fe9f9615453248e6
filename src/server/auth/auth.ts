import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { betterAuth } from 'better-auth';
import { limits } from '../../shared/limits';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { accounts, sessions, users, verifications } from '../db/schema/users';
import { secondFactorPlugins, secondFactorTables } from './two-factor-plugins';
import { CLIENT_IP_HEADER } from './better-auth-response';
import { signInLinkPlugin } from './sign-in-link';
import { singleSignOnSession } from './sso-session-plugin';
import { createPersonalWorkspace } from './workspaces';
import { sendVerificationLink, VERIFICATION_LINK_TTL_S } from './verification-mail';

const DAY_S = 24 * 60 * 60;

/**
 * better-auth configured for LinkPilot: email + password, a verification link emailed at sign-up
 * (verification-mail.ts), database sessions (7 days, renewed daily),
 * uuid ids, profile fields on the user, Secure cookies when APP_URL is https, two-factor (TOTP,
 * backup codes) and passkeys (two-factor-plugins.ts). Its own rate limiter is
 * off: sign-in is limited per IP and per email in auth/routes.ts, across processes.
 */
export function createAuth(db: Database, config: Config, secret: string) {
  return betterAuth({
    appName: 'LinkPilot',
    baseURL: config.APP_URL,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [config.APP_URL],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        ...secondFactorTables,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: limits.passwordMinLength,
      maxPasswordLength: limits.passwordMaxLength,
      autoSignIn: true,
    },
    // Signing in needs no verified address; being blog admin and receiving alert mail do.
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: VERIFICATION_LINK_TTL_S,
      sendVerificationEmail: async ({ user, url }) => {
        // A mail server that is down must not fail the sign-up: the link can be sent again from the dashboard.
        await sendVerificationLink(config, user.email, url).catch((error: unknown) =>
          console.error('[email-verification] sending failed:', (error as Error).message),
        );
      },
    },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: true, input: true },
        lastName: { type: 'string', required: true, input: true },
        companyName: { type: 'string', required: true, input: true },
      },
    },
    session: { expiresIn: 7 * DAY_S, updateAge: DAY_S },
    rateLimit: { enabled: false },
    advanced: {
      database: { generateId: 'uuid' },
      useSecureCookies: config.APP_URL.startsWith('https://'),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      user: { create: { after: async (user) => void (await createPersonalWorkspace(db, user)) } },
    },
    telemetry: { enabled: false },
    plugins: [...secondFactorPlugins(config), singleSignOnSession(), signInLinkPlugin(db, config)],
  });
}

export type Auth = ReturnType<typeof createAuth>;
