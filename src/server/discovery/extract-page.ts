import { Parser } from 'htmlparser2';
import { normalizeUrl } from '../../shared/url-normalize';
import { decodeCloudflareEmail, emailsFromMailto, findEmails } from './emails';
import { detectFootprint, type FootprintKind } from './footprints';

/** The rel values that tell search engines not to count a link (Google's link attributes). */
export type LinkRel = 'nofollow' | 'sponsored' | 'ugc';

/** One outgoing link: absolute normalised URL, anchor text (an image's alt when no text), rel. */
export interface ExtractedLink {
  url: string;
  text: string;
  rel: LinkRel[];
}

/** What a page tells discovery. Text is the visible text, whitespace collapsed, capped. */
export interface PageExtract {
  url: string;
  title: string;
  description: string;
  /** BCP 47 primary tag from `<html lang>` or Content-Language meta, lower case ('' if none). */
  language: string;
  text: string;
  /** The page's h1 headings (at most 3). */
  headings: string[];
  links: ExtractedLink[];
  emails: string[];
  /** Author or contact names (meta author, JSON-LD Person, rel=author links). */
  names: string[];
  footprint: FootprintKind | null;
  /** `<meta name="robots">` (and `googlebot`) directives, lower case, comma-joined ('' if none). */
  robots: string;
  /** The absolute `<link rel="canonical">` URL, or null. */
  canonical: string | null;
}

/** Visible text kept per page; enough for relevance, bounded for storage. */
export const MAX_TEXT_CHARS = 50_000;
const MAX_LINKS = 2_000;
const HIDDEN = new Set(['script', 'style', 'noscript', 'template', 'svg']);
const BLOCK = new Set([
  'html',
  'head',
  'title',
  'body',
  'p',
  'div',
  'br',
  'li',
  'ul',
  'ol',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'tr',
  'td',
  'th',
  'table',
  'section',
  'article',
  'header',
  'footer',
  'nav',
  'aside',
  'main',
  'blockquote',
  'pre',
  'dd',
  'dt',
  'dl',
  'form',
  'address',
  'figure',
  'figcaption',
  'hr',
  'option',
  'button',
  'label',
]);

/**
 * Extracts links, metadata, visible text, emails, names and the footprint from HTML in one
 * streaming pass of htmlparser2 (no DOM is built). `pageUrl` is the final URL, the base for
 * relative links unless the page sets `<base href>`.
 */
export function extractPage(html: string, pageUrl: string): PageExtract {
  let base = pageUrl;
  let title = '';
  let description = '';
  let ogDescription = '';
  let language = '';
  const robots: string[] = [];
  let canonical: string | null = null;
  const text: string[] = [];
  let textLength = 0;
  const headings: string[] = [];
  const links: ExtractedLink[] = [];
  const emails = new Set<string>();
  const names = new Set<string>();
  const jsonLd: string[] = [];

  let hiddenDepth = 0;
  /** Inside <pre>/<code>: sample data (`john@mail.com` in a CSV example) is no contact. */
  let codeDepth = 0;
  const prose: string[] = [];
  let proseLength = 0;
  let inTitle = false;
  let headingBuffer: string[] | null = null;
  let jsonLdBuffer: string[] | null = null;
  let anchor: { href: string; rel: LinkRel[]; text: string[]; alt: string; author: boolean } | null = null;

  const blockBreak = () => {
    pushText('\n');
    prose.push('\n');
  };
  const pushText = (chunk: string) => {
    if (textLength >= MAX_TEXT_CHARS) return;
    text.push(chunk);
    textLength += chunk.length;
  };

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (attrs['data-cfemail']) {
          const email = decodeCloudflareEmail(attrs['data-cfemail']);
          if (email) emails.add(email);
        }
        switch (name) {
          case 'html':
            if (attrs.lang) language = attrs.lang;
            break;
          case 'base':
            if (attrs.href) base = normalizeUrl(attrs.href, pageUrl) ?? base;
            break;
          case 'title':
            inTitle = true;
            break;
          case 'meta': {
            const key = (attrs.name ?? attrs.property ?? attrs['http-equiv'] ?? '').toLowerCase();
            const content = (attrs.content ?? '').trim();
            if (key === 'description') description = content;
            else if (key === 'og:description') ogDescription = content;
            else if (key === 'author' || key === 'article:author' || key === 'dc.creator')
              addName(names, content);
            else if (key === 'content-language' && !language) language = content;
            else if ((key === 'robots' || key === 'googlebot') && content) robots.push(content.toLowerCase());
            break;
          }
          case 'link':
            if (
              !canonical &&
              (attrs.rel ?? '').toLowerCase().split(/\s+/).includes('canonical') &&
              attrs.href
            )
              canonical = normalizeUrl(attrs.href, pageUrl);
            break;
          case 'script':
            if ((attrs.type ?? '').toLowerCase() === 'application/ld+json') jsonLdBuffer = [];
            break;
          case 'a':
          case 'area':
            // A link's text never continues an address in the text before it
            // (`lizenzen@taz.de<a …>zur mobilen Ansicht</a>` is not `…@taz.dezur`).
            prose.push('\n');
            if (attrs.href !== undefined) {
              const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
              anchor = {
                href: attrs.href,
                rel: (['nofollow', 'sponsored', 'ugc'] as const).filter((r) => rel.includes(r)),
                text: [],
                alt: '',
                author: rel.includes('author'),
              };
              if (name === 'area') anchor.alt = attrs.alt ?? '';
            }
            break;
          case 'img':
            if (anchor && attrs.alt) anchor.alt ||= attrs.alt;
            break;
          case 'h1':
            if (headings.length < 3) headingBuffer = [];
            break;
          case 'pre':
          case 'code':
            codeDepth++;
            break;
        }
        if (HIDDEN.has(name)) hiddenDepth++;
        if (BLOCK.has(name)) blockBreak();
      },
      ontext(data) {
        if (inTitle) title += data;
        if (jsonLdBuffer) jsonLdBuffer.push(data);
        if (hiddenDepth > 0) return;
        pushText(data);
        if (codeDepth === 0 && proseLength < MAX_TEXT_CHARS) {
          prose.push(data);
          proseLength += data.length;
        }
        anchor?.text.push(data);
        headingBuffer?.push(data);
      },
      onclosetag(name) {
        if (HIDDEN.has(name) && hiddenDepth > 0) hiddenDepth--;
        if (BLOCK.has(name)) blockBreak();
        if (name === 'title') inTitle = false;
        if (name === 'script' && jsonLdBuffer) {
          jsonLd.push(jsonLdBuffer.join(''));
          jsonLdBuffer = null;
        }
        if ((name === 'pre' || name === 'code') && codeDepth > 0) codeDepth--;
        if (name === 'h1' && headingBuffer) {
          const heading = collapse(headingBuffer.join(''));
          if (heading) headings.push(heading);
          headingBuffer = null;
        }
        if (name === 'a' || name === 'area') {
          prose.push('\n');
          if (anchor) finishLink(anchor);
          anchor = null;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );

  function finishLink(a: NonNullable<typeof anchor>) {
    const href = a.href.trim();
    const anchorText = collapse(a.text.join('')) || collapse(a.alt);
    if (/^mailto:/i.test(href)) {
      for (const email of emailsFromMailto(href)) emails.add(email);
      return;
    }
    const cloudflare = /\/cdn-cgi\/l\/email-protection#([0-9a-f]+)/i.exec(href);
    if (cloudflare) {
      const email = decodeCloudflareEmail(cloudflare[1]!);
      if (email) emails.add(email);
      return;
    }
    if (a.author) addName(names, anchorText);
    const url = normalizeUrl(href, base);
    if (url && links.length < MAX_LINKS) links.push({ url, text: anchorText.slice(0, 300), rel: a.rel });
  }

  parser.end(html);

  const visible = collapse(text.join('')).slice(0, MAX_TEXT_CHARS);
  for (const email of findEmails(prose.join(''))) emails.add(email);
  for (const block of jsonLd) namesFromJsonLd(block, names, emails);
  const cleanTitle = collapse(title);
  return {
    url: pageUrl,
    title: cleanTitle.slice(0, 500),
    description: (description || ogDescription).slice(0, 1000),
    language: (language.split(/[-_]/)[0] ?? '').toLowerCase().slice(0, 8),
    text: visible,
    headings,
    links,
    emails: [...emails],
    names: [...names],
    footprint: detectFootprint({ url: pageUrl, title: cleanTitle, headings }),
    robots: robots.join(', '),
    canonical,
  };
}

/** Collapses whitespace runs to one space: discovery reads words, not layout. */
function collapse(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

function addName(names: Set<string>, raw: unknown) {
  if (typeof raw !== 'string') return;
  const name = collapse(raw);
  // A name, not an address, a handle or a URL.
  if (name.length < 3 || name.length > 80 || /[@/:]|https?|www\./i.test(name)) return;
  if (!/\p{L}/u.test(name)) return;
  names.add(name);
}

/** Walks JSON-LD for Person nodes (also as author/founder/employee) and their names and emails. */
function namesFromJsonLd(block: string, names: Set<string>, emails: Set<string>) {
  let data: unknown;
  try {
    data = JSON.parse(block);
  } catch {
    return;
  }
  const seen = new Set<unknown>();
  const visit = (node: unknown, depth: number) => {
    if (!node || typeof node !== 'object' || depth > 8 || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const item of node) visit(item, depth + 1);
      return;
    }
    const record = node as Record<string, unknown>;
    const types = ([] as unknown[]).concat(record['@type'] ?? []);
    if (types.includes('Person')) {
      addName(names, record.name);
      if (typeof record.email === 'string') {
        for (const email of emailsFromMailto(record.email)) emails.add(email);
      }
    }
    for (const value of Object.values(record)) visit(value, depth + 1);
  };
  visit(data, 0);
}
