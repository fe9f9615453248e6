import { z } from 'zod';
import { pageQueryFields, pageSchema, withPageCursor } from './pagination';

/** Personalised first lines (docs/decisions/010-ai-writing.md): messages shown by the panel and sent by the server. */
export const firstLineMessages = {
  textRequired: 'The first line cannot be empty',
  tooLong: 'Keep the first line under 300 characters',
  loadFailed: 'Failed to load first lines',
  saveFailed: 'Failed to save the first line',
  draftFailed: 'An error occurred. Please try again.',
} as const;

export const MAX_FIRST_LINE_CHARS = 300;

/** A prospect with its first line, if one was drafted. Timestamps are ISO strings. */
export const prospectFirstLineSchema = z.object({
  prospectId: z.string(),
  website: z.string(),
  contactName: z.string().nullable(),
  /** The page the prospect was found on, which the draft refers to. */
  sourcePageUrl: z.string().nullable(),
  line: z
    .object({
      text: z.string(),
      status: z.enum(['draft', 'approved']),
      updatedAt: z.string(),
    })
    .nullable(),
});
export type ProspectFirstLine = z.infer<typeof prospectFirstLineSchema>;

/** `GET /api/campaigns/:id/first-lines`: a page of prospects and the campaign's approval setting. */
export const firstLinePageSchema = pageSchema(prospectFirstLineSchema).extend({
  requireApproval: z.boolean(),
});
export type FirstLinePage = z.infer<typeof firstLinePageSchema>;

export const firstLineListQuerySchema = withPageCursor(z.object(pageQueryFields));
export type FirstLineListQuery = Partial<z.output<typeof firstLineListQuerySchema>>;

/** `PUT /api/prospects/:id/first-line`: the edited text, and whether it is approved to go out. */
export const updateFirstLineSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, firstLineMessages.textRequired)
    .max(MAX_FIRST_LINE_CHARS, firstLineMessages.tooLong),
  approved: z.boolean(),
});
export type UpdateFirstLineInput = z.input<typeof updateFirstLineSchema>;

/** `PUT /api/campaigns/:id/first-line-settings`: approval before first lines go out (default on). */
export const firstLineSettingsSchema = z.object({ requireApproval: z.boolean() });
export type FirstLineSettings = z.infer<typeof firstLineSettingsSchema>;
