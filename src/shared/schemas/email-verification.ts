import { z } from 'zod';
import { fieldMessages as f } from './field-messages';

/**
 * Address verification and finding an address from a name (docs/decisions/047-address-verification.md,
 * docs/product.md#address-verification): the verdicts, the workspace's verification settings, a
 * campaign's bulk run and the candidate addresses of a person.
 */

/** What a verification says of an address; 'risky' is a catch-all domain (or a disposable address). */
export const emailVerdicts = ['deliverable', 'undeliverable', 'risky', 'unknown'] as const;
export type EmailVerdict = (typeof emailVerdicts)[number];

/** The verification providers a workspace can connect with its own API key. */
export const verifierProviders = ['hunter', 'zerobounce', 'neverbounce'] as const;
export type VerifierProvider = (typeof verifierProviders)[number];

/** Where a verdict came from: a provider, LinkPilot's own SMTP check, or DNS (the domain accepts no mail). */
export const verdictSources = [...verifierProviders, 'smtp', 'dns'] as const;
export type VerdictSource = (typeof verdictSources)[number];

export const verifierLabels: Record<VerdictSource, string> = {
  hunter: 'Hunter',
  zerobounce: 'ZeroBounce',
  neverbounce: 'NeverBounce',
  smtp: 'SMTP check',
  dns: 'DNS',
};

export const verdictLabels: Record<EmailVerdict, string> = {
  deliverable: 'Deliverable',
  undeliverable: 'Undeliverable',
  risky: 'Risky (catch-all)',
  unknown: 'Unknown',
};

/** One address's verdict, kept with its source and date. */
export const emailVerificationSchema = z.object({
  verdict: z.enum(emailVerdicts),
  source: z.enum(verdictSources),
  /** What the source said, in words ("Mailbox not found", "The domain accepts every address"). */
  detail: z.string(),
  checkedAt: z.string(),
});
export type EmailVerification = z.infer<typeof emailVerificationSchema>;

/** The longest API key accepted (characters). */
export const VERIFIER_KEY_MAX = 500;

export const emailVerificationMessages = {
  fullAccessOnly: 'Only members with Full Access manage email verification.',
  keyRequired: 'Enter the API key of the provider',
  keyTooLong: f.tooLong('API key', VERIFIER_KEY_MAX),
  saved: 'Email verification settings saved',
  saveFailed: 'Failed to save the email verification settings',
  loadFailed: 'Failed to load the email verification settings',
  nothingToVerify:
    'Connect a verification provider or turn on the SMTP check in Settings → Email verification first.',
  noAddress: 'This prospect has no email address to verify.',
  alreadyRunning: 'Addresses of this campaign are being verified already.',
  noName: 'Add the person’s name to the prospect first: candidate addresses are made from it.',
  noDomain: 'This prospect has no website domain to build addresses at.',
  hasAddress: 'This prospect already has an address.',
  notACandidate: 'Choose one of the candidate addresses.',
  unverifiedNeedsConsent:
    'This address is not verified as deliverable. Confirm that you want to use it anyway.',
  undeliverable: 'This address was verified as undeliverable.',
} as const;

/** GET /api/workspace/email-verification: the settings, never the key itself. */
export const verificationSettingsSchema = z.object({
  provider: z.enum(verifierProviders).nullable(),
  /** The key's last 4 characters, to recognise it; null without a provider. */
  keyEnding: z.string().nullable(),
  /** LinkPilot's own SMTP check (RCPT TO without sending); off by default. */
  smtpCheck: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type VerificationSettings = z.infer<typeof verificationSettingsSchema>;

/**
 * PUT /api/workspace/email-verification. `apiKey` empty keeps the saved key of the same provider;
 * `provider` null disconnects it.
 */
export const verificationSettingsInputSchema = z.strictObject({
  provider: z.enum(verifierProviders).nullable(),
  apiKey: z.string().trim().max(VERIFIER_KEY_MAX, emailVerificationMessages.keyTooLong).default(''),
  smtpCheck: z.boolean(),
});
export type VerificationSettingsInput = z.input<typeof verificationSettingsInputSchema>;

/** A campaign's bulk "Verify addresses" run and its progress. */
export const verificationRunSchema = z.object({
  id: z.string(),
  status: z.enum(['running', 'completed', 'failed']),
  total: z.number().int(),
  done: z.number().int(),
  counts: z.partialRecord(z.enum(emailVerdicts), z.number().int()),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type VerificationRun = z.infer<typeof verificationRunSchema>;

/** GET /api/campaigns/:id/address-verification: the latest run, or null before the first. */
export const latestVerificationRunSchema = verificationRunSchema.nullable();

/** How a candidate address is built from a person's name (first.last, flast, …). */
export const addressPatterns = [
  'first.last',
  'firstlast',
  'flast',
  'first',
  'first_last',
  'firstl',
  'f.last',
  'last',
  'last.first',
] as const;
export type AddressPattern = (typeof addressPatterns)[number];

/** One candidate address of a person, verified, with how likely it is theirs (0–100 %). */
export const addressCandidateSchema = z.object({
  email: z.string(),
  pattern: z.enum(addressPatterns),
  /** True when the pattern was learned from addresses found on the domain. */
  learned: z.boolean(),
  confidence: z.number().int().min(0).max(100),
  verification: emailVerificationSchema.nullable(),
});
export type AddressCandidate = z.infer<typeof addressCandidateSchema>;

/** POST /api/prospects/:id/address-candidates answer: best first. */
export const addressCandidatesSchema = z.object({ candidates: z.array(addressCandidateSchema) });

/**
 * POST /api/prospects/:id/contact-address: use a candidate as the prospect's address. An address not
 * verified deliverable needs `allowUnverified` (the user's explicit consent).
 */
export const useCandidateInputSchema = z.strictObject({
  email: z.email('Enter a valid email address'),
  allowUnverified: z.boolean().default(false),
});
export type UseCandidateInput = z.input<typeof useCandidateInputSchema>;

/** POST /api/campaigns/:id/enrollment body: whether risky (catch-all) addresses are enrolled too. */
export const enrollmentInputSchema = z.strictObject({ includeRisky: z.boolean().optional() }).nullish();
