import { z } from 'zod';
import { campaignMessages, websiteUrlField } from './campaigns';
import { pageQueryFields, pageSchema } from './pagination';

/** Live link messages of spec §8 and the Add Live Link form's required-field texts. */
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
} as const;

const m = liveLinkMessages;

/** Add Live Link form and `POST /api/live-links` body (spec §5: all required, URLs validated). */
export const createLiveLinkSchema = z.strictObject({
  campaignId: z
    .string({ error: m.campaignRequired })
    .min(1, m.campaignRequired)
    .pipe(z.uuid(m.campaignRequired)),
  url: websiteUrlField(m.urlRequired, campaignMessages.invalidUrl),
  anchorText: z.string({ error: m.anchorRequired }).trim().min(1, m.anchorRequired).max(500),
  pageUrl: websiteUrlField(m.pageUrlRequired, campaignMessages.invalidUrl),
});
export type CreateLiveLinkInput = z.input<typeof createLiveLinkSchema>;

/** A live link with its campaign's name (spec §3 live_links). */
export const liveLinkSchema = z.object({
  id: z.string(),
  campaignId: z.string(),
  campaignName: z.string(),
  url: z.string(),
  anchorText: z.string(),
  pageUrl: z.string(),
  status: z.enum(['active', 'lost', 'suspicious']),
  discoveredAt: z.string(),
});
export type LiveLink = z.infer<typeof liveLinkSchema>;

/** `GET /api/live-links` query: paging, discovered_at descending by default (spec §7). */
export const liveLinkListQuerySchema = z.object(pageQueryFields);
export type LiveLinkListQuery = Partial<z.output<typeof liveLinkListQuerySchema>>;

export const liveLinkPageSchema = pageSchema(liveLinkSchema);
export type LiveLinkPage = z.infer<typeof liveLinkPageSchema>;
