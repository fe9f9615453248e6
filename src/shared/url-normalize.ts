/**
 * URL normalisation shared by the crawler and the forms, so one page has one key and is never
 * fetched twice (RFC 3986 §6 syntax-based normalisation plus common crawler rules).
 */

/** Query parameters that only track a visit and never change a page's content. */
const TRACKING_PARAMS = new Set([
  'gclid',
  'dclid',
  'gbraid',
  'wbraid',
  'fbclid',
  'msclkid',
  'yclid',
  'igshid',
  'mc_cid',
  'mc_eid',
  '_ga',
  '_gl',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
  'oly_anon_id',
  'oly_enc_id',
  'vero_id',
  'wickedid',
]);

const isTrackingParam = (name: string) => {
  const lower = name.toLowerCase();
  return lower.startsWith('utm_') || TRACKING_PARAMS.has(lower);
};

/**
 * The canonical form of an http(s) URL, or null when it is not one (mailto:, javascript:, bad
 * syntax). Resolves `input` against `base`; lower-cases scheme and host (the WHATWG parser also
 * turns IDNs into punycode and `0x7f.1` into `127.0.0.1`), drops default ports, credentials, the
 * fragment, a trailing dot of the host, tracking parameters (utm_*, gclid, fbclid…) and an empty
 * query; sorts the remaining parameters; upper-cases percent-escapes. The path keeps its case and
 * trailing slash, which servers may treat as significant.
 */
export function normalizeUrl(input: string, base?: string | URL): string | null {
  let url: URL;
  try {
    url = new URL(input.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname) return null;
  url.username = '';
  url.password = '';
  url.hash = '';
  if (url.hostname.endsWith('.')) url.hostname = url.hostname.replace(/\.+$/, '');
  const kept = [...url.searchParams].filter(([name]) => !isTrackingParam(name));
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  url.search = kept.length ? new URLSearchParams(kept).toString() : '';
  url.pathname = url.pathname.replace(/%[0-9a-f]{2}/gi, (escape) => escape.toUpperCase());
  return url.toString();
}

/** The host of an http(s) URL (lower case, no port), or null. */
export function hostOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.hostname : null;
  } catch {
    return null;
  }
}

/**
 * The domain a prospect is keyed by: the host without a leading `www.`. Subdomains stay apart
 * (blog.example.com is its own site), which is how the web treats separately run blogs.
 */
export function siteDomain(hostOrUrl: string): string {
  const host = hostOrUrl.includes('/') ? (hostOf(hostOrUrl) ?? hostOrUrl) : hostOrUrl.toLowerCase();
  return host.replace(/\.$/, '').replace(/^www\./, '');
}

/** True when `host` is `domain` itself or one of its subdomains. */
export function isWithinDomain(host: string, domain: string): boolean {
  const h = siteDomain(host);
  return h === domain || h.endsWith(`.${domain}`);
}

/**
 * A site address typed by a user (`example.com`, `https://example.com/blog`) as a normalised
 * URL; a missing scheme means https. Null when it is not a web address with a dotted host.
 */
export function siteUrlFromInput(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  const url = normalizeUrl(withScheme);
  if (!url) return null;
  const host = hostOf(url);
  return host && (host.includes('.') || host.startsWith('[')) ? url : null;
}
