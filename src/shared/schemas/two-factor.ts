import { z } from 'zod';
import { limits } from '../limits';

/**
 * Two-factor sign-in, passkeys and the workspace's 2FA policy
 * (docs/decisions/031-two-factor-and-passkeys.md): their API paths, forms' schemas, answers and
 * sentences, shared by the server routes and the web app.
 */
export const twoFactorPaths = {
  /** POST: the second step of a password sign-in, with an authenticator or backup code. */
  signInCode: '/api/auth/two-factor/verify',
  /** GET: WebAuthn options for signing in with a passkey (no session needed). */
  passkeySignInOptions: '/api/auth/passkey/options',
  /** POST: the browser's passkey assertion; starts a session. */
  passkeySignIn: '/api/auth/passkey/sign-in',
  /** GET: the user's 2FA state. */
  status: '/api/profile/two-factor',
  /** POST: a new TOTP secret (QR code, manual key) and backup codes, pending the first code. */
  setup: '/api/profile/two-factor/setup',
  /** POST: the first code from the app; turns 2FA on. */
  confirm: '/api/profile/two-factor/confirm',
  /** POST: ten new backup codes (the old ones stop working). */
  backupCodes: '/api/profile/two-factor/backup-codes',
  /** POST: turns 2FA off (password and a code). */
  disable: '/api/profile/two-factor/disable',
  /** GET: the user's passkeys; POST: register one (the browser's attestation). */
  passkeys: '/api/profile/passkeys',
  /** GET: WebAuthn options for registering a passkey. */
  passkeyRegistrationOptions: '/api/profile/passkeys/options',
  /** DELETE: one of the user's passkeys. */
  passkey: '/api/profile/passkeys/:id',
  /** GET/PUT: the workspace's two-factor requirement (PUT: Full Access only). */
  policy: '/api/workspace/two-factor-policy',
} as const;

/** What the screens and the API say about two-factor sign-in and passkeys. */
export const twoFactorMessages = {
  codeRequired: 'Enter the code from your authenticator app or a backup code',
  codeInvalid: 'That code is not right. Check the time on your phone and try again.',
  codeUsed: 'That code was used already. Wait for the next one in your authenticator app.',
  appCodeRequired: 'Enter the 6-digit code from your authenticator app',
  passwordRequired: 'Password is required',
  challengeExpired: 'Your sign-in has expired. Enter your email and password again.',
  tooManyCodes: 'Too many wrong codes. Wait 15 minutes, or sign in with a passkey, before trying again.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  alreadyEnabled: 'Two-factor sign-in is already on.',
  notEnabled: 'Two-factor sign-in is not on.',
  setupFirst: 'Set up two-factor sign-in for yourself before requiring it of everyone.',
  required: (workspace: string) =>
    `${workspace} requires two-factor sign-in. Set it up to continue (Settings → Security).`,
  passkeyFailed: 'The passkey could not be used. Try again, or sign in with your password.',
  passkeyNotFound: 'This passkey is not registered here. Sign in with your password.',
  passkeyNotFresh: 'For your safety, sign out and in again before adding a passkey.',
  passkeyNameTooLong: `Name must be at most ${limits.nameMaxLength} characters`,
  passkeyRemoved: 'Passkey removed',
  passkeyAdded: 'Passkey added',
  passkeyNotFoundInList: 'Passkey not found',
  enabled: 'Two-factor sign-in is on',
  disabled: 'Two-factor sign-in is off',
  policySaved: 'Workspace security saved',
} as const;

const m = twoFactorMessages;

const password = z
  .string({ error: m.passwordRequired })
  .min(1, m.passwordRequired)
  .max(limits.passwordMaxLength, m.passwordRequired);

/** A 6-digit TOTP code. */
const totpCode = z
  .string({ error: m.appCodeRequired })
  .trim()
  .regex(/^\d{6}$/, m.appCodeRequired);

/** An authenticator code (6 digits) or a backup code (xxxxx-xxxxx). */
const anyCode = z
  .string({ error: m.codeRequired })
  .trim()
  .regex(/^(\d{6}|[A-Za-z0-9]{5}-[A-Za-z0-9]{5})$/, m.codeRequired);

/** True for a backup code, false for an authenticator code (both as `anyCode` accepts them). */
export function isBackupCode(code: string): boolean {
  return code.includes('-');
}

/** `POST signInCode`: the code of the second step; `trustDevice` is not offered. */
export const signInCodeSchema = z.strictObject({ code: anyCode });
export type SignInCodeInput = z.input<typeof signInCodeSchema>;

/** `POST setup` and `POST backupCodes`: the current password. */
export const passwordConfirmSchema = z.strictObject({ password });
export type PasswordConfirmInput = z.input<typeof passwordConfirmSchema>;

/** `POST confirm`: the first code the app shows. */
export const confirmTwoFactorSchema = z.strictObject({ code: totpCode });
export type ConfirmTwoFactorInput = z.input<typeof confirmTwoFactorSchema>;

/** `POST disable`: the password and an authenticator or backup code. */
export const disableTwoFactorSchema = z.strictObject({ password, code: anyCode });
export type DisableTwoFactorInput = z.input<typeof disableTwoFactorSchema>;

/** `POST setup` answer: what the authenticator app needs, and the backup codes to keep. */
export const twoFactorSetupSchema = z.object({
  /** otpauth://totp/LinkPilot:… (RFC 6238 key URI). */
  totpUri: z.string(),
  /** The shared secret in base32, for typing into an app that cannot scan. */
  manualKey: z.string(),
  /** The key URI as a QR code (SVG markup). */
  qrCodeSvg: z.string(),
  backupCodes: z.array(z.string()),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** `POST backupCodes` answer. */
export const backupCodesSchema = z.object({ backupCodes: z.array(z.string()) });

/** `GET status` answer. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /**
   * The account has a password. One made by single sign-on has none: it never signs in with a
   * password, so there is no code step to set up, and a workspace's requirement does not hold it back.
   */
  hasPassword: z.boolean(),
  /** The active workspace requires 2FA of its members. */
  requiredByWorkspace: z.boolean(),
  workspaceName: z.string(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** One passkey as Settings → Security lists it. */
export const passkeySummarySchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  /** Synced between devices ('multiDevice') or bound to one. */
  synced: z.boolean(),
  createdAt: z.string(),
});
export const passkeyListSchema = z.object({ passkeys: z.array(passkeySummarySchema) });
export type PasskeySummary = z.infer<typeof passkeySummarySchema>;

/**
 * A WebAuthn response as the browser returns it (PublicKeyCredential JSON); @simplewebauthn/server
 * checks its content.
 */
const webAuthnResponse = z.looseObject({
  id: z.string().min(1).max(2048),
  rawId: z.string().min(1).max(2048),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().max(8192) }),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});

/** `POST passkeys`: the browser's attestation and the name the user gave. */
export const registerPasskeySchema = z.strictObject({
  response: webAuthnResponse,
  name: z.string().trim().max(limits.nameMaxLength, m.passkeyNameTooLong).optional(),
});

/** `POST passkeySignIn`: the browser's assertion (AuthenticationResponseJSON). */
export const passkeySignInSchema = z.strictObject({
  response: webAuthnResponse.extend({
    response: z.looseObject({
      clientDataJSON: z.string().max(8192),
      authenticatorData: z.string().max(8192),
      signature: z.string().max(8192),
      userHandle: z.string().max(1024).optional(),
    }),
  }),
});

/** WebAuthn options (PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON), passed through. */
export const webAuthnOptionsSchema = z.looseObject({ challenge: z.string() });

/** `GET/PUT policy`: whether every member needs 2FA; GET also counts who has not set it up. */
export const twoFactorPolicySchema = z.strictObject({ requireTwoFactor: z.boolean() });
export const twoFactorPolicyStateSchema = z.object({
  requireTwoFactor: z.boolean(),
  membersWithoutTwoFactor: z.number().int(),
});
export type TwoFactorPolicyState = z.infer<typeof twoFactorPolicyStateSchema>;

/** `POST /api/auth/sign-in/email` answer: `twoFactorRequired` when the password was right and a code is due. */
export const signInResultSchema = z.object({ ok: z.literal(true), twoFactorRequired: z.boolean() });
