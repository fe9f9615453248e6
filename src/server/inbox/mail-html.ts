import sanitizeHtml from 'sanitize-html';

/**
 * The HTML of a received message made safe to show (docs/decisions/024-inbox.md). The message is
 * stored as received and cleaned each time it is shown, so a better cleaner applies to old mail
 * too. The cleaned HTML is further served in a sandboxed document whose Content-Security-Policy
 * loads nothing but inline styles and data: images (mailHtmlCsp): the cleaner keeps the mail
 * readable and private, the policy holds if the cleaner ever misses something.
 */

export interface MailHtmlOptions {
  /** Load remote (http/https) images: off by default, as they tell the sender the mail was read. */
  images: boolean;
}

/** Text formatting, lists, tables, images and style blocks; no forms, frames, media or scripts. */
const allowedTags = [
  'a',
  'abbr',
  'address',
  'article',
  'aside',
  'b',
  'bdi',
  'bdo',
  'big',
  'blockquote',
  'br',
  'caption',
  'center',
  'cite',
  'code',
  'col',
  'colgroup',
  'dd',
  'del',
  'details',
  'dfn',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'font',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'i',
  'img',
  'ins',
  'kbd',
  'li',
  'main',
  'mark',
  'ol',
  'p',
  'pre',
  'q',
  's',
  'samp',
  'section',
  'small',
  'span',
  'strike',
  'strong',
  'style',
  'sub',
  'summary',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'time',
  'tr',
  'tt',
  'u',
  'ul',
  'var',
  'wbr',
];

/** Presentation attributes mail programs still write (tables especially), on every tag. */
const presentation = [
  'style',
  'class',
  'id',
  'dir',
  'lang',
  'title',
  'align',
  'valign',
  'width',
  'height',
  'bgcolor',
  'background',
  'border',
  'cellpadding',
  'cellspacing',
  'colspan',
  'rowspan',
  'nowrap',
  'color',
  'face',
  'size',
  'start',
  'type',
  'span',
  'scope',
  'headers',
  'datetime',
  'open',
];

/** Characters of a blocked image's alt text shown in its place. */
const ALT_MAX = 200;

/** A CSS url() call, its argument quoted or not (the groups hold the argument). */
const CSS_URL = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^)'"]*?))\s*\)/gi;
/** What in CSS could fetch something or run code in an old engine (after escapes are decoded). */
const CSS_DANGER = /@import|url\(|image-set\(|\bsrc\(|expression\(|behavior\s*:|-moz-binding|javascript:/i;
const isDataImage = (url: string) => /^\s*data:image\//i.test(url);

/** CSS text with its escapes (`\75 rl(`, `\@import`) decoded, to see what a browser would read. */
function decodeCssEscapes(css: string): string {
  return css.replace(/\\(?:([0-9a-f]{1,6})[ \t\n\r\f]?|([\s\S]))/gi, (_, hex?: string, char?: string) => {
    if (hex === undefined) return char ?? '';
    const code = parseInt(hex, 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
  });
}

/**
 * Style text (a style attribute or a style block) without what would load something: @import
 * rules, url() other than data: images, image-set(). When an escape hides such a thing from these
 * replacements the whole text is dropped, as no honest mail writes `u\72l(`. `<` is escaped so the
 * text can never close its style block.
 */
function cleanCss(css: string): string {
  const out = css
    .replace(/\/\*[\s\S]*?(?:\*\/|$)/g, '')
    // Outlook wraps its style blocks in <!-- -->, which CSS ignores; once '<' is escaped it would not.
    .replace(/<!--|-->/g, '')
    .replace(/@import\b[^;]*;?/gi, '')
    .replace(CSS_URL, (call: string, a?: string, b?: string, c?: string) =>
      isDataImage(a ?? b ?? c ?? '') ? call : 'none',
    )
    .replace(/(?:-webkit-)?image-set\([^)]*\)/gi, 'none');
  const seen = decodeCssEscapes(out).replace(CSS_URL, (call: string, a?: string, b?: string, c?: string) =>
    isDataImage(a ?? b ?? c ?? '') ? '' : call,
  );
  if (CSS_DANGER.test(seen)) return '';
  return out.replace(/</g, '\\3c ');
}

/** Links the reader may follow: the web, mail, phone numbers and anchors inside the message. */
const FOLLOWABLE = /^(https?:|mailto:|tel:|#)/i;

function options({ images }: MailHtmlOptions): sanitizeHtml.IOptions {
  /** What stands in for an image that is not shown: its alt text, else nothing. */
  const blocked = (alt: string | undefined): sanitizeHtml.Tag => {
    const text = (alt ?? '').trim().slice(0, ALT_MAX);
    // A tag name outside allowedTags is discarded with its (empty) content.
    return text ? { tagName: 'span', attribs: {}, text } : { tagName: 'blocked-image', attribs: {} };
  };
  return {
    allowedTags,
    allowVulnerableTags: true, // <style>: its text is cleaned by cleanStyleBlocks below
    parseStyleAttributes: false,
    nonTextTags: ['script', 'style', 'textarea', 'option', 'xmp', 'title', 'noembed', 'noframes'],
    allowedAttributes: {
      '*': presentation,
      a: ['href', 'name', 'target', 'rel'],
      img: ['src', 'srcset', 'sizes', 'alt', 'hspace', 'vspace'],
      style: ['media'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
    allowedSchemesAppliedToAttributes: ['href', 'src', 'background'],
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => {
        const href = attribs.href?.trim() ?? '';
        const { href: _, target: __, rel: ___, ...rest } = attribs;
        if (!FOLLOWABLE.test(href)) return { tagName, attribs: rest };
        // Relative links would lead into the app itself; anchors stay in the message.
        return href.startsWith('#')
          ? { tagName, attribs: { ...rest, href, target: '_self' } }
          : { tagName, attribs: { ...rest, href, target: '_blank', rel: 'noopener noreferrer nofollow' } };
      },
      img: (tagName, attribs) => {
        const src = attribs.src?.trim() ?? '';
        const shown = isDataImage(src) || (images && /^https?:\/\//i.test(src));
        if (!shown) return blocked(attribs.alt);
        // Without remote images a srcset could still fetch one: only the data: src is kept.
        const { srcset: _, sizes: __, ...rest } = attribs;
        return { tagName, attribs: images ? { ...attribs, src } : { ...rest, src } };
      },
      '*': (tagName, attribs) => {
        const { style, background, ...rest } = attribs;
        const css = style === undefined ? '' : cleanCss(style);
        const keepBackground = background !== undefined && images && /^https?:\/\//i.test(background.trim());
        return {
          tagName,
          attribs: {
            ...rest,
            ...(css.trim() ? { style: css } : {}),
            ...(keepBackground ? { background: background.trim() } : {}),
          },
        };
      },
    },
  };
}

/** The cleaned output's style blocks, their text cleaned like style attributes. */
function cleanStyleBlocks(html: string): string {
  // The sanitiser escapes '<' everywhere but in style text, so each match is one real block.
  return html.replace(
    /(<style\b[^>]*>)([\s\S]*?)(<\/style>)/gi,
    (_, open: string, css: string, close: string) => `${open}${cleanCss(css)}${close}`,
  );
}

/**
 * An inbound message's HTML made safe to show in the inbox: no scripts, event handlers, forms,
 * frames, objects, embeds, meta refresh, base or external stylesheets; links only to http(s),
 * mailto and tel (others lose their href), opening in a new tab with rel="noopener noreferrer
 * nofollow"; CSS without @import or url() to anything but data: images. Images: data: images are
 * shown; remote ones (src and srcset, tracking pixels included) only when `images` is true, else
 * replaced by their alt text; cid: images (parts of the message) are never shown. Formatting,
 * tables and inline styles are kept. Never throws.
 * @param html the message's HTML part as received (decoded to a string).
 * @returns an HTML fragment (style blocks included) for mailHtmlDocument.
 */
export function sanitizeMailHtml(html: string, opts: MailHtmlOptions): string {
  return cleanStyleBlocks(sanitizeHtml(html, options(opts)));
}

/**
 * The Content-Security-Policy of a served message (docs/decisions/024-inbox.md): a sandbox without
 * scripts, forms or same-origin access, where links may only open new tabs (popups that escape the
 * sandbox, so the page opened works normally); nothing is loaded but inline styles, data: images
 * and fonts, and remote images when `images` is true. Framed only by the app's own pages.
 */
export function mailHtmlCsp({ images }: MailHtmlOptions): string {
  return [
    'sandbox allow-popups allow-popups-to-escape-sandbox',
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `img-src data:${images ? ' https: http:' : ''}`,
    'font-src data:',
    "frame-ancestors 'self'",
  ].join('; ');
}

/**
 * Base styles of the served message: the system font, nothing wider than the frame, and a white page
 * whatever the app's theme — mail is written for one, and dark text of the sender's on a dark page
 * would be unreadable.
 */
const DOCUMENT_STYLE =
  ':root{color-scheme:light}' +
  'body{margin:8px;background:#fff;color:#0f172a;max-width:100%;font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;overflow-wrap:break-word}' +
  'img{max-width:100%;height:auto}';

/**
 * The whole document served for an inbound message's HTML: the cleaned HTML (sanitizeMailHtml)
 * in a minimal page whose links open in a new tab. Serve it with mailHtmlCsp.
 */
export function mailHtmlDocument(html: string, opts: MailHtmlOptions): string {
  return `<!doctype html><html><head><meta charset="utf-8"><base target="_blank"><style>${DOCUMENT_STYLE}</style></head><body>${sanitizeMailHtml(html, opts)}</body></html>`;
}
