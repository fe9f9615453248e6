import { z } from 'zod';
import { campaignStatusSchema } from '../campaigns';
import { addressPatterns, emailVerdicts, verdictSources, verifierProviders } from '../email-verification';
import { liveLinkStatuses } from '../live-links';
import { prospectStatusSchema } from '../prospects';
import { stepConditions } from '../../step-conditions';
import { customFieldTypes, customValuesSchema } from '../custom-fields';
import { defineEvent, plural } from './define';

/**
 * The one list of domain events (docs/decisions/028-one-event-list.md): every state change of the
 * product is one of these, emitted with `emit(tx, event)` (src/server/events/emit.ts) in the
 * transaction of the change. Each names its payload and the outputs it feeds: an activity entry
 * (its kind is the event's name), live screen events (NOTIFY at commit) and a webhook event of the
 * same name. The activity kinds, the webhook catalogue (docs/product.md#webhooks, checked by
 * catalog-doc.test.ts) and the OpenAPI document's `webhooks` are all read from here.
 *
 * Names are part of the public API (webhook types) and of stored data (activity kinds): only ever
 * added to, never renamed. Webhook payload fields are only ever added.
 */

const id = z.string();
const iso = z.string();

/** The prospect an event is about, with its campaign (P in docs/product.md#webhooks). */
export const prospectRefSchema = z.object({
  prospectId: id,
  campaignId: id,
  campaignName: z.string(),
  website: z.string(),
  /** The prospect's contact address; null when it has none. */
  email: z.string().nullable(),
  /** Its custom field values by key (docs/decisions/044-custom-fields.md); `{}` when it has none. */
  customFields: customValuesSchema,
});
export type ProspectRef = z.infer<typeof prospectRefSchema>;

/**
 * The outreach message an answer or an unsubscribe is about (S in docs/product.md#webhooks): its
 * step, the variant it sent with its label (A–D) and the condition set it came from
 * (docs/decisions/043-sequence-variants-and-spintax.md, docs/decisions/045-conditional-follow-ups.md).
 * `variantId` null: the step has one version; every field null when the message no longer exists.
 */
export const sentMessageRefSchema = z.object({
  outreachMessageId: id.nullable(),
  stepNumber: z.number().int().nullable(),
  variantId: z.string().nullable(),
  variantLabel: z.string().nullable(),
  branch: z.enum(stepConditions).nullable(),
});
export type SentMessageRef = z.infer<typeof sentMessageRefSchema>;

/** The mailbox an inbound message arrived in (M in docs/product.md#webhooks). */
export const mailboxRefSchema = z.object({ mailboxId: id, mailboxEmail: z.string() });
export type MailboxRef = z.infer<typeof mailboxRefSchema>;

/** A custom field of prospects: its id, key and label as they are now. */
const customFieldFacts = z.object({ fieldId: id, key: z.string(), label: z.string() });
const campaignRef = z.object({ campaignId: id, name: z.string() });
const campaignCount = z.object({ campaignId: id, campaignName: z.string(), count: z.number().int() });
const mailboxFacts = z.object({ mailboxId: id, email: z.string() });
const memberFacts = z.object({ email: z.string(), role: z.string() });
/** A conversation of the inbox, named by its prospect's website. */
const threadRef = z.object({ threadId: id, prospectId: id, campaignId: id, website: z.string() });

const liveLinkChange = z.object({
  liveLinkId: id,
  campaignId: id,
  campaignName: z.string(),
  /** The link's target (the campaign's page) and the page that carries it. */
  url: z.string(),
  pageUrl: z.string(),
  anchorText: z.string(),
  from: z.enum(liveLinkStatuses),
  to: z.enum(liveLinkStatuses),
  /** Why the check judged it so (src/shared/schemas/live-links.ts linkCheckReasons); empty when active. */
  reasons: z.array(z.string()),
  httpStatus: z.number().int().nullable(),
  checkedAt: iso,
});
const liveLinkWhen = "a check changed a live link's status (recovered: back to active)";

/** A placement of the ledger as its events carry it (docs/decisions/034-clients-and-placements.md). */
const placementFacts = z.object({
  placementId: id,
  source: z.enum(['prospect', 'live_link', 'manual']),
  clientId: id.nullable(),
  campaignId: id.nullable(),
  prospectId: id.nullable(),
  liveLinkId: id.nullable(),
  pageUrl: z.string(),
  targetUrl: z.string(),
  anchorText: z.string(),
  rel: z.string(),
  liveAt: z.string().nullable(),
  /** Minor units of `currency` (ISO 4217); both null when no price is agreed. */
  priceMinor: z.number().int().nullable(),
  currency: z.string().nullable(),
  paymentStatus: z.enum(['unpaid', 'paid', 'refunded']),
  warrantyMonths: z.number().int().nullable(),
});
export type PlacementFacts = z.infer<typeof placementFacts>;
const clientFacts = z.object({ clientId: id, name: z.string() });
/** A report's share link (docs/decisions/039-client-reports.md): its scope's name and dates. */
const shareLinkFacts = z.object({
  shareLinkId: id,
  scopeName: z.string(),
  from: z.string(),
  to: z.string(),
  expiresAt: z.string(),
});
const scheduleFacts = z.object({
  scheduleId: id,
  scopeName: z.string(),
  frequency: z.enum(['weekly', 'monthly']),
});

/** A replacement claim as its events carry it (docs/decisions/038-warranty-claims.md). */
const claimFacts = z.object({
  claimId: id,
  placementId: id,
  status: z.enum(['open', 'publisher_replied', 'restored', 'replaced', 'refunded', 'written_off']),
  /** What was wrong when it opened (shared/schemas/claims.ts placementIssues). */
  issues: z.array(z.string()),
  pageUrl: z.string(),
  targetUrl: z.string(),
  anchorText: z.string(),
  rel: z.string(),
  liveAt: z.string().nullable(),
  warrantyEndsOn: z.string().nullable(),
  /** The proof of the check that opened it. */
  httpStatus: z.number().int().nullable(),
  checkedAt: iso.nullable(),
});
export type ClaimFacts = z.infer<typeof claimFacts>;

/** A change only the open pages hear of: ids, no activity entry, no webhook. */
const liveOnly = <S extends z.ZodType>(payload: S, label: string, live: EventLive) =>
  defineEvent({ payload, label, live });
type EventLive = Parameters<typeof defineEvent>[0]['live'];

export const domainEvents = {
  // Campaigns
  'campaign.created': defineEvent({
    payload: campaignRef.extend({
      websiteUrl: z.string(),
      type: z.enum(['ai', 'manual']),
      status: campaignStatusSchema,
    }),
    label: 'Campaign created',
    live: [],
    activity: {
      facts: (p) => ({ subject: p.name }),
      sentence: (e) => `created the campaign ${e.subject}`,
    },
    webhook: { when: 'a campaign was created, in the app or through the API' },
  }),
  'campaign.updated': defineEvent({
    payload: campaignRef.extend({
      /** What changed: `competitors`, `client`, or `mailboxes`, `sequence` and `tracking` (saved together). */
      changed: z.array(z.string()),
    }),
    label: 'Campaign updated',
    live: [],
    activity: {
      facts: (p) => ({ subject: p.name, details: { changed: p.changed.join(', ') } }),
      sentence: (e) => `changed the ${e.details.changed} of the campaign ${e.subject}`,
    },
    webhook: {
      when: "a campaign's settings changed (its competitors, client, mailboxes, sequence or tracking)",
    },
  }),
  'campaign.status_changed': defineEvent({
    payload: campaignRef.extend({ from: campaignStatusSchema, to: campaignStatusSchema }),
    label: 'Campaign status changed',
    live: [],
    activity: {
      facts: (p) => ({ subject: p.name, details: { from: p.from, to: p.to } }),
      sentence: (e) => `moved the campaign ${e.subject} from ${e.details.from} to ${e.details.to}`,
    },
    webhook: { when: 'a campaign moved to another status (draft, active, paused, completed)' },
  }),
  'campaign.deleted': defineEvent({
    payload: campaignRef,
    label: 'Campaign deleted',
    live: [],
    activity: {
      facts: (p) => ({ subject: p.name }),
      sentence: (e) => `deleted the campaign ${e.subject}`,
    },
    webhook: { when: 'a campaign was deleted with its prospects and outreach' },
  }),
  'campaign.collaborators_changed': defineEvent({
    payload: campaignRef.extend({ collaborators: z.array(z.string()) }),
    label: 'Collaborators changed',
    live: [],
    activity: {
      facts: (p) => ({ subject: p.name, details: { collaborators: p.collaborators.join(', ') } }),
      sentence: (e) =>
        e.details.collaborators
          ? `set the collaborators of ${e.subject} to ${e.details.collaborators}`
          : `removed the collaborators of ${e.subject}`,
    },
  }),

  // Prospects and discovery
  'prospects.imported': defineEvent({
    payload: campaignCount,
    label: 'Prospects added',
    live: ['prospects.changed'],
    activity: {
      facts: (p) => ({ subject: p.campaignName, details: { count: p.count } }),
      sentence: (e) => `added ${plural(e.details.count!, 'prospect')} to ${e.subject}`,
    },
  }),
  'prospect.found': defineEvent({
    payload: prospectRefSchema.extend({
      runId: id,
      domain: z.string().nullable(),
      contactName: z.string().nullable(),
      daScore: z.number().nullable(),
      relevanceScore: z.number().nullable(),
      opportunityType: z.string().nullable(),
      sourcePageUrl: z.string().nullable(),
    }),
    label: 'Prospect found',
    live: ['prospects.changed'],
    webhook: {
      when: 'discovery added a prospect (at most 500 per run; `discovery.finished` carries the total)',
    },
  }),
  'prospects.found': defineEvent({
    payload: campaignCount.extend({ runId: id }),
    label: 'Prospects found',
    live: [],
    activity: {
      facts: (p) => ({ subject: p.campaignName, details: { count: p.count } }),
      sentence: (e) => `found ${plural(e.details.count!, 'prospect')} for ${e.subject}`,
    },
  }),
  'prospect.status_changed': defineEvent({
    payload: prospectRefSchema.extend({
      from: prospectStatusSchema,
      to: prospectStatusSchema,
      /** Why, in the user's words ("Marked by you", "Replied", "Bounced (5.1.1)" …). */
      reason: z.string(),
    }),
    label: 'Prospect status changed',
    live: ['prospects.changed'],
    activity: {
      facts: (p) => ({ subject: p.website, details: { from: p.from, to: p.to } }),
      sentence: (e) => `marked ${e.subject} ${e.details.to}`,
      // Sends, replies and bounces move statuses by the thousand: the log keeps a member's own moves.
      onlyWithActor: true,
    },
    webhook: { when: "a prospect's status changed: by a member, a send, a reply, a bounce" },
  }),
  'prospect.changed': liveOnly(z.object({ prospectId: id, campaignId: id }), 'Prospect changed', [
    'prospects.changed',
  ]),
  'prospect.deleted': defineEvent({
    payload: z.object({ prospectId: id, campaignId: id, website: z.string() }),
    label: 'Prospect deleted',
    live: ['prospects.changed'],
    activity: {
      facts: (p) => ({ subject: p.website }),
      sentence: (e) => `deleted the prospect ${e.subject}`,
    },
  }),
  'prospect.custom_fields_changed': defineEvent({
    payload: prospectRefSchema.extend({
      /** The keys whose value was set, changed or cleared. */
      changed: z.array(z.string()),
    }),
    label: 'Prospect custom fields changed',
    live: ['prospects.changed'],
    activity: {
      facts: (p) => ({ subject: p.website, details: { fields: p.changed.join(', ') } }),
      sentence: (e) => `changed ${e.details.fields} of ${e.subject}`,
      onlyWithActor: true,
    },
    webhook: { when: "a member changed a prospect's custom field values" },
  }),
  'prospect.note_added': liveOnly(z.object({ prospectId: id, noteId: id }), 'Note added', ['inbox.changed']),
  'prospect.note_deleted': liveOnly(z.object({ noteId: id }), 'Note deleted', ['inbox.changed']),
  // Custom fields of prospects (docs/decisions/044-custom-fields.md)
  'custom_field.created': defineEvent({
    payload: customFieldFacts.extend({ type: z.enum(customFieldTypes) }),
    label: 'Custom field added',
    live: [],
    activity: {
      facts: (p) => ({ subject: p.label, details: { key: p.key } }),
      sentence: (e) => `added the custom field ${e.subject} ({{custom.${e.details.key}}})`,
    },
  }),
  'custom_field.changed': defineEvent({
    payload: customFieldFacts,
    label: 'Custom field changed',
    live: [],
    activity: {
      facts: (p) => ({ subject: p.label, details: { key: p.key } }),
      sentence: (e) => `changed the custom field ${e.subject}`,
    },
  }),
  'custom_field.deleted': defineEvent({
    payload: customFieldFacts,
    label: 'Custom field deleted',
    live: [],
    activity: {
      facts: (p) => ({ subject: p.label, details: { key: p.key } }),
      sentence: (e) => `deleted the custom field ${e.subject} and its values`,
    },
  }),
  'backlink_import.progress': liveOnly(
    z.object({ importId: id, campaignId: id }),
    'Backlink import progress',
    ['prospects.changed'],
  ),
  'discovery.progress': liveOnly(z.object({ runId: id, campaignId: id }), 'Discovery progress', [
    'discovery.progress',
  ]),
  'discovery.finished': defineEvent({
    payload: z.object({
      runId: id,
      campaignId: id,
      campaignName: z.string(),
      status: z.enum(['completed', 'failed', 'cancelled']),
      /** Prospects the run added (a re-delivered run counts its first attempt's too). */
      prospectsFound: z.number().int(),
      pagesCrawled: z.number().int(),
      error: z.string().nullable(),
    }),
    label: 'Discovery finished',
    live: ['discovery.finished'],
    webhook: { when: 'a find-prospects run ended' },
  }),
  // Address verification (docs/decisions/047-address-verification.md)
  'email_verification.settings_changed': defineEvent({
    payload: z.object({
      provider: z.enum(verifierProviders).nullable(),
      smtpCheck: z.boolean(),
    }),
    label: 'Email verification settings changed',
    live: [],
    activity: {
      facts: (p) => ({
        subject: p.provider ?? 'no provider',
        details: { smtpCheck: p.smtpCheck ? 'on' : 'off' },
      }),
      sentence: (e) => `set email verification to ${e.subject}, SMTP check ${e.details.smtpCheck}`,
    },
  }),
  'prospect.email_verified': defineEvent({
    payload: prospectRefSchema.extend({
      verdict: z.enum(emailVerdicts),
      source: z.enum(verdictSources),
      detail: z.string(),
      checkedAt: iso,
    }),
    label: 'Address verified',
    live: ['prospects.changed'],
    activity: {
      facts: (p) => ({ subject: p.email ?? p.website, details: { verdict: p.verdict } }),
      sentence: (e) => `verified ${e.subject}: ${e.details.verdict}`,
    },
    webhook: { when: "a member verified a prospect's address" },
  }),
  'prospect.email_found': defineEvent({
    payload: prospectRefSchema.extend({
      pattern: z.enum(addressPatterns),
      /** The candidate's verdict when it was chosen; null when it was never verified. */
      verdict: z.enum(emailVerdicts).nullable(),
      /** True when the member confirmed an address that was not verified deliverable. */
      unverifiedConsent: z.boolean(),
    }),
    label: 'Address found from a name',
    live: ['prospects.changed'],
    activity: {
      facts: (p) => ({ subject: p.website, details: { email: p.email ?? '' } }),
      sentence: (e) => `chose ${e.details.email} as the address at ${e.subject}`,
    },
    webhook: { when: 'a member chose a candidate address made from a contact name' },
  }),
  'address_verification.progress': liveOnly(
    z.object({ runId: id, campaignId: id }),
    'Address verification progress',
    ['prospects.changed'],
  ),
  'campaign.addresses_verified': defineEvent({
    payload: z.object({
      runId: id,
      campaignId: id,
      campaignName: z.string(),
      status: z.enum(['completed', 'failed']),
      /** Addresses per verdict. */
      deliverable: z.number().int(),
      undeliverable: z.number().int(),
      risky: z.number().int(),
      unknown: z.number().int(),
      error: z.string().nullable(),
    }),
    label: 'Addresses verified',
    live: ['prospects.changed'],
    activity: {
      facts: (p) => ({
        subject: p.campaignName,
        details: {
          count: p.deliverable + p.undeliverable + p.risky + p.unknown,
          undeliverable: p.undeliverable,
          risky: p.risky,
        },
      }),
      sentence: (e) =>
        `verified ${e.details.count} address${e.details.count === 1 ? '' : 'es'} of ${e.subject} (${e.details.undeliverable} undeliverable, ${e.details.risky} risky)`,
    },
    webhook: { when: "a campaign's Verify addresses run ended" },
  }),
  'export.downloaded': defineEvent({
    payload: z.object({ fileName: z.string() }),
    label: 'Export downloaded',
    live: [],
    activity: {
      facts: (p) => ({ subject: p.fileName }),
      sentence: (e) => `downloaded the export ${e.subject}`,
    },
  }),

  // Sequences
  'sequence.created': defineEvent({
    payload: z.object({ sequenceId: id, name: z.string(), steps: z.number().int() }),
    label: 'Sequence created',
    live: [],
    activity: {
      facts: (p) => ({ subject: p.name, details: { steps: p.steps } }),
      sentence: (e) => `created the sequence ${e.subject} (${plural(e.details.steps!, 'step')})`,
    },
  }),
  'sequence.changed': defineEvent({
    payload: z.object({ sequenceId: id, name: z.string(), steps: z.number().int() }),
    label: 'Sequence changed',
    live: [],
    activity: {
      facts: (p) => ({ subject: p.name, details: { steps: p.steps } }),
      sentence: (e) => `changed the sequence ${e.subject}`,
    },
  }),
  'sequence.variant_winner_chosen': defineEvent({
    payload: z.object({
      sequenceId: id,
      name: z.string(),
      stepNumber: z.number().int(),
      variantId: z.string(),
      /** A–D, the variant's place in the step. */
      label: z.string(),
      /** The two-proportion z-test's p-value on replies (docs/decisions/043-sequence-variants-and-spintax.md). */
      pValue: z.number(),
    }),
    label: 'Variant winner chosen',
    live: [],
    activity: {
      facts: (p) => ({
        subject: p.name,
        details: { step: p.stepNumber, variant: p.label, pValue: Number(p.pValue.toFixed(4)) },
      }),
      sentence: (e) => `chose the winning variant of a step of the sequence ${e.subject}`,
    },
  }),
  'sequence.deleted': defineEvent({
    payload: z.object({ sequenceId: id, name: z.string() }),
    label: 'Sequence deleted',
    live: [],
    activity: {
      facts: (p) => ({ subject: p.name }),
      sentence: (e) => `deleted the sequence ${e.subject}`,
    },
  }),

  // Outreach
  'outreach.started': defineEvent({
    payload: campaignCount,
    label: 'Outreach started',
    live: ['outreach.changed'],
    activity: {
      facts: (p) => ({ subject: p.campaignName, details: { count: p.count } }),
      sentence: (e) => `started outreach to ${plural(e.details.count!, 'prospect')} of ${e.subject}`,
    },
  }),
  'outreach.step_queued': liveOnly(z.object({ enrollmentId: id, campaignId: id }), 'Step queued', [
    'outreach.changed',
  ]),
  'outreach.message_sent': liveOnly(z.object({ messageId: id, campaignId: id }), 'Email sent', [
    'outreach.changed',
  ]),
  'outreach.message_deferred': liveOnly(z.object({ messageId: id, campaignId: id }), 'Email deferred', [
    'outreach.changed',
  ]),
  'outreach.message_failed': liveOnly(z.object({ messageId: id, campaignId: id }), 'Email failed', [
    'outreach.changed',
  ]),

  // Inbound mail
  'inbound.applied': liveOnly(
    z.object({ inboundMessageId: id, prospectId: id, campaignId: id }),
    'Inbound message applied',
    ['inbound.applied'],
  ),
  'reply.received': defineEvent({
    payload: prospectRefSchema
      .extend(mailboxRefSchema.shape)
      .extend(sentMessageRefSchema.shape)
      .extend({
        inboundMessageId: id,
        /** reply: a person answered; auto_reply: an automatic answer (out of office); challenge: a challenge/response system. */
        classification: z.enum(['reply', 'auto_reply', 'challenge']),
        from: z.string(),
        subject: z.string(),
        /** The start of their words (quoted history cut), at most 280 characters. */
        snippet: z.string(),
        receivedAt: iso,
        /** For an auto-reply: the return date it names, if any. */
        returnsOn: iso.nullable(),
      }),
    label: 'Reply received',
    live: [],
    webhook: { when: 'an answer to outreach arrived' },
  }),
  'bounce.received': defineEvent({
    payload: prospectRefSchema
      .extend(mailboxRefSchema.shape)
      .extend(sentMessageRefSchema.shape)
      .extend({
        inboundMessageId: id,
        /** hard: the address is dead; soft and policy: may pass later; delay: the server still tries. */
        bounceType: z.enum(['hard', 'soft', 'policy', 'delay']),
        hard: z.boolean(),
        reason: z.string(),
        /** Enhanced status code (RFC 3463), e.g. 5.1.1, when the report states one. */
        status: z.string().nullable(),
        recipient: z.string().nullable(),
        receivedAt: iso,
      }),
    label: 'Bounce',
    live: [],
    webhook: {
      when: 'a message to a prospect bounced (delays and bounces of your own blind copy are not reported)',
    },
  }),
  'unsubscribe.received': defineEvent({
    payload: prospectRefSchema.extend(sentMessageRefSchema.shape).extend({
      /** mail: they answered asking to be removed; link: they used the unsubscribe link or one-click header. */
      via: z.enum(['mail', 'link']),
      /** The message they asked by (mail only). */
      inboundMessageId: id.nullable(),
      /** The mailbox their request reached, or that sent the message they unsubscribed from (null once deleted). */
      mailboxId: id.nullable(),
      mailboxEmail: z.string().nullable(),
      receivedAt: iso,
    }),
    label: 'Unsubscribe',
    live: [],
    webhook: {
      when: 'a prospect asked to be removed, by mail or by the unsubscribe link (the link: once per address)',
    },
  }),

  // Inbox
  'inbox.message_filed': liveOnly(z.object({ prospectId: id }), 'Message filed', ['inbox.changed']),
  'inbox.auto_labelled': liveOnly(z.object({ prospectId: id, category: z.string() }), 'Labelled by AI', [
    'inbox.changed',
  ]),
  'inbox.read_changed': liveOnly(z.object({ threadId: id, read: z.boolean() }), 'Read state changed', [
    'inbox.changed',
  ]),
  'inbox.answered': defineEvent({
    payload: threadRef.extend({ to: z.string(), subject: z.string() }),
    label: 'Conversation answered',
    live: ['inbox.changed'],
    activity: {
      facts: (p) => ({ subject: p.website, details: { to: p.to } }),
      sentence: (e) => `answered ${e.details.to} of ${e.subject} from the inbox`,
    },
  }),
  'inbox.labelled': defineEvent({
    payload: threadRef.extend({ label: z.string().nullable() }),
    label: 'Conversation labelled',
    live: ['inbox.changed'],
    activity: {
      facts: (p) => ({ subject: p.website, details: p.label === null ? undefined : { label: p.label } }),
      sentence: (e) =>
        e.details.label === undefined
          ? `removed the label of the conversation with ${e.subject}`
          : `labelled the conversation with ${e.subject} “${e.details.label}”`,
    },
  }),
  'inbox.assigned': defineEvent({
    payload: threadRef.extend({ assignee: z.string().nullable() }),
    label: 'Conversation assigned',
    live: ['inbox.changed'],
    activity: {
      facts: (p) => ({
        subject: p.website,
        details: p.assignee === null ? undefined : { assignee: p.assignee },
      }),
      sentence: (e) =>
        e.details.assignee === undefined
          ? `unassigned the conversation with ${e.subject}`
          : `assigned the conversation with ${e.subject} to ${e.details.assignee}`,
    },
  }),
  'inbox.reminder_set': defineEvent({
    payload: threadRef.extend({ days: z.number().int().nullable(), remindAt: iso.nullable() }),
    label: 'Reminder set',
    live: ['inbox.changed'],
    activity: {
      facts: (p) => ({ subject: p.website, details: p.days === null ? undefined : { days: p.days } }),
      sentence: (e) =>
        e.details.days === undefined
          ? `cleared the reminder on the conversation with ${e.subject}`
          : `asked to be reminded in ${plural(e.details.days, 'day')} if ${e.subject} does not answer`,
    },
  }),
  'inbox.reminder_due': liveOnly(z.object({ threadId: id }), 'Reminder due', [
    'inbox.changed',
    'notifications.changed',
  ]),
  'inbox.labels_changed': liveOnly(z.object({ labelId: id }), 'Labels changed', ['inbox.changed']),

  // Live links
  'live_link.checked': liveOnly(z.object({ liveLinkId: id, campaignId: id }), 'Live link checked', [
    'live-links.changed',
  ]),
  'live_link.lost': defineEvent({
    payload: liveLinkChange,
    label: 'Live link lost',
    live: [],
    webhook: { when: liveLinkWhen },
  }),
  'live_link.suspicious': defineEvent({
    payload: liveLinkChange,
    label: 'Live link suspicious',
    live: [],
    webhook: { when: liveLinkWhen },
  }),
  'live_link.recovered': defineEvent({
    payload: liveLinkChange,
    label: 'Live link recovered',
    live: [],
    webhook: { when: liveLinkWhen },
  }),
  'notification.created': liveOnly(z.object({ kind: z.string() }), 'Notification', ['notifications.changed']),

  // Mailboxes
  'mailbox.connected': defineEvent({
    payload: mailboxFacts,
    label: 'Mailbox connected',
    live: ['mailboxes.changed'],
    activity: {
      facts: (p) => ({ subject: p.email }),
      sentence: (e) => `connected the mailbox ${e.subject}`,
    },
  }),
  'mailbox.disconnected': defineEvent({
    payload: mailboxFacts,
    label: 'Mailbox removed',
    live: ['mailboxes.changed'],
    activity: {
      facts: (p) => ({ subject: p.email }),
      sentence: (e) => `removed the mailbox ${e.subject}`,
    },
  }),
  'mailbox.paused': defineEvent({
    payload: mailboxFacts.extend({
      reason: z.string(),
      /** health: its bounce or complaint rate passed the limit; member: paused by hand. */
      pausedBy: z.enum(['health', 'member']),
    }),
    label: 'Mailbox paused',
    live: ['mailboxes.changed'],
    activity: {
      facts: (p) => ({ subject: p.email, details: { reason: p.reason } }),
      sentence: (e) => `paused the mailbox ${e.subject}`,
    },
    webhook: { when: 'a mailbox was paused, by its health or by a member' },
  }),
  'mailbox.resumed': defineEvent({
    payload: mailboxFacts,
    label: 'Mailbox resumed',
    live: ['mailboxes.changed'],
    activity: {
      facts: (p) => ({ subject: p.email }),
      sentence: (e) => `resumed the mailbox ${e.subject}`,
    },
  }),
  'mailbox.connection_error': defineEvent({
    payload: mailboxFacts.extend({
      /** The side that failed: sending (smtp) or reading (imap). */
      side: z.enum(['smtp', 'imap']),
      reason: z.string(),
    }),
    label: 'Mailbox connection error',
    live: ['mailboxes.changed'],
    webhook: {
      when: 'a working mailbox could not send (`smtp`) or be read (`imap`); once per change, not per retry',
    },
  }),
  'mailbox.changed': liveOnly(z.object({ mailboxId: id }), 'Mailbox changed', ['mailboxes.changed']),

  // Members
  'member.invited': defineEvent({
    payload: memberFacts,
    label: 'Member invited',
    live: [],
    activity: {
      facts: (p) => ({ subject: p.email, details: { role: p.role } }),
      sentence: (e) => `invited ${e.subject} as ${e.details.role}`,
    },
  }),
  'member.joined': defineEvent({
    payload: memberFacts,
    label: 'Member joined',
    live: [],
    activity: {
      facts: (p) => ({ subject: p.email, details: { role: p.role } }),
      sentence: (e) => `joined as ${e.details.role}`,
    },
  }),
  'member.role_changed': defineEvent({
    payload: memberFacts,
    label: 'Role changed',
    live: [],
    activity: {
      facts: (p) => ({ subject: p.email, details: { role: p.role } }),
      sentence: (e) => `gave ${e.subject} ${e.details.role}`,
    },
  }),
  'member.removed': defineEvent({
    payload: z.object({ email: z.string() }),
    label: 'Member removed',
    live: [],
    activity: {
      facts: (p) => ({ subject: p.email }),
      sentence: (e) => `removed ${e.subject}`,
    },
  }),

  // API keys and webhooks
  'api_key.created': defineEvent({
    payload: z.object({ apiKeyId: id, name: z.string() }),
    label: 'API key created',
    live: [],
    activity: {
      facts: (p) => ({ subject: p.name }),
      sentence: (e) => `created the API key ${e.subject}`,
    },
  }),
  'api_key.revoked': defineEvent({
    payload: z.object({ apiKeyId: id, name: z.string() }),
    label: 'API key revoked',
    live: [],
    activity: {
      facts: (p) => ({ subject: p.name }),
      sentence: (e) => `revoked the API key ${e.subject}`,
    },
  }),
  'webhook.created': defineEvent({
    payload: z.object({ endpointId: id, url: z.string(), events: z.number().int() }),
    label: 'Webhook created',
    live: ['webhooks.changed'],
    activity: {
      facts: (p) => ({ subject: p.url, details: { events: p.events } }),
      sentence: (e) => `added the webhook ${e.subject}`,
    },
  }),
  'webhook.updated': liveOnly(z.object({ endpointId: id }), 'Webhook changed', ['webhooks.changed']),
  'webhook.deleted': defineEvent({
    payload: z.object({ endpointId: id, url: z.string() }),
    label: 'Webhook deleted',
    live: ['webhooks.changed'],
    activity: {
      facts: (p) => ({ subject: p.url }),
      sentence: (e) => `deleted the webhook ${e.subject}`,
    },
  }),
  'webhook.disabled': liveOnly(z.object({ endpointId: id }), 'Webhook disabled', ['webhooks.changed']),
  'webhook.delivery_changed': liveOnly(z.object({ deliveryId: id }), 'Delivery changed', [
    'webhooks.changed',
  ]),

  // Placements and clients (docs/decisions/034-clients-and-placements.md)
  'placement.created': defineEvent({
    payload: placementFacts,
    label: 'Placement created',
    live: ['placements.changed'],
    activity: {
      facts: (p) => ({ subject: p.pageUrl }),
      sentence: (e) => `recorded the placement on ${e.subject}`,
    },
    webhook: {
      when: 'a placement was recorded: a prospect marked Success, a live link, by hand or by an import',
    },
  }),
  'placement.changed': defineEvent({
    payload: placementFacts.extend({
      /** The fields the change set (placementSchema names). */
      changed: z.array(z.string()),
    }),
    label: 'Placement changed',
    live: ['placements.changed'],
    activity: {
      facts: (p) => ({ subject: p.pageUrl, details: { fields: p.changed.join(', ') } }),
      sentence: (e) => `changed the placement on ${e.subject}`,
    },
    webhook: { when: "a placement's terms, money or invoice changed" },
  }),
  'placement.deleted': liveOnly(z.object({ placementId: id }), 'Placement deleted', ['placements.changed']),
  'placements.reassigned': liveOnly(
    z.object({ campaignId: id, clientId: id.nullable() }),
    "Campaign's placements moved to its client",
    ['placements.changed'],
  ),
  'client.created': defineEvent({
    payload: clientFacts,
    label: 'Client created',
    live: ['placements.changed'],
    activity: { facts: (p) => ({ subject: p.name }), sentence: (e) => `added the client ${e.subject}` },
  }),
  'client.changed': liveOnly(clientFacts, 'Client changed', ['placements.changed']),

  'client.deleted': defineEvent({
    payload: clientFacts,
    label: 'Client deleted',
    live: ['placements.changed'],
    activity: { facts: (p) => ({ subject: p.name }), sentence: (e) => `deleted the client ${e.subject}` },
  }),

  // Client reports (docs/decisions/039-client-reports.md)
  'report.shared': defineEvent({
    payload: shareLinkFacts,
    label: 'Report shared',
    live: ['reports.changed'],
    activity: {
      facts: (p) => ({ subject: p.scopeName, details: { from: p.from, to: p.to, expires: p.expiresAt } }),
      sentence: (e) => `shared the report of ${e.subject}`,
    },
  }),
  'report.share_revoked': defineEvent({
    payload: shareLinkFacts,
    label: 'Report link revoked',
    live: ['reports.changed'],
    activity: {
      facts: (p) => ({ subject: p.scopeName, details: { from: p.from, to: p.to } }),
      sentence: (e) => `revoked a share link of the report of ${e.subject}`,
    },
  }),
  'report.scheduled': defineEvent({
    payload: scheduleFacts,
    label: 'Report scheduled',
    live: ['reports.changed'],
    activity: {
      facts: (p) => ({ subject: p.scopeName, details: { frequency: p.frequency } }),
      sentence: (e) => `scheduled the report of ${e.subject}`,
    },
  }),
  'report.unscheduled': defineEvent({
    payload: scheduleFacts,
    label: 'Report schedule deleted',
    live: ['reports.changed'],
    activity: {
      facts: (p) => ({ subject: p.scopeName, details: { frequency: p.frequency } }),
      sentence: (e) => `stopped the scheduled report of ${e.subject}`,
    },
  }),
  'report.sent': defineEvent({
    payload: scheduleFacts.extend({ period: z.string(), recipients: z.array(z.string()) }),
    label: 'Report sent',
    live: ['reports.changed'],
    activity: {
      facts: (p) => ({ subject: p.scopeName, details: { period: p.period, to: p.recipients.join(', ') } }),
      sentence: (e) => `sent the report of ${e.subject}`,
    },
  }),
  'report.branding_changed': defineEvent({
    payload: z.object({ agencyName: z.string(), hideLinkPilot: z.boolean() }),
    label: 'Report branding changed',
    live: ['reports.changed'],
    activity: {
      facts: (p) => ({ subject: p.agencyName || 'reports' }),
      sentence: () => `changed the report branding`,
    },
  }),

  // SEO data providers (docs/decisions/046-live-seo-data-providers.md)
  'data_provider.connected': defineEvent({
    payload: z.object({ provider: z.string(), label: z.string() }),
    label: 'Data provider connected',
    live: [],
    activity: {
      facts: (p) => ({ subject: p.label }),
      sentence: (e) => `connected ${e.subject} as a data provider`,
    },
  }),
  'data_provider.removed': defineEvent({
    payload: z.object({ provider: z.string(), label: z.string() }),
    label: 'Data provider removed',
    live: [],
    activity: {
      facts: (p) => ({ subject: p.label }),
      sentence: (e) => `removed the data provider ${e.subject}`,
    },
  }),
  'domain_metrics.refreshed': defineEvent({
    payload: campaignRef.extend({
      provider: z.string(),
      label: z.string(),
      /** Domains asked of the provider, and those answered from the cache. */
      fetched: z.number().int(),
      cached: z.number().int(),
      /** Domains whose metrics were stored. */
      stored: z.number().int(),
    }),
    label: 'Domain metrics refreshed',
    live: ['prospects.changed'],
    activity: {
      facts: (p) => ({ subject: p.name, details: { provider: p.label, count: p.stored } }),
      sentence: (e) =>
        `refreshed the ${e.details.provider} metrics of ${plural(e.details.count!, 'domain')} in ${e.subject}`,
    },
  }),
  'data_provider.backlinks_fetched': defineEvent({
    payload: campaignRef.extend({
      provider: z.string(),
      label: z.string(),
      target: z.string(),
      importId: id,
      backlinks: z.number().int(),
    }),
    label: 'Competitor backlinks fetched',
    live: ['prospects.changed'],
    activity: {
      facts: (p) => ({
        subject: p.name,
        details: { provider: p.label, target: p.target, count: p.backlinks },
      }),
      sentence: (e) =>
        `fetched ${plural(e.details.count!, 'backlink')} of ${e.details.target} from ${e.details.provider} for ${e.subject}`,
    },
  }),

  // Warranty claims (docs/decisions/038-warranty-claims.md)
  'claim.opened': defineEvent({
    payload: claimFacts,
    label: 'Claim opened',
    live: ['claims.changed', 'placements.changed', 'inbox.changed'],
    activity: {
      facts: (p) => ({ subject: p.pageUrl, details: { issues: p.issues.join(', ') } }),
      sentence: (e) => `opened a replacement claim on ${e.subject} (${e.details.issues})`,
    },
    webhook: { when: 'a check found a placement changed within its warranty and opened a replacement claim' },
  }),
  'claim.resolved': defineEvent({
    payload: claimFacts.extend({ replacementPlacementId: id.nullable() }),
    label: 'Claim resolved',
    live: ['claims.changed', 'placements.changed'],
    activity: {
      facts: (p) => ({ subject: p.pageUrl, details: { status: p.status.replace('_', ' ') } }),
      sentence: (e) => `resolved the claim on ${e.subject} as ${e.details.status}`,
    },
    webhook: { when: 'a replacement claim was marked restored, replaced, refunded or written off' },
  }),
  'claim.changed': liveOnly(
    z.object({
      claimId: id,
      placementId: id,
      change: z.enum(['publisher_replied', 'restore_suggested', 'restore_unsuggested']),
    }),
    'Claim changed',
    ['claims.changed', 'placements.changed'],
  ),
  'placement.proof_recorded': liveOnly(
    z.object({ placementId: id, proofId: id, issues: z.array(z.string()) }),
    'Placement proof recorded',
    ['placements.changed'],
  ),
} as const;

/** The name of a domain event. */
export type DomainEventType = keyof typeof domainEvents;
/** The payload of event `T`, as emit takes it. */
export type DomainEventPayload<T extends DomainEventType> = z.input<(typeof domainEvents)[T]['payload']>;

/** Every event name, in the list's order. */
export const domainEventTypes = Object.keys(domainEvents) as DomainEventType[];

/** The events that write an activity entry: the activity log's kinds. */
export type ActivityEventType = {
  [K in DomainEventType]: (typeof domainEvents)[K] extends { activity: object } ? K : never;
}[DomainEventType];
/** The events sent to webhooks: the public webhook types. */
export type WebhookEventType = {
  [K in DomainEventType]: (typeof domainEvents)[K] extends { webhook: object } ? K : never;
}[DomainEventType];

/** The activity kinds, in the list's order. */
export const activityEventTypes = domainEventTypes.filter(
  (t) => 'activity' in domainEvents[t],
) as ActivityEventType[] as [ActivityEventType, ...ActivityEventType[]];
/** The webhook event types, in the list's order. */
export const webhookEventTypeList = domainEventTypes.filter(
  (t) => 'webhook' in domainEvents[t],
) as WebhookEventType[] as [WebhookEventType, ...WebhookEventType[]];
