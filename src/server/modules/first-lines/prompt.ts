import { MAX_FIRST_LINE_CHARS } from '../../../shared/schemas/first-lines';
import type { AiPrompt } from '../../ai/writer';

/** What a first line can refer to: the prospect's site and the page we found it on. */
export interface FirstLineContext {
  website: string;
  contactName: string | null;
  campaignWebsite: string;
  /** The page that made the site a prospect, with what we read of it. */
  sourcePage: { url: string; title: string; description: string; headings: string[] } | null;
  /** The link on that page (e.g. to a competitor) and its anchor text. */
  sourceLink: { url: string; anchorText: string } | null;
}

const SYSTEM = [
  'You write the opening line of a cold outreach email from a website owner to another site’s editor.',
  'Write exactly one sentence of at most 30 words that shows you read their page: name the article or',
  'what it covers. No greeting, no name, no flattery clichés, no questions, no links, no quotes around it.',
  'Answer with the sentence only.',
].join('\n');

const STRICTER =
  'Your previous answer could not be used: it was empty or only an introduction. Answer with the ' +
  'sentence itself, on one line, with nothing before or after it.';

/** The model call for one prospect's first line (docs/decisions/010-ai-writing.md), from the page we found it on. */
export function firstLinePrompt(context: FirstLineContext): AiPrompt {
  const lines = [`Their website: ${context.website}`, `Our website: ${context.campaignWebsite}`];
  if (context.contactName) lines.push(`Editor: ${context.contactName}`);
  const page = context.sourcePage;
  if (page) {
    lines.push('', `The page of theirs we found: ${page.url}`);
    if (page.title) lines.push(`Title: ${page.title}`);
    if (page.description) lines.push(`Description: ${page.description}`);
    if (page.headings.length) lines.push(`Headings: ${page.headings.slice(0, 5).join('; ')}`);
  }
  if (context.sourceLink) {
    lines.push(
      `It links to ${context.sourceLink.url}` +
        (context.sourceLink.anchorText ? ` with the words "${context.sourceLink.anchorText}".` : '.'),
    );
  }
  if (!page) lines.push('', 'We know nothing more about the site: refer to its subject in general terms.');
  return { system: SYSTEM, prompt: lines.join('\n'), maxOutputTokens: 120, stricter: STRICTER };
}

/**
 * The line from the model's answer: its first non-empty line that is not a lead-in ending in a colon
 * ("Here is your opening line:"), without surrounding quotes, cut at MAX_FIRST_LINE_CHARS. Empty when
 * the answer had no such line.
 */
export function cleanFirstLine(answer: string): string {
  const first = answer
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l && !l.endsWith(':'));
  return (first ?? '')
    .replace(/^["'“”‘’]+|["'“”‘’]+$/g, '')
    .trim()
    .slice(0, MAX_FIRST_LINE_CHARS);
}
