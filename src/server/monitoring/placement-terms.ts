import { DomUtils, parseDocument } from 'htmlparser2';
import type { PlacementIssue } from '../../shared/schemas/claims';
import type { PlacementRel } from '../../shared/schemas/placements';
import { normalizeUrl } from '../../shared/url-normalize';
import type { PageFetch } from '../discovery/crawler';
import { extractPage } from '../discovery/extract-page';
import { findLink, isNoindex } from './link-check';

/** A placement's agreed terms, as a check compares a page against them. */
export interface PlacementTerms {
  targetUrl: string;
  anchorText: string;
  rel: PlacementRel;
  /** The campaign's site domain (`example.com`): a link into it stands for the placement when the exact target is gone. */
  campaignDomain: string;
}

/** What one fetch of a placement's page shows against its terms, with the proof to keep. */
export interface PlacementObservation {
  /** What is wrong against the terms; empty: as agreed. */
  issues: PlacementIssue[];
  httpStatus: number | null;
  finalUrl: string;
  found: { url: string; anchorText: string; rel: string[] } | null;
  /** The page's HTML that shows it: the link element(s) and a robots meta tag, ≤ FRAGMENT_MAX characters. */
  fragment: string | null;
  /** The page as fetched (for the compressed snapshot); null when it could not be read. */
  html: string | null;
}

export const FRAGMENT_MAX = 2000;

/**
 * Compares a fetched page with a placement's agreed terms (docs/decisions/038-warranty-claims.md):
 * **lost** when the page is gone (a 4xx) or no link to the target nor into the campaign's domain
 * is on it; **rel-changed** when the link's rel is not the agreed one (a dofollow turned nofollow,
 * sponsored or ugc); **noindex** from the robots meta tag or X-Robots-Tag; **anchor-changed** when
 * the anchor differs from the agreed one (case and spaces aside); **target-changed** when the link
 * found points into the campaign's domain but not to the agreed target. Null when the page could
 * not be read this time (timeout, 5xx, robots.txt): not proof of anything, so no state changes.
 * Pure: no I/O.
 */
export function observePlacement(terms: PlacementTerms, page: PageFetch): PlacementObservation | null {
  if (!page.ok) {
    const gone = page.failure === 'http-error' && page.status !== undefined && page.status < 500;
    if (!gone) return null;
    return {
      issues: ['lost'],
      httpStatus: page.status ?? null,
      finalUrl: page.finalUrl,
      found: null,
      fragment: null,
      html: null,
    };
  }
  const extract = extractPage(page.html, page.finalUrl);
  const link = findLink(extract.links, {
    url: terms.targetUrl,
    anchorText: terms.anchorText,
    pageUrl: page.finalUrl,
    campaignDomain: terms.campaignDomain,
  });
  const issues: PlacementIssue[] = [];
  if (!link) issues.push('lost');
  else {
    const rel: PlacementRel =
      (['sponsored', 'ugc', 'nofollow'] as const).find((r) => link.rel.includes(r)) ?? 'dofollow';
    if (rel !== terms.rel) issues.push('rel-changed');
    if (terms.anchorText && comparable(link.text) !== comparable(terms.anchorText))
      issues.push('anchor-changed');
    if (urlKey(link.url) !== urlKey(terms.targetUrl)) issues.push('target-changed');
  }
  const robotsNoindex = isNoindex(extract.robots) || isNoindex(page.robotsHeader);
  if (robotsNoindex) issues.push('noindex');
  return {
    issues,
    httpStatus: page.status,
    finalUrl: page.finalUrl,
    found: link ? { url: link.url, anchorText: link.text, rel: [...link.rel] } : null,
    fragment: fragmentOf(page.html, page.finalUrl, link?.url ?? null, robotsNoindex ? page.robotsHeader : ''),
    html: page.html,
  };
}

/**
 * The HTML that proves what the page shows: every `<a>` to the found link's URL (outer HTML) and
 * the robots meta tags, or the X-Robots-Tag header when it is what says noindex. Cut at FRAGMENT_MAX.
 */
export function fragmentOf(
  html: string,
  pageUrl: string,
  linkUrl: string | null,
  robotsHeader = '',
): string | null {
  const doc = parseDocument(html);
  const parts: string[] = [];
  if (linkUrl) {
    const key = urlKey(linkUrl);
    for (const a of DomUtils.getElementsByTagName('a', doc)) {
      const href = DomUtils.getAttributeValue(a, 'href');
      const resolved = href ? normalizeUrl(href, pageUrl) : null;
      if (resolved && urlKey(resolved) === key) parts.push(DomUtils.getOuterHTML(a));
    }
  }
  for (const meta of DomUtils.getElementsByTagName('meta', doc)) {
    const name = DomUtils.getAttributeValue(meta, 'name')?.toLowerCase();
    if (name === 'robots' || name === 'googlebot') parts.push(DomUtils.getOuterHTML(meta));
  }
  if (robotsHeader) parts.push(`X-Robots-Tag: ${robotsHeader}`);
  const text = parts.join('\n');
  return text ? text.slice(0, FRAGMENT_MAX) : null;
}

/** A URL compared without scheme, www., trailing slash or case. */
function urlKey(url: string): string {
  return (normalizeUrl(url) ?? url)
    .replace(/^https?:\/\/(www\.)?/i, '')
    .replace(/\/$/, '')
    .toLowerCase();
}

const comparable = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
