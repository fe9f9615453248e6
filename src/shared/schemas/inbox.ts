import { z } from 'zod';
import { prospectStatusSchema } from './prospects';
import { domainMemorySchema } from './prospects';
import { replyCategories } from './reply-suggestions';

/**
 * The inbox (docs/product.md#inbox, docs/decisions/024-inbox.md): the conversations with
 * prospects, one per prospect, read and answered in the app.
 */

/** Messages of the inbox, in the user's words. */
export const inboxMessages = {
  loadFailed: 'Failed to load the inbox',
  threadLoadFailed: 'Failed to load the conversation',
  sendFailed: 'Failed to send the answer',
  sent: 'Answer sent',
  emptyBody: 'Write your answer first',
  mailboxGone: 'This conversation’s mailbox was disconnected. Connect a mailbox to answer.',
  mailboxPaused: 'This mailbox is paused. Resume it to send your answer; your draft is kept.',
  mailboxError:
    'This mailbox cannot send right now: check its connection in Email Accounts. Your draft is kept.',
  noContact: 'This prospect has no contact email to answer.',
  labelNameTaken: 'A label with this name exists already',
  labelSaved: 'Label saved',
  reminderSet: 'Reminder set',
  noteSaved: 'Note saved',
  noteEmpty: 'Write a note first',
  notAMember: 'This person is not a member of the workspace',
  alreadySending: 'This answer is being sent already',
  missingPlaceholders: (names: string[]) =>
    `Fill in or remove ${names.join(', ')}: this prospect has no value for it`,
} as const;

/** The prospect statuses a label may set (docs/product.md#inbox). */
export const inboxLabelOutcomes = ['responded', 'success', 'failed'] as const;

/** Labels every workspace starts with; the ones with a category are set from the AI's reading of a reply. */
export const defaultInboxLabels: {
  name: string;
  outcome: (typeof inboxLabelOutcomes)[number] | null;
  category: (typeof replyCategories)[number] | null;
}[] = [
  { name: 'Interested', outcome: 'responded', category: 'interested' },
  { name: 'Asks for payment', outcome: null, category: 'asks_for_payment' },
  { name: 'Not interested', outcome: 'failed', category: 'not_interested' },
  { name: 'Question', outcome: null, category: 'question' },
  { name: 'Link placed', outcome: 'success', category: null },
];

/** Longest label name (characters), reminder delay (days), answer and note (characters). */
export const INBOX_LABEL_MAX = 40;
export const REMINDER_MAX_DAYS = 90;
export const ANSWER_MAX = 20_000;
export const NOTE_MAX = 5_000;

export const inboxLabelSchema = z.object({
  id: z.string(),
  name: z.string(),
  outcome: z.enum(inboxLabelOutcomes).nullable(),
  category: z.enum(replyCategories).nullable(),
  position: z.number().int(),
});
export type InboxLabel = z.infer<typeof inboxLabelSchema>;

/** `POST /api/inbox/labels`, `PATCH /api/inbox/labels/:id`. */
export const inboxLabelInputSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, 'Enter a label name')
    .max(INBOX_LABEL_MAX, `At most ${INBOX_LABEL_MAX} characters`),
  outcome: z.enum(inboxLabelOutcomes).nullable().default(null),
});
export type InboxLabelInput = z.input<typeof inboxLabelInputSchema>;

/** Which conversations the list shows (docs/product.md#inbox). */
export const inboxViews = ['all', 'unread', 'needs_answer', 'reminders'] as const;
export type InboxView = (typeof inboxViews)[number];
export const inboxViewLabels: Record<InboxView, string> = {
  all: 'All',
  unread: 'Unread',
  needs_answer: 'Needs answer',
  reminders: 'Reminders due',
};

/** `GET /api/inbox/threads` query: a view, filters, a server-side search and a keyset cursor. */
export const inboxQuerySchema = z.object({
  view: z.enum(inboxViews).default('all'),
  labelId: z.uuid().optional(),
  campaignId: z.uuid().optional(),
  mailboxId: z.uuid().optional(),
  /** A member's id, 'me' or 'none' (unassigned). */
  assignee: z.union([z.uuid(), z.enum(['me', 'none'])]).optional(),
  search: z.string().trim().max(200).optional(),
  /** Also conversations where the prospect's side sent only automatic mail (auto-replies, bounces). */
  automatic: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  cursor: z.string().max(200).optional(),
});
export type InboxQuery = z.output<typeof inboxQuerySchema>;

const person = z.object({ id: z.string(), name: z.string() });

/** Kinds of message the prospect's side sends, as stored (docs/decisions/013-inbound-classification.md). */
export const inboundKinds = ['reply', 'auto_reply', 'bounce', 'unsubscribe', 'challenge'] as const;

/** One conversation in the list. */
export const inboxThreadSummarySchema = z.object({
  id: z.string(),
  prospectId: z.string(),
  website: z.string(),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  campaignId: z.string(),
  campaignName: z.string(),
  mailboxId: z.string().nullable(),
  mailboxEmail: z.string().nullable(),
  /** Subject and first 200 characters of their latest message. */
  subject: z.string(),
  snippet: z.string(),
  lastKind: z.enum(inboundKinds),
  lastMessageAt: z.string(),
  unread: z.boolean(),
  needsAnswer: z.boolean(),
  label: inboxLabelSchema.pick({ id: true, name: true, outcome: true }).nullable(),
  assignee: person.nullable(),
  remindAt: z.string().nullable(),
});
export type InboxThreadSummary = z.infer<typeof inboxThreadSummarySchema>;

export const inboxPageSchema = z.object({
  items: z.array(inboxThreadSummarySchema),
  nextCursor: z.string().nullable(),
});
export type InboxPage = z.infer<typeof inboxPageSchema>;

/** `GET /api/inbox/unread`: conversations with a reply the signed-in member has not opened. */
export const inboxUnreadSchema = z.object({ unread: z.number().int() });

export const attachmentSchema = z.object({
  id: z.string(),
  filename: z.string(),
  contentType: z.string(),
  /** Bytes. */
  size: z.number().int(),
  /** False when the file was over the size limit and not kept. */
  downloadable: z.boolean(),
});

/** One message of a conversation, in time order: our sequence step, their message, or our answer. */
export const threadMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('step'),
    id: z.string(),
    stepNumber: z.number().int(),
    subject: z.string(),
    body: z.string(),
    toEmail: z.string(),
    at: z.string(),
  }),
  z.object({
    type: z.literal('inbound'),
    id: z.string(),
    kind: z.enum(inboundKinds),
    fromEmail: z.string(),
    subject: z.string(),
    /** Their own words; `quotedText` is the history below them, shown collapsed. */
    text: z.string(),
    quotedText: z.string(),
    /** The message has an HTML version (`GET /api/inbox/messages/:id/html`). */
    hasHtml: z.boolean(),
    attachments: z.array(attachmentSchema),
    at: z.string(),
  }),
  z.object({
    type: z.literal('answer'),
    id: z.string(),
    author: z.string().nullable(),
    subject: z.string(),
    body: z.string(),
    toEmail: z.string(),
    /** Why the copy is missing from the mailbox's Sent folder, when it is. */
    sentCopyError: z.string().nullable(),
    at: z.string(),
  }),
]);
export type ThreadMessage = z.infer<typeof threadMessageSchema>;

export const prospectNoteSchema = z.object({
  id: z.string(),
  body: z.string(),
  author: person.nullable(),
  createdAt: z.string(),
});
export type ProspectNote = z.infer<typeof prospectNoteSchema>;

/** `POST /api/prospects/:id/notes`. */
export const prospectNoteInputSchema = z.strictObject({
  body: z.string().trim().min(1, inboxMessages.noteEmpty).max(NOTE_MAX, `At most ${NOTE_MAX} characters`),
});

export const answerDraftSchema = z.object({
  subject: z.string(),
  body: z.string(),
  updatedAt: z.string(),
  /** Why the last attempt to send it failed. */
  lastError: z.string().nullable(),
});
export type AnswerDraft = z.infer<typeof answerDraftSchema>;

/** `GET /api/inbox/threads/:id`: the conversation, the prospect's card, the member's draft and the notes. */
export const inboxThreadSchema = z.object({
  thread: inboxThreadSummarySchema,
  prospect: z.object({
    id: z.string(),
    website: z.string(),
    contactName: z.string().nullable(),
    contactEmail: z.string().nullable(),
    /** 0–100. */
    daScore: z.number().nullable(),
    /** 0–100 (%). */
    relevanceScore: z.number().nullable(),
    status: prospectStatusSchema,
    campaignId: z.string(),
    campaignName: z.string(),
    domainMemory: domainMemorySchema.nullable(),
    liveLinks: z.array(z.object({ id: z.string(), pageUrl: z.string(), status: z.string() })),
  }),
  mailbox: z
    .object({ id: z.string(), email: z.string(), paused: z.boolean(), error: z.string().nullable() })
    .nullable(),
  messages: z.array(threadMessageSchema),
  /** "Re: " and the subject of their latest message. */
  answerSubject: z.string(),
  draft: answerDraftSchema.nullable(),
  notes: z.array(prospectNoteSchema),
});
export type InboxThread = z.infer<typeof inboxThreadSchema>;

/** `PUT /api/inbox/threads/:id/draft` (autosave) and `POST /api/inbox/threads/:id/answer` (send). */
export const answerInputSchema = z.strictObject({
  subject: z.string().trim().max(500),
  body: z.string().max(ANSWER_MAX, `At most ${ANSWER_MAX.toLocaleString('en-US')} characters`),
});
export type AnswerInput = z.infer<typeof answerInputSchema>;

/** `PUT /api/inbox/threads/:id/read`. */
export const readInputSchema = z.strictObject({ read: z.boolean() });

/**
 * `PUT /api/inbox/threads/:id/label`: set or clear the label. `restoreStatus` (an undo) puts the
 * prospect's status back as it was instead of applying the label's outcome.
 */
export const labelThreadInputSchema = z.strictObject({
  labelId: z.uuid().nullable(),
  restoreStatus: prospectStatusSchema.optional(),
});

/** What labelling did, so the screen can offer an undo and, for a placed link, its monitoring. */
export const labelThreadResultSchema = z.object({
  previousLabelId: z.string().nullable(),
  previousStatus: prospectStatusSchema,
  status: prospectStatusSchema,
  /** The label's outcome is success: propose adding the live link. */
  proposeLiveLink: z.boolean(),
});
export type LabelThreadResult = z.infer<typeof labelThreadResultSchema>;

/** `PUT /api/inbox/threads/:id/assignee`: a workspace member, or null to unassign. */
export const assignInputSchema = z.strictObject({ assigneeId: z.uuid().nullable() });

/** `PUT /api/inbox/threads/:id/reminder`: remind in `days` days unless they answer; null clears it. */
export const reminderInputSchema = z.strictObject({
  days: z.number().int().min(1).max(REMINDER_MAX_DAYS).nullable(),
});
