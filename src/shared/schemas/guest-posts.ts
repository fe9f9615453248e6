import { z } from 'zod';
import { campaignIdField } from './campaign-id';
import { limits } from '../limits';
import { errorCodes } from './api';
import { normalizeWebsiteUrl } from '../urls';
import { websiteUrlField } from './campaigns';
import { pageQueryFields, pageSchema, withPageCursor } from './pagination';
import { fieldMessages } from './field-messages';

/** Guest Post Generator messages (docs/product.md#guest-posts, docs/product.md#validation, docs/product.md#errors and docs/decisions/010-ai-writing.md). */
export const guestPostMessages = {
  campaignRequired: 'Please select a campaign',
  yourWebsiteRequired: 'Your website is required',
  targetWebsiteRequired: 'Target website is required',
  invalidUrl: 'Please enter a valid URL',
  tooManyLinks: `At most ${limits.maxInternalLinks} internal links`,
  generateFailed: 'An error occurred. Please try again.',
  saveLinksFailed: 'Failed to save internal links',
  loadFailed: 'Failed to load guest posts',
  notFound: 'Guest post not found',
  placeholder: 'Generated content will appear here',
} as const;

const m = guestPostMessages;

/** Word counts (docs/product.md#limits); 1000 is the default. */
export const wordCounts = [800, 1000, 1500, 2000] as const;
export const DEFAULT_WORD_COUNT = 1000;

/**
 * Internal links (docs/product.md#validation, docs/product.md#limits): url inputs, empty rows dropped, at most 3 after dropping.
 * Row errors carry the row's index so the form can show them beside the input.
 */
export const internalLinksField = z
  .array(z.string().max(2048, m.invalidUrl))
  .max(20, m.tooManyLinks)
  .transform((values, ctx) => {
    const urls: string[] = [];
    values.forEach((raw, index) => {
      if (!raw.trim()) return;
      const url = normalizeWebsiteUrl(raw);
      if (!url) ctx.issues.push({ code: 'custom', message: m.invalidUrl, input: raw, path: [index] });
      else if (!urls.includes(url)) urls.push(url);
    });
    if (urls.length > limits.maxInternalLinks) {
      ctx.issues.push({ code: 'custom', message: m.tooManyLinks, input: values });
    }
    return urls;
  });

/**
 * The guest post request (docs/product.md#entities: campaignId, yourWebsite, targetWebsite, topic, wordCount,
 * internalLinks): the form and `POST /api/guest-posts/generate` validate with this one schema.
 */
export const guestPostRequestSchema = z.object({
  campaignId: campaignIdField(m.campaignRequired),
  yourWebsite: websiteUrlField(m.yourWebsiteRequired, m.invalidUrl),
  targetWebsite: websiteUrlField(m.targetWebsiteRequired, m.invalidUrl),
  /** Blank lets the model choose (docs/product.md#validation). */
  topic: z.string().trim().max(300, fieldMessages.tooLong('Topic', 300)).default(''),
  wordCount: z.coerce
    .number()
    .refine((n): n is (typeof wordCounts)[number] => (wordCounts as readonly number[]).includes(n), {
      message: `Word count must be one of ${wordCounts.join(', ')}`,
    })
    .default(DEFAULT_WORD_COUNT),
  internalLinks: internalLinksField,
});
export type GuestPostRequestInput = z.input<typeof guestPostRequestSchema>;
export type GuestPostRequest = z.output<typeof guestPostRequestSchema>;

/** `PUT /api/campaigns/:id/internal-links`: the campaign's links as the form edits them (docs/product.md#states). */
export const saveInternalLinksSchema = z.object({ internalLinks: internalLinksField });
export type SaveInternalLinksInput = z.input<typeof saveInternalLinksSchema>;

/** A campaign as the generator's select needs it (docs/product.md#api: id, name, websiteUrl, internal_links). */
export const guestPostCampaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  websiteUrl: z.string(),
  internalLinks: z.array(z.string()),
});
export type GuestPostCampaign = z.infer<typeof guestPostCampaignSchema>;

/** How often one internal link occurs in a post, with the anchor text of its first occurrence. */
export const linkCheckSchema = z.object({
  url: z.string(),
  count: z.number().int(),
  anchorText: z.string().nullable(),
});
export type LinkCheck = z.infer<typeof linkCheckSchema>;

/** A saved guest post. Timestamps are ISO strings. */
export const guestPostSchema = z.object({
  id: z.string(),
  campaignId: z.string(),
  campaignName: z.string(),
  yourWebsite: z.string(),
  targetWebsite: z.string(),
  topic: z.string(),
  wordCount: z.number().int(),
  internalLinks: z.array(z.string()),
  title: z.string(),
  content: z.string(),
  linkChecks: z.array(linkCheckSchema),
  createdAt: z.string(),
});
export type GuestPost = z.infer<typeof guestPostSchema>;

/** The saved-posts list: newest first, optionally one campaign's. */
export const guestPostListQuerySchema = withPageCursor(
  z.object({
    campaignId: z.uuid().optional(),
    ...pageQueryFields,
  }),
);
export type GuestPostListQuery = Partial<z.output<typeof guestPostListQuerySchema>>;

export const guestPostSummarySchema = guestPostSchema.omit({ content: true, linkChecks: true });
export type GuestPostSummary = z.infer<typeof guestPostSummarySchema>;
export const guestPostPageSchema = pageSchema(guestPostSummarySchema);
export type GuestPostPage = z.infer<typeof guestPostPageSchema>;

/**
 * Events of the generate stream (server-sent events, `event:` name and JSON `data:`): text as it is
 * written, then the saved post, or an error: its API error code (AI_UNUSABLE_ANSWER when the model
 * wrote nothing usable, even asked twice; else INTERNAL) and message.
 */
export const generateEventSchemas = {
  delta: z.object({ text: z.string() }),
  done: guestPostSchema,
  error: z.object({ code: z.enum(errorCodes), message: z.string() }),
} as const;
