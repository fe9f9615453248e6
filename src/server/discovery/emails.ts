/**
 * Email addresses in page text: plain, and the obfuscations people use against harvesters
 * (`name [at] domain [dot] com`, `name (at) domain (punkt) de`, `name at domain dot com`,
 * Cloudflare's encoded `data-cfemail`). Guards drop what only looks like an address: image
 * names (`logo@2x.png`), package versions (`react@18.2.0`), asset files and placeholder domains.
 */

/** Extensions that end "addresses" such as logo@2x.png or lib@1.2.min.js: never a mail domain. */
const FILE_EXTENSIONS = new Set([
  'png',
  'jpg',
  'jpeg',
  'gif',
  'svg',
  'webp',
  'avif',
  'bmp',
  'ico',
  'tif',
  'tiff',
  'css',
  'js',
  'mjs',
  'json',
  'map',
  'woff',
  'woff2',
  'ttf',
  'eot',
  'mp3',
  'mp4',
  'webm',
  'pdf',
  'zip',
  'html',
  'htm',
  'php',
  'txt',
  'xml',
]);

/**
 * Domains of sample addresses in templates and docs (RFC 2606 and the usual stand-ins, English
 * and German) and of disposable mailboxes, which nobody reads for outreach.
 */
const PLACEHOLDER_DOMAINS = new Set([
  'beispiel.de',
  'example.de',
  'domain.de',
  'musterfirma.de',
  'mustermann.de',
  'mailinator.com',
  'guerrillamail.com',
  '10minutemail.com',
  'trashmail.com',
  'yopmail.com',
  'example.com',
  'example.org',
  'example.net',
  'domain.com',
  'yourdomain.com',
  'your-domain.com',
  'yoursite.com',
  'website.com',
  'mysite.com',
  'sentry.io',
  'email.com',
]);

const LOCAL = String.raw`[a-z0-9](?:[a-z0-9._%+-]{0,62}[a-z0-9_-])?`;
const LABEL = String.raw`[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?`;
const EXACT = new RegExp(String.raw`^(${LOCAL})@((?:${LABEL}\.)+[a-z]{2,24})$`, 'i');
/** The local part just before an @ (read backwards from it). */
const LOCAL_BEFORE = /[a-z0-9._%+-]{1,64}$/i;
/** The domain just after an @, not cut out of a longer name. */
const DOMAIN_AFTER = new RegExp(String.raw`^(?:${LABEL}\.)+[a-z]{2,24}(?![a-z0-9-]|\.[a-z0-9])`, 'i');

/** `[at]`, `(at)`, `{at}`, `<at>`, `[ät]`, `(@)` with optional spaces: an @ in disguise. */
const BRACKETED_AT = /\s*[[({<]\s*(?:at|ät|@)\s*[\])}>]\s*/gi;
/** `[dot]`, `(punkt)`, `{.}`: a dot in disguise. */
const BRACKETED_DOT = /\s*[[({<]\s*(?:dot|punkt|period|\.)\s*[\])}>]\s*/gi;
/** The bare word `at` between spaces, as in `name at domain dot com`. */
const SPELLED_AT = /\s+(?:at|ät)\s+/gi;
/** What follows a spelled-out at: labels joined by the words dot or punkt (at least one). */
const SPELLED_DOMAIN = new RegExp(String.raw`^${LABEL}(?:\s+(?:dot|punkt)\s+${LABEL})+(?![\w-])`, 'i');

/** True when a syntactically matched address is worth keeping (see the module's guards). */
export function isPlausibleEmail(email: string): boolean {
  const at = email.lastIndexOf('@');
  if (at < 1) return false;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const tld = domain.slice(domain.lastIndexOf('.') + 1);
  if (FILE_EXTENSIONS.has(tld)) return false;
  if (!/^[a-z]{2,24}$/.test(tld)) return false;
  if (PLACEHOLDER_DOMAINS.has(domain) || [...PLACEHOLDER_DOMAINS].some((d) => domain.endsWith(`.${d}`)))
    return false;
  // Retina image names and version tags: the "domain" starts with a digit run like 2x or 1.
  if (/^\d+x?\./.test(domain)) return false;
  // Hashes (tracking ids, Sentry keys) are not mailboxes.
  if (/^[0-9a-f]{16,}$/.test(local)) return false;
  if (local.includes('..') || domain.includes('..')) return false;
  return true;
}

/**
 * Adds the plain addresses of a text. Scans from each @ outwards instead of running one big
 * pattern over the whole text: page text is long and has few @ signs.
 */
function collect(text: string, into: Set<string>): void {
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    const local = LOCAL_BEFORE.exec(text.slice(Math.max(0, at - 64), at))?.[0].replace(/^[._%+-]+/, '');
    const domain = DOMAIN_AFTER.exec(text.slice(at + 1, at + 256))?.[0];
    if (!local || !domain) continue;
    const email = `${local}@${domain}`.toLowerCase();
    if (EXACT.test(email) && isPlausibleEmail(email)) into.add(email);
  }
}

/**
 * The distinct addresses in a text, lower-cased, in order of appearance: plain ones and the
 * bracketed or spelled-out obfuscations.
 */
export function findEmails(text: string): string[] {
  const found = new Set<string>();
  collect(text, found);
  if (/[[({<]\s*(?:at|ät|@)\s*[\])}>]/i.test(text)) {
    collect(text.replace(BRACKETED_AT, '@').replace(BRACKETED_DOT, '.'), found);
  }
  if (/\s(?:dot|punkt)\s/i.test(text)) {
    for (const match of text.matchAll(SPELLED_AT)) {
      const local = LOCAL_BEFORE.exec(text.slice(Math.max(0, match.index - 64), match.index))?.[0];
      const domain = SPELLED_DOMAIN.exec(
        text.slice(match.index + match[0].length, match.index + match[0].length + 256),
      )?.[0];
      if (!local || !domain) continue;
      const email = `${local}@${domain.replace(/\s+(?:dot|punkt)\s+/gi, '.')}`.toLowerCase();
      if (EXACT.test(email) && isPlausibleEmail(email)) found.add(email);
    }
  }
  return [...found];
}

/**
 * The addresses of a mailto: URL (RFC 6068: comma-separated, percent-encoded, with an optional
 * query), each checked like text addresses.
 */
export function emailsFromMailto(href: string): string[] {
  const body = href.replace(/^mailto:/i, '').split('?')[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(body);
  } catch {
    decoded = body;
  }
  return decoded
    .split(/[,;]/)
    .map((e) => e.trim().toLowerCase())
    .filter((e) => EXACT.test(e) && isPlausibleEmail(e));
}

/**
 * Decodes Cloudflare's email obfuscation: hex, whose first byte is the XOR key of the rest
 * (`data-cfemail` attributes and `/cdn-cgi/l/email-protection#…` links). Null when malformed.
 */
export function decodeCloudflareEmail(hex: string): string | null {
  if (!/^(?:[0-9a-f]{2}){2,}$/i.test(hex)) return null;
  const key = parseInt(hex.slice(0, 2), 16);
  let out = '';
  for (let i = 2; i < hex.length; i += 2) out += String.fromCharCode(parseInt(hex.slice(i, i + 2), 16) ^ key);
  const email = out.trim().toLowerCase();
  return email.includes('@') && isPlausibleEmail(email) ? email : null;
}
