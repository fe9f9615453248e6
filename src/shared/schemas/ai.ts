import { z } from 'zod';

/** Messages of the AI features (docs/decisions/010-ai-writing.md), shown by the screens and sent by the server. */
export const aiMessages = {
  notConfigured: 'AI is not configured: set AI_BASE_URL and AI_MODEL',
  dailyLimitReached: "You have used today's AI requests. Please try again tomorrow.",
  failed: 'An error occurred. Please try again.',
  unusableAnswer: "The AI's answer could not be used — try again.",
} as const;

/** Where the settings of the AI provider are explained: the README's section of this name. */
export const aiDocsSection = 'AI writing';

/** `GET /api/ai/status`: whether a model is configured and how many calls the user has left today. */
export const aiStatusSchema = z.object({
  configured: z.boolean(),
  model: z.string().nullable(),
  requestsLeftToday: z.number().int(),
  dailyLimit: z.number().int(),
});
export type AiStatus = z.infer<typeof aiStatusSchema>;
