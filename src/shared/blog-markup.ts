import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

// Raw HTML in the source is never passed through (html: false); links are not auto-detected so only
// explicit [text](url) links exist, and markdown-it's own validateLink already drops javascript:/vbscript:.
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: true, breaks: false });

/**
 * Headings are shifted one level down: the post's title is the page's only h1, so '# ' in the body is
 * an h2 and '## ' an h3 (keeps one h1 per page for accessibility and search engines).
 */
const headingShift: Record<string, string> = { h1: 'h2', h2: 'h3', h3: 'h4', h4: 'h5', h5: 'h6', h6: 'h6' };

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'a',
    'code',
    'pre',
    'blockquote',
    'br',
    'hr',
  ],
  allowedAttributes: { a: ['href', 'rel'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: {
    ...Object.fromEntries(Object.entries(headingShift).map(([from, to]) => [from, to])),
    // Links in posts are the author's, not endorsements a search engine should follow blindly.
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener nofollow' }),
  },
};

/**
 * Renders a post body written in the blog's markup (docs/product.md#blog-admin, decision 006: '# ' and '## ' headings, '- ' and
 * numbered lists, **bold**; the rest of CommonMark works too) to HTML safe to insert into a page.
 * markdown-it renders it with raw HTML disabled; sanitize-html then keeps only a short allow-list of
 * tags and attributes (no scripts, no event handlers, no javascript: URLs) as defence in depth.
 */
export function renderPostMarkup(source: string): string {
  return sanitizeHtml(markdown.render(source), sanitizeOptions);
}
