import {
  replyCategories,
  replySuggestionSchema,
  type ReplySuggestion,
} from '../../../shared/schemas/reply-suggestions';
import type { AiPrompt } from '../../ai/writer';

/** What the assistant reads: the prospect's reply, our message it answers (if known), and who we are. */
export interface ReplyContext {
  reply: { fromEmail: string; subject: string; text: string };
  ours: { subject: string; body: string } | null;
  senderName: string;
  campaignWebsite: string;
  prospectWebsite: string;
}

/** Characters of each message given to the model; replies are short, quoted history is cut already. */
const MAX_CHARS = 4_000;

const SYSTEM = [
  'You help a link-building outreach specialist answer replies from website owners.',
  `Classify the reply as one of: ${replyCategories.join(', ')}.`,
  '- interested: agrees or wants to go ahead (a guest post, a link, a collaboration);',
  '- asks_for_payment: wants money, a fee or sponsored-post rates;',
  '- not_interested: declines or asks not to be contacted;',
  '- question: asks for details before deciding.',
  'Then write a short, polite answer draft (at most 120 words) in the language of the reply, signed with the sender name.',
  'Never promise payment or anything the sender did not offer. For not_interested, thank them briefly.',
  'Answer with one JSON object only: {"category": "...", "draft": "..."}',
].join('\n');

const STRICTER = [
  'Your previous answer could not be read. Answer with exactly one JSON object and nothing before or',
  `after it, no code fence: {"category": one of ${replyCategories.map((c) => `"${c}"`).join(', ')}, "draft": "the answer draft, not empty"}`,
].join('\n');

/** The model call for a reply suggestion (docs/decisions/010-ai-writing.md). */
export function replySuggestionPrompt(context: ReplyContext): AiPrompt {
  const lines = [
    `Sender name: ${context.senderName}`,
    `Our website: ${context.campaignWebsite}`,
    `Their website: ${context.prospectWebsite}`,
  ];
  if (context.ours) {
    lines.push('', `Our message (subject: ${context.ours.subject}):`, context.ours.body.slice(0, MAX_CHARS));
  }
  lines.push(
    '',
    `Their reply from ${context.reply.fromEmail} (subject: ${context.reply.subject}):`,
    context.reply.text.slice(0, MAX_CHARS),
  );
  return { system: SYSTEM, prompt: lines.join('\n'), maxOutputTokens: 600, stricter: STRICTER };
}

/**
 * Reads the model's answer: the first JSON object in it (models wrap JSON in prose or code fences),
 * with a known category and a non-empty draft.
 * @returns null when the answer holds no such object.
 */
export function parseReplySuggestion(answer: string): ReplySuggestion | null {
  const start = answer.indexOf('{');
  const end = answer.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    const parsed = replySuggestionSchema.safeParse(JSON.parse(answer.slice(start, end + 1)));
    return parsed.success && parsed.data.draft.trim()
      ? { category: parsed.data.category, draft: parsed.data.draft.trim() }
      : null;
  } catch {
    return null;
  }
}
