import { z } from 'zod';
import { limits } from '../limits';
import { fieldMessages as f } from './field-messages';

/** Messages of starting outreach from a campaign (docs/decisions/009-outreach-sending.md), shown by the forms and sent by the server. */
export const outreachMessages = {
  mailboxRequired: 'Choose at least one mailbox',
  tooManyMailboxes: 'A campaign can rotate at most 10 mailboxes',
  sequenceRequired: 'Choose an email sequence',
  mailboxNotFound: 'Email account not found',
  sequenceNotFound: 'Sequence not found',
  noMailbox: 'Choose a mailbox for this campaign before sending emails',
  noSequence: 'Choose an email sequence for this campaign before sending emails',
  emptySequence: 'The campaign’s sequence has no steps',
  completed: 'A completed campaign cannot send emails',
  nothingToEnroll: 'No pending prospect with an email address is left to enroll',
  noEmail: 'This prospect has no email address',
  suppressed: 'This address is on the suppression list',
  domainBlocked: `This domain is marked do not contact, or another campaign contacted it in the last ${limits.recontactDays} days`,
  alreadyEnrolled: 'This prospect is already enrolled',
  notPending: 'Only pending prospects can be enrolled',
  notEligible: 'This prospect cannot be contacted now',
  /** Why a prospect's address was not enrolled (its check, docs/decisions/015-sender-domain-and-address-checks.md). */
  undeliverable: 'This prospect’s address cannot receive mail.',
  domainRefusesMail: 'their domain does not accept mail',
  invalidAddress: 'their address is not valid',
  /** Prospects another Send Emails request (a second click, another tab) enrolled at the same moment. */
  enrolledMeanwhile: 'already enrolled by another Send Emails request',
  /** Left out by their address's verification (docs/decisions/047-address-verification.md). */
  verifiedUndeliverable: 'their address was verified undeliverable',
  riskyNotIncluded: 'their domain accepts every address (catch-all, risky) and you did not include them',
  verifiedUndeliverableOne: 'This prospect’s address was verified undeliverable.',
  riskyOne: 'This prospect’s address is risky (its domain accepts every address). Confirm to send anyway.',
  mailboxesDisconnected:
    'Every mailbox of this campaign has a connection error: the emails will wait until you reconnect one in Email Accounts.',
  settingsSaved: 'Outreach settings saved',
  settingsFailed: 'Failed to save outreach settings',
  loadFailed: 'Failed to load outreach settings',
  enrollFailed: 'Failed to start sending. Please try again.',
  paused: 'Sending paused',
  pausedEnrollment: 'This campaign is paused: nothing goes out until you resume sending.',
  resumed: 'Sending resumed',
} as const;

const m = outreachMessages;

/** Most mailboxes one campaign rotates. */
export const MAX_CAMPAIGN_MAILBOXES = 10;

/**
 * The campaign's outreach settings form and `PUT /api/campaigns/:id/outreach` body: the mailboxes
 * its enrollments are spread over (round-robin), its sequence, and open/click tracking.
 */
export const campaignOutreachInputSchema = z.strictObject({
  emailAccountIds: z
    .array(z.uuid(m.mailboxNotFound))
    .min(1, m.mailboxRequired)
    .max(MAX_CAMPAIGN_MAILBOXES, m.tooManyMailboxes)
    .transform((ids) => [...new Set(ids)]),
  sequenceId: z.uuid({ error: m.sequenceRequired }),
  trackOpens: z.boolean(),
  trackClicks: z.boolean(),
});
export type CampaignOutreachInput = z.input<typeof campaignOutreachInputSchema>;

/**
 * How far a campaign's outreach has come: enrollments, and messages by state. `queued` counts the
 * messages waiting to go out, including steps that are due but not yet turned into a message.
 */
export const outreachProgressSchema = z.object({
  enrolled: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  flagged: z.number().int(),
  failed: z.number().int(),
});
export type OutreachProgress = z.infer<typeof outreachProgressSchema>;

/** `GET /api/campaigns/:id/outreach`: the settings (mailboxes in rotation order) and the progress. */
export const campaignOutreachSchema = z.object({
  emailAccountIds: z.array(z.string()),
  sequenceId: z.string().nullable(),
  trackOpens: z.boolean(),
  trackClicks: z.boolean(),
  progress: outreachProgressSchema,
});
export type CampaignOutreach = z.infer<typeof campaignOutreachSchema>;

/**
 * `GET /api/campaigns/:id/enrollment`: how many prospects Send Emails would enroll now, what stops
 * the campaign from sending (no mailbox, no sequence…) and what would hold its emails back (every
 * mailbox in connection error); each null when nothing does.
 */
export const enrollmentPreviewSchema = z.object({
  /** Prospects enrolled by Send Emails, risky ones left out. */
  eligible: z.number().int(),
  /** Eligible but their address is risky (catch-all): enrolled only when the user includes them. */
  risky: z.number().int().default(0),
  /** Eligible but their address was verified undeliverable: never enrolled. */
  undeliverable: z.number().int().default(0),
  blocker: z.string().nullable(),
  warning: z.string().nullable(),
});
export type EnrollmentPreview = z.infer<typeof enrollmentPreviewSchema>;

/** `POST /api/campaigns/:id/enrollment` and `POST /api/prospects/:id/enrollment` answer. */
export const enrollmentResultSchema = z.object({
  enrolled: z.number().int(),
  /** Prospects left out because their address cannot receive mail, counted per reason (e.g. domainRefusesMail). */
  notEnrolled: z.array(z.object({ prospects: z.number().int(), reason: z.string() })),
});
export type EnrollmentResult = z.infer<typeof enrollmentResultSchema>;

/** `POST /api/sequences/preview` body: a step as the editor holds it, rendered for one of the user's prospects. */
export const stepPreviewInputSchema = z.strictObject({
  prospectId: z.uuid(),
  subject: z.string().max(300, f.tooLong('Subject', 300)),
  content: z.string().max(20_000, f.tooLong('Content', 20_000)),
  /** The step's number, which seeds its spintax (decision 043); 1 when left out. */
  stepNumber: z.number().int().min(1).max(limits.maxSequenceSteps).default(1),
});
export type StepPreviewInput = z.infer<typeof stepPreviewInputSchema>;

/**
 * The rendered step; `missing` lists the placeholders this prospect has no value for (the step would
 * be flagged): `[First Name]` …, or `{{custom.key}}` for a custom field.
 */
export const stepPreviewSchema = z.object({
  subject: z.string(),
  content: z.string(),
  missing: z.array(z.string()),
});
export type StepPreview = z.infer<typeof stepPreviewSchema>;
