import { z } from 'zod';
import { limits } from '../limits';
import { messages } from '../messages';
import { emailFormat } from './email-address';
import { fieldMessages as f } from './field-messages';

const m = messages.auth;

export const emailField = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, m.emailRequired)
  .max(limits.emailMaxLength, m.invalidEmail)
  .pipe(emailFormat(m.invalidEmail));

const requiredName = (message: string, field: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(limits.nameMaxLength, f.tooLong(field, limits.nameMaxLength));
const passwordTooLong = f.tooLong('Password', limits.passwordMaxLength);

/** "Email me a sign-in link" and `POST /api/auth/sign-in-link` body. */
export const signInLinkSchema = z.strictObject({ email: emailField });
export type SignInLinkInput = z.infer<typeof signInLinkSchema>;

/** The login page's query parameter after a sign-in link that did not work (`invalid`). */
export const signInLinkParam = 'link';

/** Sign-in form and `POST /api/auth/sign-in/email` body (docs/product.md#validation). */
export const signInSchema = z.strictObject({
  email: emailField,
  password: z
    .string({ error: m.passwordRequired })
    .min(1, m.passwordRequired)
    .max(limits.passwordMaxLength, passwordTooLong),
});
export type SignInInput = z.infer<typeof signInSchema>;

/**
 * A password being chosen (sign-up, password change): 8 to 128 characters (docs/product.md#validation).
 * The server also refuses a common one (src/server/auth/common-passwords.ts): the list is too large for the browser.
 */
export const newPasswordField = z
  .string({ error: m.passwordRequired })
  .min(1, m.passwordRequired)
  .min(limits.passwordMinLength, m.passwordTooShort)
  .max(limits.passwordMaxLength, passwordTooLong);

/** Sign-up form and `POST /api/auth/sign-up/email` body (docs/product.md#validation): full name = first + last. */
export const signUpSchema = z.strictObject({
  email: emailField,
  password: newPasswordField,
  firstName: requiredName(m.firstNameRequired, 'First name'),
  lastName: requiredName(m.lastNameRequired, 'Last name'),
  companyName: requiredName(m.companyNameRequired, 'Company name'),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/**
 * Settings → Security's password form and `POST /api/profile/password`: the current password, the new
 * one twice, and whether the account's other sessions end (they do unless unticked).
 */
export const changePasswordSchema = z
  .strictObject({
    currentPassword: z
      .string({ error: m.currentPasswordRequired })
      .min(1, m.currentPasswordRequired)
      .max(limits.passwordMaxLength, passwordTooLong),
    newPassword: newPasswordField,
    confirmPassword: z.string({ error: m.passwordsDiffer }),
    signOutOtherSessions: z.boolean().default(true),
  })
  .refine((v) => v.confirmPassword === v.newPassword, {
    path: ['confirmPassword'],
    message: m.passwordsDiffer,
  })
  .refine((v) => v.newPassword !== v.currentPassword, { path: ['newPassword'], message: m.samePassword });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** One live session of the signed-in user, as Settings → Security lists it. */
export const accountSessionSchema = z.object({
  id: z.string(),
  /** The browser and system that began the session ('Chrome on Linux'); null when unknown. */
  device: z.string().nullable(),
  /** What kind of device, as bowser tells it from the User-Agent; null when unknown. */
  deviceType: z.enum(['desktop', 'mobile', 'tablet', 'tv']).nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  /** When the session was last renewed (better-auth renews it once a day of use). */
  lastActiveAt: z.string(),
  /** The session of the request that asked. */
  current: z.boolean(),
});

/** `GET /api/profile/sessions`: the newest live sessions (at most 50) and how many there are in all. */
export const accountSessionListSchema = z.object({
  sessions: z.array(accountSessionSchema),
  total: z.number().int(),
});
export type AccountSessionList = z.infer<typeof accountSessionListSchema>;

/** `POST /api/profile/sessions/sign-out-others` answer: how many sessions ended. */
export const signedOutSessionsSchema = z.object({ signedOut: z.number().int() });

/**
 * `POST /api/profile/verification-email` answer: where the new link went — 'email', or 'log' when the
 * install has no SMTP server (SMTP_HOST) and the link was written to the server's log.
 */
export const verificationDeliverySchema = z.object({ delivery: z.enum(['email', 'log']) });
export type VerificationDelivery = z.infer<typeof verificationDeliverySchema>;

/**
 * A member's role in a workspace (docs/product.md#roles): the team's two ('member', 'full') and
 * 'client', a person of one of the workspace's clients who reads that client's placements and
 * reports only (docs/decisions/040-client-role.md).
 */
export const roleSchema = z.enum(['member', 'full', 'client']);
export type Role = z.infer<typeof roleSchema>;

/** The roles of the agency's own team, which a role change and single sign-on may give. */
export const teamRoleSchema = z.enum(['member', 'full']);
export type TeamRole = z.infer<typeof teamRoleSchema>;

/** A workspace the user belongs to, with their role in it (docs/decisions/023-workspaces-and-roles.md). */
export const workspaceSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  role: roleSchema,
  /** The client a Client-role member sees (decision 040); absent for the team's roles. */
  client: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
});
export type WorkspaceSummary = z.infer<typeof workspaceSummarySchema>;

/** `PUT /api/me/workspace` body: the workspace to switch to. */
export const switchWorkspaceSchema = z.strictObject({ workspaceId: z.uuid() });

/** The signed-in user as the API presents it (`GET /api/me`). */
export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  companyName: z.string(),
  /** The user's role in the active workspace. */
  role: roleSchema,
  /** The workspace this request acted on (the X-Workspace-Id header's, else the last used). */
  workspace: workspaceSummarySchema,
  /** Every workspace the user belongs to, for the switcher. */
  workspaces: z.array(workspaceSummarySchema),
  isAdmin: z.boolean(),
  /** False until the user opened the link emailed to their address. */
  emailVerified: z.boolean(),
  /**
   * Where this install sends verification links: 'email', or 'log' when it has no SMTP server
   * (SMTP_HOST) and the operator finds them in the server's log — so the screens can say which.
   */
  verificationDelivery: verificationDeliverySchema.shape.delivery,
  /** The user confirmed an authenticator app (docs/decisions/031-two-factor-and-passkeys.md). */
  twoFactorEnabled: z.boolean(),
  /** The active workspace requires two-factor sign-in: without it the app shows only its set-up. */
  twoFactorRequired: z.boolean(),
  createdAt: z.string(),
});
export type Me = z.infer<typeof meSchema>;

/** Full name as the app builds it: first + last, single-spaced. */
export function fullName(firstName: string, lastName: string): string {
  return `${firstName.trim()} ${lastName.trim()}`.trim();
}

/** The name of a new account's workspace, the sidebar's Organization line (docs/product.md#sidebar): the company name, or 'Personal' without one. */
export function organizationLabel(companyName: string | null | undefined): string {
  return companyName?.trim() ? companyName.trim() : 'Personal';
}
