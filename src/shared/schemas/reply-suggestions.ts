import { z } from 'zod';

/** What a prospect's reply is about (docs/decisions/010-ai-writing.md), as the reply assistant classifies it. */
export const replyCategories = ['interested', 'asks_for_payment', 'not_interested', 'question'] as const;
export type ReplyCategory = (typeof replyCategories)[number];

export const replyCategoryLabels: Record<ReplyCategory, string> = {
  interested: 'Interested',
  asks_for_payment: 'Asks for payment',
  not_interested: 'Not interested',
  question: 'Question',
};

export const replySuggestionMessages = {
  onlyReplies: 'Suggestions are made for replies only, not for bounces or automatic answers.',
  failed: 'An error occurred. Please try again.',
} as const;

/**
 * `POST /api/inbound-messages/:id/suggestion`: a suggested category and a short answer draft. The draft
 * is never sent by the app; the user copies or edits it.
 */
export const replySuggestionSchema = z.object({
  category: z.enum(replyCategories),
  draft: z.string(),
});
export type ReplySuggestion = z.infer<typeof replySuggestionSchema>;
