import { hostOf, isWithinDomain, siteDomain } from '../../shared/url-normalize';
import type { PageExtract } from './extract-page';
import type { PageSource } from './page-source';

/** Links to files that are never HTML pages: not worth a request. */
const NOT_A_PAGE =
  /\.(pdf|jpe?g|png|gif|svg|webp|avif|ico|css|js|json|xml|rss|atom|zip|gz|tar|rar|7z|exe|dmg|mp3|mp4|m4a|mov|avi|webm|docx?|xlsx?|pptx?|odt|epub|woff2?|ttf)$/i;

/** True when a URL may be an HTML page (judged by its path's extension). */
export function mayBeHtml(url: string): boolean {
  try {
    return !NOT_A_PAGE.test(new URL(url).pathname);
  } catch {
    return false;
  }
}

/**
 * The addresses a typed start URL may really live at, in the order tried: as typed, over plain
 * http (sites typed without a scheme default to https, and some still serve http only), and on
 * `www.` when typed without it (some domains answer only there).
 */
export function startUrlVariants(startUrl: string): string[] {
  const variants = [startUrl];
  const url = new URL(startUrl);
  if (url.protocol === 'https:') variants.push(startUrl.replace(/^https:/, 'http:'));
  if (!url.hostname.startsWith('www.') && url.hostname.includes('.') && !/^[\d.]+$|:/.test(url.hostname)) {
    url.hostname = `www.${url.hostname}`;
    variants.push(url.toString());
  }
  return variants;
}

/**
 * Reads up to `maxPages` pages of one site breadth-first from `startUrl` (links within the same
 * domain, subdomains included), trying at most 3 × `maxPages` URLs, and returns them in
 * reading order. When the start page cannot be read, its other addresses are tried
 * (`startUrlVariants`).
 */
export async function crawlSite(
  source: PageSource,
  startUrl: string,
  maxPages: number,
): Promise<PageExtract[]> {
  const domain = siteDomain(startUrl);
  const variants = startUrlVariants(startUrl);
  let start = variants[0]!;
  for (const variant of variants) {
    start = variant;
    if (await source.visit(variant)) break;
  }
  const queue = [start];
  const queued = new Set(queue);
  const pages: PageExtract[] = [];
  // Dead links must not eat the run's budget: at most three tries per page wanted.
  let tries = 0;
  while (queue.length && pages.length < maxPages && tries++ < 3 * maxPages && !source.budget.exhausted) {
    const page = await source.visit(queue.shift()!);
    if (!page) continue;
    pages.push(page);
    for (const link of page.links) {
      const host = hostOf(link.url);
      if (!host || !isWithinDomain(host, domain) || queued.has(link.url) || !mayBeHtml(link.url)) continue;
      queued.add(link.url);
      queue.push(link.url);
    }
  }
  return pages;
}
