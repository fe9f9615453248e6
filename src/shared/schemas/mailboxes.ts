import { z } from 'zod';
import { mailboxHealthSchema } from './mail-health';
import { pageQueryFields, pageSchema, withPageCursor } from './pagination';
import { emailFormat } from './email-address';
import { fieldMessages as f } from './field-messages';

/** Messages of the mailbox screens (docs/product.md#errors). */
export const mailboxMessages = {
  connectFailed: 'Failed to connect email account',
  gmailFailed: 'Failed to connect to Gmail',
  gmailRetry: 'Failed to connect Gmail account. Please try again.',
  microsoftFailed: 'Failed to connect to Microsoft',
  microsoftRetry: 'Failed to connect Microsoft account. Please try again.',
  noAuthResponse: 'No response received from authentication service',
  missingUrl: 'Invalid response from authentication service - missing URL',
  disconnectFailed: 'Error disconnecting email account. Please try again.',
  fetchFailed: 'Failed to fetch email accounts',
  alreadyConnected: 'This mailbox is already connected.',
  tooManyChecks: 'Too many connection attempts. Please wait a few minutes and try again.',
  smtpLoginRefused: 'The SMTP server refused the user name or password.',
  imapLoginRefused: 'The IMAP server refused the user name or password.',
  connected: 'Mailbox connected',
  connectionErrorLabel: 'Connection Error',
  gmailConnected: 'Gmail account connected',
  microsoftConnected: 'Microsoft account connected',
  disconnected: 'Mailbox disconnected',
  redirectRefused: 'The redirect address is not this app’s mailbox page.',
  settingsSaved: 'Mailbox settings saved',
  settingsFailed: 'Failed to save mailbox settings',
  spacingOrder: 'The longest pause cannot be shorter than the shortest',
  gmailPassword: 'Gmail mailboxes sign in through Google: connect the account again instead.',
  resumed: 'Mailbox resumed',
  resumeFailed: 'Failed to resume the mailbox',
  paused: 'Mailbox paused',
  pauseFailed: 'Failed to pause the mailbox',
  notPaused: 'Only a paused mailbox can be resumed.',
  notConnected: 'Only a connected mailbox can be paused.',
  pausedByUser: 'Paused by you',
  pausedLabel: 'Paused',
  healthFailed: 'Failed to load the mailbox health',
  microsoftPassword: 'Microsoft mailboxes sign in through Microsoft: connect the account again instead.',
  /** Outlook.com and Exchange Online refuse passwords for SMTP and IMAP (docs/decisions/016-microsoft-mailboxes.md). */
  microsoftPreset:
    'Outlook.com and Microsoft 365 refuse passwords for SMTP and IMAP: use “Connect Microsoft” above instead.',
  microsoftPresetUnavailable:
    'Outlook.com and Microsoft 365 refuse passwords for SMTP and IMAP, and this server has no Microsoft sign-in set up (MICROSOFT_CLIENT_ID).',
  privateHost: (protocol: 'SMTP' | 'IMAP', host: string) =>
    `The ${protocol} server ${host} is on a private network, which this app does not connect to.`,
} as const;

export const mailSecuritySchema = z.enum(['tls', 'starttls', 'none']);
export type MailSecurity = z.infer<typeof mailSecuritySchema>;

const host = z
  .string()
  .trim()
  .min(1, 'Host is required')
  .max(253, f.tooLong('Host', 253))
  .regex(/^[a-z0-9.-]+$/i, 'Enter a host name such as smtp.example.com');
const port = z.coerce
  .number({ error: 'Port must be a number' })
  .int(f.wholeNumber('Port'))
  .min(1, 'Port must be 1–65535')
  .max(65535, 'Port must be 1–65535');

/** Messages per day a mailbox may send unless the user says otherwise (cold-email practice). */
export const defaultDailyLimit = 30;

/** Messages per day a mailbox may send. */
const dailyLimit = z.coerce
  .number({ error: 'Daily limit must be a number' })
  .int('Daily limit must be a whole number')
  .min(1, 'Daily limit must be at least 1')
  .max(2000, 'Daily limit is at most 2000');

const spacingMinutes = z.coerce
  .number({ error: 'Enter a number of minutes' })
  .int('Enter whole minutes')
  .min(1, 'At least 1 minute')
  .max(240, 'At most 240 minutes');

/** A health threshold: a percentage of the recent sends, 0–100 (decimals allowed). */
const thresholdPct = z.coerce
  .number({ error: 'Enter a percentage' })
  .min(0, 'Enter a percentage from 0 to 100')
  .max(100, 'Enter a percentage from 0 to 100');

/**
 * Mailbox settings form and `PATCH /api/email-accounts/:id` body: the daily limit, the random pause
 * between two of its messages (minutes), the health thresholds above which it is paused (%, 0–100;
 * left out, they stay as they are), and for an SMTP/IMAP mailbox an optional new password —
 * given, both logins are checked again and a mailbox in connection error is connected again.
 */
export const mailboxSettingsSchema = z
  .strictObject({
    dailyLimit,
    minSpacingMinutes: spacingMinutes,
    maxSpacingMinutes: spacingMinutes,
    maxHardBouncePct: thresholdPct.optional(),
    maxPolicyBlockPct: thresholdPct.optional(),
    maxUnsubscribePct: thresholdPct.optional(),
    password: z
      .string()
      .max(1024, f.tooLong('Password', 1024))
      .optional()
      .transform((v) => v || undefined),
  })
  .refine((s) => s.maxSpacingMinutes >= s.minSpacingMinutes, {
    path: ['maxSpacingMinutes'],
    message: mailboxMessages.spacingOrder,
  });
export type MailboxSettingsInput = z.input<typeof mailboxSettingsSchema>;

/** Connect-a-mailbox form and `POST /api/email-accounts` body: SMTP for sending, IMAP for reading replies. */
export const connectMailboxSchema = z.strictObject({
  email: z.string().trim().min(1, 'Email is required').pipe(emailFormat('Invalid email address')),
  smtpHost: host,
  smtpPort: port,
  smtpSecurity: mailSecuritySchema,
  imapHost: host,
  imapPort: port,
  imapSecurity: mailSecuritySchema,
  username: z.string().trim().min(1, 'User name is required').max(254, f.tooLong('User name', 254)),
  password: z.string().min(1, 'Password is required').max(1024, f.tooLong('Password', 1024)),
  dailyLimit: dailyLimit.default(defaultDailyLimit),
});
export type ConnectMailboxInput = z.input<typeof connectMailboxSchema>;

/** A mailbox as the API shows it (no secrets, ever). */
export const mailboxSchema = z.object({
  id: z.string(),
  email: z.string(),
  provider: z.enum(['gmail', 'smtp', 'microsoft']),
  status: z.enum(['connected', 'error', 'paused']),
  statusReason: z.string().nullable(),
  /** What put it in 'error' or 'paused': 'health' = its bounce or unsubscribe rates, 'user' = by hand. */
  statusSource: z.enum(['smtp', 'imap', 'health', 'user']).nullable(),
  lastSync: z.string().nullable(),
  emailsSentToday: z.number().int(),
  dailyLimit: z.number().int(),
  /** The warm-up limit while a new mailbox ramps up to `dailyLimit`; null once it is over. */
  rampLimit: z.number().int().nullable(),
  /** Health thresholds (%, 0–100) above which it is paused. */
  maxHardBouncePct: z.number(),
  maxPolicyBlockPct: z.number(),
  maxUnsubscribePct: z.number(),
  minSpacingMinutes: z.number(),
  maxSpacingMinutes: z.number(),
  /** The member who connected it; null once they left the install. */
  connectedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Mailbox = z.infer<typeof mailboxSchema>;

/**
 * `GET /api/email-accounts/:id/health`: the figures over the mailbox's health window, the instant
 * the window starts (7 days ago, or when the user last resumed it), and the fewest sends before a
 * rate may pause it.
 */
export const mailboxHealthReportSchema = z.object({
  health: mailboxHealthSchema,
  since: z.string(),
  minimumSends: z.number().int(),
});
export type MailboxHealthReport = z.infer<typeof mailboxHealthReportSchema>;

/**
 * A message the mailbox sync set aside because it could not be read or applied (broken MIME, too
 * large, a database error): its INBOX UID, what could be read of its headers, size in bytes, reason.
 */
export const quarantinedMessageSchema = z.object({
  id: z.string(),
  uid: z.number().int(),
  messageId: z.string().nullable(),
  fromEmail: z.string().nullable(),
  subject: z.string().nullable(),
  size: z.number().int(),
  reason: z.string(),
  createdAt: z.string(),
});
export type QuarantinedMessage = z.infer<typeof quarantinedMessageSchema>;

/** `GET /api/email-accounts/:id/quarantine` query: 1-based page and page size; always newest first. */
export const quarantineQuerySchema = withPageCursor(
  z.object({
    page: pageQueryFields.page,
    pageSize: pageQueryFields.pageSize,
    cursor: pageQueryFields.cursor,
  }),
);
export type QuarantineQuery = Partial<z.output<typeof quarantineQuerySchema>>;

/** `GET /api/email-accounts/:id/quarantine`: one page of the mailbox's set-aside messages and their total. */
export const quarantinePageSchema = pageSchema(quarantinedMessageSchema);
export type QuarantinePage = z.infer<typeof quarantinePageSchema>;

/** Common presets so users do not have to look up their provider's servers. */
export const mailboxPresets = [
  {
    name: 'Outlook / Microsoft 365',
    smtpHost: 'smtp.office365.com',
    smtpPort: 587,
    smtpSecurity: 'starttls',
    imapHost: 'outlook.office365.com',
    imapPort: 993,
    imapSecurity: 'tls',
  },
  {
    name: 'Yahoo Mail',
    smtpHost: 'smtp.mail.yahoo.com',
    smtpPort: 465,
    smtpSecurity: 'tls',
    imapHost: 'imap.mail.yahoo.com',
    imapPort: 993,
    imapSecurity: 'tls',
  },
  {
    name: 'Zoho Mail',
    smtpHost: 'smtp.zoho.com',
    smtpPort: 465,
    smtpSecurity: 'tls',
    imapHost: 'imap.zoho.com',
    imapPort: 993,
    imapSecurity: 'tls',
  },
  {
    name: 'Fastmail',
    smtpHost: 'smtp.fastmail.com',
    smtpPort: 465,
    smtpSecurity: 'tls',
    imapHost: 'imap.fastmail.com',
    imapPort: 993,
    imapSecurity: 'tls',
  },
] as const satisfies readonly {
  smtpSecurity: MailSecurity;
  imapSecurity: MailSecurity;
  [k: string]: unknown;
}[];

/** Mailboxes connected by OAuth2 sign-in (Google, Microsoft) instead of a password. */
export const oauthMailboxProviderSchema = z.enum(['gmail', 'microsoft']);
export type OAuthMailboxProvider = z.infer<typeof oauthMailboxProviderSchema>;

/** What the connect screens say for each OAuth2 provider. */
export const oauthMessages = {
  gmail: {
    product: 'Gmail',
    connect: 'Connect Gmail',
    failed: mailboxMessages.gmailFailed,
    retry: mailboxMessages.gmailRetry,
    connected: mailboxMessages.gmailConnected,
  },
  microsoft: {
    product: 'Microsoft',
    connect: 'Connect Microsoft (Outlook / Microsoft 365)',
    failed: mailboxMessages.microsoftFailed,
    retry: mailboxMessages.microsoftRetry,
    connected: mailboxMessages.microsoftConnected,
  },
} as const satisfies Record<OAuthMailboxProvider, Record<string, string>>;

/** `GET /api/email-accounts/oauth-providers`: which sign-ins this server has an OAuth client for. */
export const oauthAvailabilitySchema = z.object({ gmail: z.boolean(), microsoft: z.boolean() });

/** `POST /api/email-accounts/{gmail,microsoft}/authorize` body: where the provider sends the user back. */
export const oauthAuthorizeSchema = z.strictObject({ redirect_uri: z.url() });
/** `POST /api/email-accounts/{gmail,microsoft}/authorize` answer: the provider's URL, or why there is none. */
export const oauthAuthorizeResponseSchema = z.object({
  url: z.string().optional(),
  error: z.string().optional(),
});
/** `POST /api/email-accounts/{gmail,microsoft}/callback` body: what the provider appended to the redirect. */
export const oauthCallbackSchema = z.strictObject({
  code: z.string().min(1).max(2048),
  state: z.string().min(1).max(512),
  redirect_uri: z.url(),
});
export const oauthCallbackResponseSchema = z.object({
  success: z.boolean(),
  error: z.string().optional(),
});
