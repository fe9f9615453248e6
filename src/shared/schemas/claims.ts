import { z } from 'zod';
import { campaignMessages, websiteUrlField } from './campaigns';
import { pageQueryFields, pageSchema, withPageCursor } from './pagination';
import { placementRels } from './placements';

/**
 * Warranty proof and replacement claims (docs/product.md#warranty-claims,
 * docs/decisions/038-warranty-claims.md): what a check found wrong with a placement against its
 * agreed terms, the proof it kept, and the claim opened while the warranty runs.
 */
export const claimMessages = {
  notFound: 'Claim not found',
  snapshotGone: 'The page snapshot is no longer kept (its warranty ended) or the page could not be read',
  illegalMove: (from: string, to: string) =>
    `A claim that is ${from} cannot be marked ${to}. Open claims move to publisher replied, restored, replaced, refunded or written off; a resolved claim stays as it is.`,
  replacementRequired: 'Give the page URL of the replacement link',
  invalidStatus: 'Choose publisher replied, restored, replaced, refunded or written off',
  loadFailed: 'Failed to load claims',
  moveFailed: 'Failed to change the claim',
  moved: 'Claim updated',
  empty:
    'No claims yet. A claim opens by itself when monitoring finds a placement changed within its warranty.',
  emptyOpen: 'No open claims',
} as const;

/** What a check can find wrong with a placement against its agreed terms. */
export const placementIssues = [
  'lost',
  'rel-changed',
  'noindex',
  'anchor-changed',
  'target-changed',
] as const;
export type PlacementIssue = (typeof placementIssues)[number];

/** Each issue in the user's words (the claim view, the draft to the publisher). */
export const placementIssueText: Record<PlacementIssue, string> = {
  lost: 'the link is gone (the page or the link was removed)',
  'rel-changed': 'the link no longer carries the agreed rel',
  noindex: 'the page was set to noindex',
  'anchor-changed': 'the anchor text changed',
  'target-changed': 'the link points to another address',
};

/** A claim's states: open → publisher replied → one of the four resolutions. */
export const claimStatuses = [
  'open',
  'publisher_replied',
  'restored',
  'replaced',
  'refunded',
  'written_off',
] as const;
export type ClaimStatus = (typeof claimStatuses)[number];
export const claimStatusLabels: Record<ClaimStatus, string> = {
  open: 'Open',
  publisher_replied: 'Publisher replied',
  restored: 'Restored',
  replaced: 'Replaced',
  refunded: 'Refunded',
  written_off: 'Written off',
};
/** The states that end a claim. */
export const claimResolutions = ['restored', 'replaced', 'refunded', 'written_off'] as const;
export type ClaimResolution = (typeof claimResolutions)[number];

/** The moves a claim allows from each state (docs/decisions/038-warranty-claims.md). */
export const claimMoves: Record<ClaimStatus, readonly ClaimStatus[]> = {
  open: ['publisher_replied', ...claimResolutions],
  publisher_replied: claimResolutions,
  restored: [],
  replaced: [],
  refunded: [],
  written_off: [],
};

/** True while a claim waits for its resolution. */
export const isClaimActive = (status: ClaimStatus) => status === 'open' || status === 'publisher_replied';

/** What one check saw of a placement, kept as proof. */
export const claimProofSchema = z.object({
  id: z.string(),
  checkedAt: z.string(),
  /** What was wrong at that check (empty: the link was as agreed). */
  issues: z.array(z.enum(placementIssues)),
  /** What this check changed against the check before (new issues). */
  changes: z.array(z.enum(placementIssues)),
  httpStatus: z.number().int().nullable(),
  finalUrl: z.string(),
  /** The found link's target, anchor and rel (null: no link found). */
  found: z.object({ url: z.string(), anchorText: z.string(), rel: z.array(z.string()) }).nullable(),
  /** The relevant HTML of the page (the link, a robots meta tag), as text, at most 2,000 characters. */
  fragment: z.string().nullable(),
  /** Size of the stored page snapshot in bytes before and after gzip; null when the page had none. */
  snapshotBytes: z.number().int().nullable(),
  snapshotStoredBytes: z.number().int().nullable(),
  /** Until when the proof is kept (the warranty's end, at least 30 days). */
  keepUntil: z.string(),
});
export type ClaimProof = z.infer<typeof claimProofSchema>;

/** A replacement claim as the API presents it. */
export const claimSchema = z.object({
  id: z.string(),
  placementId: z.string(),
  status: z.enum(claimStatuses),
  /** What was wrong when it opened. */
  issues: z.array(z.enum(placementIssues)),
  /** Set when monitoring saw the link back with the agreed terms: a hint to mark it restored. */
  restoreSuggestedAt: z.string().nullable(),
  /** The agreed terms as quoted to the publisher. */
  terms: z.object({
    pageUrl: z.string(),
    targetUrl: z.string(),
    anchorText: z.string(),
    rel: z.enum(placementRels),
    liveAt: z.string().nullable(),
    warrantyEndsOn: z.string().nullable(),
  }),
  prospectWebsite: z.string().nullable(),
  campaignName: z.string().nullable(),
  clientName: z.string().nullable(),
  /** The publisher's conversation in the inbox, which holds the drafted follow-up; null when none. */
  threadId: z.string().nullable(),
  /** The follow-up as drafted (also the draft in the thread when there is one). Never sent by LinkPilot itself. */
  draftBody: z.string(),
  assigneeId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  replacementPlacementId: z.string().nullable(),
  note: z.string(),
  proof: claimProofSchema.nullable(),
  openedAt: z.string(),
  resolvedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type Claim = z.infer<typeof claimSchema>;

/** `GET /api/claims` query: `active` = open or publisher replied. */
export const claimListQuerySchema = withPageCursor(
  z.object({
    status: z.enum(['active', 'all', ...claimStatuses]).default('active'),
    placementId: z.uuid().optional(),
    page: pageQueryFields.page,
    pageSize: pageQueryFields.pageSize,
    cursor: pageQueryFields.cursor,
  }),
);
export type ClaimListQuery = Partial<z.output<typeof claimListQuerySchema>>;
export const claimPageSchema = pageSchema(claimSchema);
export type ClaimPage = z.infer<typeof claimPageSchema>;

/** `POST /api/claims/:id/status`: the move, an optional note and, for `replaced`, the new link's page. */
export const moveClaimSchema = z
  .object({
    to: z.enum(['publisher_replied', ...claimResolutions], { error: claimMessages.invalidStatus }),
    note: z.string().trim().max(2000).optional(),
    replacementPageUrl: websiteUrlField(claimMessages.replacementRequired, campaignMessages.invalidUrl, {
      publicOnly: true,
    }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.to === 'replaced' && !v.replacementPageUrl)
      ctx.addIssue({
        code: 'custom',
        path: ['replacementPageUrl'],
        message: claimMessages.replacementRequired,
      });
  });
export type MoveClaimInput = z.input<typeof moveClaimSchema>;
export type MoveClaim = z.output<typeof moveClaimSchema>;
