import { z } from 'zod';
import { emailField, teamRoleSchema } from './auth';
import { fieldMessages as f } from './field-messages';

/** Longest issuer URL and client id / secret (characters). */
export const SSO_ISSUER_MAX = 2000;
export const SSO_CLIENT_FIELD_MAX = 1000;
/** Email domains one workspace's provider may serve. */
export const SSO_DOMAINS_MAX = 20;

/** What the single sign-on settings, the sign-in page and the API say (docs/product.md#single-sign-on). */
export const ssoMessages = {
  issuerRequired: 'Issuer URL is required',
  issuerInvalid: 'Enter the issuer URL, starting with https:// or http://',
  issuerTooLong: f.tooLong('Issuer URL', SSO_ISSUER_MAX),
  issuerPrivate: 'This address is on a private network. The identity provider must be on a public address.',
  clientIdRequired: 'Client ID is required',
  clientIdTooLong: f.tooLong('Client ID', SSO_CLIENT_FIELD_MAX),
  clientSecretRequired: 'Client secret is required',
  clientSecretTooLong: f.tooLong('Client secret', SSO_CLIENT_FIELD_MAX),
  domainsRequired: 'Enter at least one email domain',
  domainInvalid: 'Enter domains such as example.com, separated by commas',
  domainsTooMany: `A workspace can have at most ${SSO_DOMAINS_MAX} domains`,
  domainNotYours:
    'You can only add the domain of your own verified email address (or its subdomains). Verify your address first.',
  domainTaken: (domain: string) => `${domain} already signs in to another workspace.`,
  fullAccessOnly: 'Only members with Full Access manage single sign-on.',
  noProvider: 'Single sign-on is not set up for this email domain. Sign in with your password.',
  providerUnreachable: 'The identity provider could not be reached. Try again later or ask your admin.',
  tooManyStarts: 'Too many sign-in attempts. Try again in a few minutes.',
  loadFailed: 'Failed to load single sign-on settings',
  saved: 'Single sign-on saved',
  saveFailed: 'Failed to save single sign-on',
  removed: 'Single sign-on removed',
  removeFailed: 'Failed to remove single sign-on',
  startFailed: 'Could not start single sign-on',
  // Shown on the sign-in page after a failed return from the identity provider (?sso=…).
  failed: 'Single sign-on failed. Try again, or sign in with your password.',
  existingAccount:
    'An account with this email already exists and is not a member of this workspace. Sign in with your password, then ask for an invitation.',
} as const;

/** The sign-in page's query parameter that says why a single sign-on did not end signed in. */
export const ssoErrorParam = 'sso';
export const ssoErrors = ['failed', 'existing-account'] as const;
export type SsoError = (typeof ssoErrors)[number];

const m = ssoMessages;

/** A lower-case DNS name of at least two labels, e.g. `example.com` (no scheme, port or path). */
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/;

/** Comma- or space-separated domains as typed, into a list of distinct lower-case ones. */
const domainsField = z
  .union([z.string(), z.array(z.string())], { error: m.domainsRequired })
  .transform((value) =>
    [
      ...new Set((Array.isArray(value) ? value : value.split(/[\s,]+/)).map((d) => d.trim().toLowerCase())),
    ].filter(Boolean),
  )
  .pipe(
    z
      .array(z.string().regex(DOMAIN, m.domainInvalid))
      .min(1, m.domainsRequired)
      .max(SSO_DOMAINS_MAX, m.domainsTooMany),
  );

/**
 * The SSO settings form and `PUT /api/workspace/sso`. `clientSecret` may be left empty when a
 * provider is already saved: the stored one is kept.
 */
export const ssoSettingsSchema = z.strictObject({
  issuer: z
    .string({ error: m.issuerRequired })
    .trim()
    .min(1, m.issuerRequired)
    .max(SSO_ISSUER_MAX, m.issuerTooLong)
    .pipe(z.url({ protocol: /^https?$/, error: m.issuerInvalid })),
  clientId: z
    .string({ error: m.clientIdRequired })
    .trim()
    .min(1, m.clientIdRequired)
    .max(SSO_CLIENT_FIELD_MAX, m.clientIdTooLong),
  clientSecret: z.string().trim().max(SSO_CLIENT_FIELD_MAX, m.clientSecretTooLong).default(''),
  domains: domainsField,
  defaultRole: teamRoleSchema.default('member'),
});
export type SsoSettingsInput = z.input<typeof ssoSettingsSchema>;
export type SsoSettings = z.output<typeof ssoSettingsSchema>;

/** The workspace's provider as the settings screen shows it (never the secret); null when none. */
export const ssoProviderSchema = z
  .object({
    issuer: z.string(),
    clientId: z.string(),
    domains: z.array(z.string()),
    defaultRole: teamRoleSchema,
    updatedAt: z.string(),
  })
  .nullable();
export type SsoProvider = z.infer<typeof ssoProviderSchema>;

/** "Sign in with SSO": the address whose domain picks the provider. */
export const ssoStartSchema = z.strictObject({ email: emailField });
export type SsoStartInput = z.infer<typeof ssoStartSchema>;

/** Where the browser goes next: the identity provider's authorization URL. */
export const ssoStartResultSchema = z.object({ url: z.string() });
