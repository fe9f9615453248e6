import { z } from 'zod';
import { campaignIdField } from './campaign-id';
import { campaignMessages, websiteUrlField } from './campaigns';
import { pageQueryFields, pageSchema, withPageCursor } from './pagination';
import { clientFilterField } from './clients';
import { fieldMessages as f } from './field-messages';

/** Live link messages (docs/product.md#errors) and the Add Live Link form's required-field texts. */
export const liveLinkMessages = {
  loadFailed: 'Failed to load live links',
  addFailed: 'Failed to add link',
  deleteFailed: 'Failed to delete link',
  added: 'Live link added',
  deleted: 'Live link deleted',
  campaignRequired: 'Campaign is required',
  urlRequired: 'Link URL is required',
  anchorRequired: 'Anchor text is required',
  pageUrlRequired: 'Page URL is required',
  pageUrlPrivate: 'This page is on a private network. Live links can only be checked on public addresses.',
  checkFailed: 'Failed to check link',
  checked: 'Link checked',
  historyFailed: 'Failed to load check history',
  notCheckedYet: 'Not checked yet',
} as const;

/** A live link's status after its latest check (docs/decisions/012-link-monitoring.md). */
export const liveLinkStatuses = ['active', 'lost', 'suspicious'] as const;
export type LiveLinkStatus = (typeof liveLinkStatuses)[number];

/** Why a check judged a link lost or suspicious; `linkCheckReasonText` says it in words. */
export const linkCheckReasons = [
  'page-gone',
  'page-unreachable',
  'link-missing',
  'nofollow',
  'sponsored',
  'ugc',
  'noindex',
  'canonical-elsewhere',
  'anchor-changed',
  'redirected-off-site',
] as const;
export type LinkCheckReason = (typeof linkCheckReasons)[number];

/** The reasons in the user's words, for the table, the history and the alerts. */
export const linkCheckReasonText: Record<LinkCheckReason, string> = {
  'page-gone': 'The page is gone',
  'page-unreachable': 'The page could not be read',
  'link-missing': 'The link was removed from the page',
  nofollow: 'The link is nofollow',
  sponsored: 'The link is marked sponsored',
  ugc: 'The link is marked user-generated (ugc)',
  noindex: 'The page is noindex',
  'canonical-elsewhere': 'The page’s canonical URL points elsewhere',
  'anchor-changed': 'The anchor text changed',
  'redirected-off-site': 'The page redirects to another domain',
};

const m = liveLinkMessages;

/**
 * Which page is which: the Add Live Link dialog shows these under its two URL fields, and the API
 * documentation gives them as the fields' descriptions. A check reads `pageUrl` and looks there for
 * a link to `url` (docs/decisions/012-link-monitoring.md).
 */
export const liveLinkFieldHints = {
  url: 'The page of your site that the link points to.',
  pageUrl: 'The page on the other site that carries the link: each check reads it and looks for the link.',
} as const;

/** Add Live Link form and `POST /api/live-links` body (docs/product.md#validation: all required, URLs validated). */
export const createLiveLinkSchema = z.strictObject({
  campaignId: campaignIdField(m.campaignRequired),
  url: websiteUrlField(m.urlRequired, campaignMessages.invalidUrl).describe(liveLinkFieldHints.url),
  anchorText: z
    .string({ error: m.anchorRequired })
    .trim()
    .min(1, m.anchorRequired)
    .max(500, f.tooLong('Anchor text', 500)),
  pageUrl: websiteUrlField(m.pageUrlRequired, campaignMessages.invalidUrl).describe(
    liveLinkFieldHints.pageUrl,
  ),
});
export type CreateLiveLinkInput = z.input<typeof createLiveLinkSchema>;

/** A live link with its campaign's name (docs/product.md#entities). */
export const liveLinkSchema = z.object({
  id: z.string(),
  campaignId: z.string(),
  campaignName: z.string(),
  url: z.string().describe(liveLinkFieldHints.url),
  anchorText: z.string(),
  pageUrl: z.string().describe(liveLinkFieldHints.pageUrl),
  status: z.enum(liveLinkStatuses),
  discoveredAt: z.string(),
  /** ISO time of the latest check; null until the first check ran. */
  lastCheckedAt: z.string().nullable(),
  /** The rel values (nofollow, sponsored, ugc) the latest check saw on the link. */
  rel: z.array(z.string()),
  /** The anchor text the latest check found (null when the link was not found). */
  foundAnchorText: z.string().nullable(),
  reasons: z.array(z.enum(linkCheckReasons)),
});
export type LiveLink = z.infer<typeof liveLinkSchema>;

/** `GET /api/live-links` query: paging, discovered_at descending by default (docs/product.md#api), status filter. */
export const liveLinkListQuerySchema = withPageCursor(
  z.object({
    ...pageQueryFields,
    status: z.enum(['all', ...liveLinkStatuses]).default('all'),
    /** The links of a client's campaigns, or `none` for campaigns of no client (docs/decisions/040-client-role.md). */
    clientId: clientFilterField.or(z.literal('').transform(() => undefined)),
  }),
);
export type LiveLinkListQuery = Partial<z.output<typeof liveLinkListQuerySchema>>;

export const liveLinkPageSchema = pageSchema(liveLinkSchema);
export type LiveLinkPage = z.infer<typeof liveLinkPageSchema>;

/** One stored check of a live link (docs/decisions/012-link-monitoring.md). */
export const linkCheckSchema = z.object({
  id: z.string(),
  checkedAt: z.string(),
  status: z.enum(liveLinkStatuses),
  reasons: z.array(z.enum(linkCheckReasons)),
  httpStatus: z.number().int().nullable(),
  finalUrl: z.string(),
  anchorText: z.string().nullable(),
  rel: z.array(z.string()),
  /** Why the page could not be read (the crawler's words), or null. */
  detail: z.string().nullable(),
});
export type LinkCheck = z.infer<typeof linkCheckSchema>;

export const linkCheckPageSchema = pageSchema(linkCheckSchema);
export type LinkCheckPage = z.infer<typeof linkCheckPageSchema>;

/** Counts at the top of the Live Links screen: new (first seen in the last 7 days), lost, suspicious. */
export const liveLinkSummarySchema = z.object({
  total: z.number().int(),
  newLast7Days: z.number().int(),
  active: z.number().int(),
  lost: z.number().int(),
  suspicious: z.number().int(),
  /** Active links at the end of each of the last 30 days (UTC), oldest first; `day` is YYYY-MM-DD. */
  activeOverTime: z.array(z.object({ day: z.string(), active: z.number().int() })),
});
export type LiveLinkSummary = z.infer<typeof liveLinkSummarySchema>;
