import { z } from 'zod';
import { prospectSchema, prospectStatusSchema } from './prospects';
import { stepConditions } from '../step-conditions';

/** Prospect timeline messages (docs/decisions/011-replies-history-and-domain-memory.md). */
export const timelineMessages = {
  loadFailed: 'Failed to load the prospect history',
  empty: 'Nothing has happened with this prospect yet.',
} as const;

const at = z.string();

/**
 * One entry of a prospect's history (docs/decisions/011-replies-history-and-domain-memory.md), discriminated by `type`:
 * - added: the prospect was found or uploaded;
 * - message: one of our messages (sequence step) with its state, and the error when it failed;
 * - open / click: a tracking hit; `automated` marks security scanners and link previews;
 * - reply / auto_reply / unsubscribe / bounce / challenge: an answer read from the mailbox, with its
 *   own text (quoted original cut), the auto-reply's return date, or the bounce's RFC 3463 status,
 *   effect and reason; a challenge asks us to prove we are human;
 * - answer: a member's answer written in the inbox (docs/decisions/024-inbox.md), and who wrote it;
 * - status: the prospect's status changed, and why.
 */
export const timelineEntrySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('added'), at }),
  z.object({
    type: z.literal('message'),
    at,
    stepNumber: z.number().int(),
    /** The step's variant this message sent (docs/decisions/043-sequence-variants-and-spintax.md); null without variants. */
    variantId: z.string().nullable(),
    /** The condition on the previous step its variant set was chosen by (docs/decisions/045-conditional-follow-ups.md); null: the step's default set. */
    branch: z.enum(stepConditions).nullable(),
    status: z.enum(['queued', 'sending', 'sent', 'failed', 'flagged', 'cancelled']),
    toEmail: z.string(),
    subject: z.string(),
    body: z.string(),
    error: z.string().nullable(),
  }),
  z.object({
    type: z.enum(['open', 'click']),
    at,
    stepNumber: z.number().int(),
    url: z.string().nullable(),
    automated: z.boolean(),
  }),
  z.object({
    type: z.enum(['reply', 'auto_reply', 'unsubscribe', 'bounce', 'challenge']),
    /** The inbound message, for a suggested answer (docs/decisions/010-ai-writing.md). */
    id: z.string().uuid(),
    at,
    fromEmail: z.string(),
    subject: z.string(),
    text: z.string(),
    /** auto_reply: when the sender is back (ISO), or null when the text names no date. */
    returnsOn: z.string().nullable(),
    /** bounce: RFC 3463 status (5.x.x hard, 4.x.x soft) and whether it was permanent. */
    bounceStatus: z.string().nullable(),
    hard: z.boolean().nullable(),
    /** bounce: its effect (hard, soft, policy block, delay notice) and the reason (sisimai's taxonomy). */
    bounceType: z.enum(['hard', 'soft', 'policy', 'delay']).nullable(),
    bounceReason: z.string().nullable(),
  }),
  z.object({
    type: z.literal('answer'),
    at,
    author: z.string().nullable(),
    toEmail: z.string(),
    subject: z.string(),
    body: z.string(),
  }),
  z.object({ type: z.literal('status'), at, status: prospectStatusSchema, reason: z.string().nullable() }),
]);
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** `GET /api/prospects/:id/timeline`: the prospect, its campaign's name and its history, oldest first. */
export const prospectTimelineSchema = z.object({
  prospect: prospectSchema,
  campaignName: z.string(),
  entries: z.array(timelineEntrySchema),
  /** Tracking hits beyond the newest TIMELINE_TRACKING_LIMIT were left out. */
  trackingTruncated: z.boolean(),
});
export type ProspectTimeline = z.infer<typeof prospectTimelineSchema>;

/** Tracking hits a timeline shows at most (scanners can hit a link hundreds of times). */
export const TIMELINE_TRACKING_LIMIT = 200;
