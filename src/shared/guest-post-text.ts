import type { LinkCheck } from './schemas/guest-posts';

/** `[anchor](url)` links of the blog markup; the URL ends at whitespace or the closing parenthesis. */
const LINK = /\[([^\]\n]+)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;

/** Anchors that say nothing about the page they point to. */
const GENERIC_ANCHORS = new Set(['click here', 'here', 'this', 'link', 'read more', 'this link', 'website']);

/** A URL reduced for comparison: no scheme, no 'www.', no trailing slash, lower-case host. */
function comparable(url: string): string {
  try {
    const u = new URL(url);
    const path = u.pathname.replace(/\/+$/, '');
    return `${u.hostname.toLowerCase().replace(/^www\./, '')}${path}${u.search}`;
  } catch {
    return url.trim().replace(/\/+$/, '');
  }
}

/**
 * How often each internal link occurs in a post written in the blog markup (docs/decisions/010-ai-writing.md: each should
 * appear exactly once, with natural anchor text). Matches ignore scheme, 'www.' and a trailing slash.
 * @returns one entry per link, in the order given: its count and its first anchor text (null if absent).
 */
export function checkInternalLinks(markup: string, links: readonly string[]): LinkCheck[] {
  const found = [...markup.matchAll(LINK)].map((match) => ({
    anchor: match[1]!.trim(),
    key: comparable(match[2]!),
  }));
  return links.map((url) => {
    const key = comparable(url);
    const hits = found.filter((f) => f.key === key);
    return { url, count: hits.length, anchorText: hits[0]?.anchor ?? null };
  });
}

/** True when an anchor text reads as words about the page: not a bare URL, not 'click here'. */
export function isNaturalAnchor(anchor: string): boolean {
  const text = anchor.trim().toLowerCase();
  return text.length > 0 && !/^(https?:\/\/|www\.)/.test(text) && !GENERIC_ANCHORS.has(text);
}

/** The post's title: the text of its first '# ' heading, or '' when it has none. */
export function postTitle(markup: string): string {
  const line = markup.split('\n').find((l) => /^#\s+\S/.test(l.trim()));
  return line ? line.trim().replace(/^#\s+/, '').replace(/\*\*/g, '').trim() : '';
}

/**
 * A post in the blog markup (docs/product.md#blog-admin) as plain text for pasting anywhere: heading marks and bold
 * stars dropped, links written as 'anchor (url)', list items and paragraphs kept.
 */
export function markupToPlainText(markup: string): string {
  return markup
    .split('\n')
    .map((line) =>
      line
        .replace(/^\s*#{1,6}\s+/, '')
        .replace(LINK, (_, anchor: string, url: string) => `${anchor} (${url})`)
        .replace(/\*\*(.+?)\*\*/g, '$1')
        .replace(/__(.+?)__/g, '$1'),
    )
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
