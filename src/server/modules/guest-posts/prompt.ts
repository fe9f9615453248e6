import type { GuestPostRequest } from '../../../shared/schemas/guest-posts';
import type { AiPrompt } from '../../ai/writer';
import type { SitePage } from '../../discovery/crawl-store';

/** What we know of the target site from its crawled pages: its name, what it says it is, its topics. */
export interface SiteFacts {
  title: string;
  description: string;
  /** Page titles and headings, most telling first, without repeats. */
  topics: string[];
}

/** Topics handed to the model; more only lengthens the prompt. */
const MAX_TOPICS = 15;

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * Sums up a site's stored pages (home page first, see CrawlStore.sitePages): the home page's title and
 * description, and the other pages' titles and headings as topics.
 * @returns null when no page of the site has been read.
 */
export function siteFactsFrom(pages: readonly SitePage[]): SiteFacts | null {
  const [home, ...rest] = pages;
  if (!home) return null;
  const seen = new Set<string>();
  const topics: string[] = [];
  const add = (raw: string) => {
    const topic = clean(raw);
    const key = topic.toLowerCase();
    if (topic.length < 4 || topic.length > 120 || seen.has(key) || key === clean(home.title).toLowerCase())
      return;
    seen.add(key);
    topics.push(topic);
  };
  for (const page of rest) add(page.title);
  for (const page of [home, ...rest]) page.headings.forEach(add);
  return {
    title: clean(home.title),
    description: clean(home.description),
    topics: topics.slice(0, MAX_TOPICS),
  };
}

const SYSTEM = [
  'You are an experienced content writer who writes guest posts that site editors accept.',
  'Write only the post, in this markup and no other (no HTML, no code fences, no preamble):',
  "- the title once, on the first line, as '# Title';",
  "- section headings as '## Heading';",
  "- bullet items as '- item' and numbered items as '1. item';",
  '- **bold** for emphasis;',
  '- links as [anchor text](https://url).',
  'Paragraphs are separated by a blank line.',
].join('\n');

const STRICTER =
  "Your previous answer was empty. Write the whole post now, starting with its title as '# Title' on the first line.";

/**
 * The model call for a guest post (docs/decisions/010-ai-writing.md): the request's sites, topic (or the model's choice),
 * length, and internal links each to be used exactly once with natural anchor text; the target site's
 * own title and topics when its pages were crawled, so the post fits that site.
 * Output tokens are bounded at about twice the words asked for (a token is ~0.75 words; headroom for markup).
 */
export function guestPostPrompt(request: GuestPostRequest, facts: SiteFacts | null): AiPrompt {
  const lines: string[] = [
    `Write a guest post of about ${request.wordCount} words for the website ${request.targetWebsite}.`,
    `The author writes on behalf of ${request.yourWebsite}.`,
  ];
  if (facts) {
    lines.push('', 'About the target website (from its own pages):');
    if (facts.title) lines.push(`- Name/title: ${facts.title}`);
    if (facts.description) lines.push(`- Description: ${facts.description}`);
    if (facts.topics.length) lines.push(`- Topics it covers: ${facts.topics.join('; ')}`);
    lines.push('Match its audience and subject area; do not repeat an article it already has.');
  }
  lines.push(
    '',
    request.topic
      ? `Topic: ${request.topic}`
      : "Topic: choose one that fits the target website's audience and relates to the author's website.",
  );
  if (request.internalLinks.length) {
    lines.push(
      '',
      "Link to each of these pages of the author's website exactly once, where it helps the reader, " +
        "with natural descriptive anchor text (never the bare URL, never 'click here'):",
      ...request.internalLinks.map((url) => `- ${url}`),
    );
  } else {
    lines.push('', `You may link to ${request.yourWebsite} once, with natural anchor text.`);
  }
  lines.push('', 'Do not add any other links. Give practical, specific advice; no filler.');
  return {
    system: SYSTEM,
    prompt: lines.join('\n'),
    maxOutputTokens: Math.ceil(request.wordCount * 2) + 200,
    stricter: STRICTER,
  };
}
