import { passkey } from '@better-auth/passkey';
import { APIError } from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins/two-factor';
import type { Config } from '../config';
import { passkeys, twoFactors } from '../db/schema/two-factor';

/** How many one-time backup codes a user gets (ten, docs/decisions/031-two-factor-and-passkeys.md), and their length. */
export const BACKUP_CODE_COUNT = 10;
const BACKUP_CODE_LENGTH = 10;

/** Refuses a passkey ceremony whose authenticator did not verify its user (PIN, biometrics). */
function requireUserVerified(userVerified: boolean): void {
  if (!userVerified)
    throw new APIError('BAD_REQUEST', {
      code: 'USER_NOT_VERIFIED',
      message: 'The passkey did not check who you are (PIN or fingerprint).',
    });
}

/**
 * better-auth's maintained second-factor plugins, configured for LinkPilot
 * (docs/decisions/031-two-factor-and-passkeys.md):
 * - `twoFactor`: TOTP (RFC 6238, 6 digits, 30 s; any authenticator app) issued as "LinkPilot",
 *   BACKUP_CODE_COUNT backup codes stored encrypted, no "trust this device". A password sign-in of
 *   a user with it on ends in a challenge cookie instead of a session; its code routes are in
 *   two-factor-routes.ts.
 * - `passkey` (WebAuthn, @simplewebauthn/server): the relying party is APP_URL's host and origin;
 *   registration and sign-in demand user verification, so a passkey is two factors in one (the
 *   device and its PIN or biometrics) and can stand for the password and the code.
 * `tables` maps their models to the Drizzle tables (db/schema/two-factor.ts).
 */
export function secondFactorPlugins(config: Pick<Config, 'APP_URL'>) {
  const appUrl = new URL(config.APP_URL);
  return [
    twoFactor({
      issuer: 'LinkPilot',
      backupCodeOptions: { amount: BACKUP_CODE_COUNT, length: BACKUP_CODE_LENGTH },
    }),
    passkey({
      rpID: appUrl.hostname,
      rpName: 'LinkPilot',
      origin: appUrl.origin,
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      registration: {
        afterVerification: async ({ verification }) => {
          requireUserVerified(verification.registrationInfo?.userVerified ?? false);
        },
      },
      authentication: {
        afterVerification: async ({ verification }) => {
          requireUserVerified(verification.authenticationInfo.userVerified);
        },
      },
    }),
  ] as const;
}

/** The Drizzle tables of the plugins' models, for better-auth's adapter. */
export const secondFactorTables = { twoFactor: twoFactors, passkey: passkeys };
