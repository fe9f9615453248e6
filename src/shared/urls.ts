/**
 * Website URL normalising shared by forms and server (docs/product.md#validation 'Please enter a valid URL').
 * A bare host such as `example.com` is read as `https://example.com`; only http(s) URLs whose host
 * has a dot (or is localhost) count as websites.
 * @returns the normalised absolute URL, or null when the input is not a website URL.
 */
export function normalizeWebsiteUrl(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed || /\s/.test(trimmed)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.hostname;
  if (host !== 'localhost' && !/^[^.]+(\.[^.]+)+$/.test(host)) return null;
  if (host.endsWith('.') || host.startsWith('.')) return null;
  // A bare origin keeps no trailing slash so it reads as the user typed it.
  return url.pathname === '/' && !url.search && !url.hash && !trimmed.endsWith('/')
    ? `${url.protocol}//${url.host}`
    : url.toString();
}

/** The host of a website URL without a leading `www.`, for display and duplicate checks. */
export function websiteHost(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '').toLowerCase();
  } catch {
    return url.trim().toLowerCase();
  }
}

/** Cuts a URL for display at `max` characters plus an ellipsis (docs/product.md#live-links: at 40). */
export function truncateUrl(url: string, max: number): string {
  return url.length > max ? `${url.slice(0, max)}...` : url;
}
