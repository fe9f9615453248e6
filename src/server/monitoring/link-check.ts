import type { LinkCheckReason, LiveLinkStatus } from '../../shared/schemas/live-links';
import { hostOf, isWithinDomain, normalizeUrl, siteDomain } from '../../shared/url-normalize';
import type { PageFetch } from '../discovery/crawler';
import { extractPage, type ExtractedLink, type LinkRel } from '../discovery/extract-page';

/** What a check compares the page against: the live link as recorded. */
export interface RecordedLink {
  /** The link's target as recorded (any URL form; it is normalised). */
  url: string;
  /** The anchor text recorded when the link was added. */
  anchorText: string;
  /** The page that should carry the link. */
  pageUrl: string;
  /** The campaign's site domain (`example.com`): a link to it counts when the exact URL is gone. */
  campaignDomain: string;
}

/** The verdict of one check: status, why, and what the page showed. */
export interface LinkCheckOutcome {
  status: LiveLinkStatus;
  reasons: LinkCheckReason[];
  httpStatus: number | null;
  finalUrl: string;
  /** The found link's anchor text, or null when no link was found. */
  anchorText: string | null;
  rel: LinkRel[];
  /** The crawler's words when the page could not be read. */
  detail: string | null;
}

const LOST: ReadonlySet<LinkCheckReason> = new Set(['page-gone', 'link-missing']);

/**
 * Judges a live link from its fetched page (docs/decisions/012-link-monitoring.md): **lost** when the page is gone (a 4xx)
 * or carries no link to the link URL nor to the campaign's domain; **suspicious** when the link
 * is nofollow/sponsored/ugc, the page is noindex (meta robots or X-Robots-Tag), its canonical URL
 * points elsewhere, the anchor text changed, the page redirected to another domain, or the page
 * could not be read this time (timeout, 5xx, robots.txt: not proof that the link is gone);
 * **active** otherwise. Pure: no I/O.
 */
export function judgeLink(recorded: RecordedLink, page: PageFetch): LinkCheckOutcome {
  const base = {
    httpStatus: page.ok ? page.status : (page.status ?? null),
    finalUrl: page.finalUrl,
    anchorText: null,
    rel: [],
  };
  if (!page.ok) {
    const gone = page.failure === 'http-error' && page.status !== undefined && page.status < 500;
    const reasons: LinkCheckReason[] = [gone ? 'page-gone' : 'page-unreachable'];
    return { ...base, status: gone ? 'lost' : 'suspicious', reasons, detail: page.detail };
  }

  const extract = extractPage(page.html, page.finalUrl);
  const reasons: LinkCheckReason[] = [];
  if (siteDomain(page.finalUrl) !== siteDomain(normalizeUrl(recorded.pageUrl) ?? recorded.pageUrl))
    reasons.push('redirected-off-site');
  if (isNoindex(extract.robots) || isNoindex(page.robotsHeader)) reasons.push('noindex');
  if (extract.canonical && !sameUrl(extract.canonical, page.finalUrl)) reasons.push('canonical-elsewhere');

  const link = findLink(extract.links, recorded);
  if (!link) reasons.push('link-missing');
  else {
    reasons.push(...link.rel);
    if (comparable(link.text) !== comparable(recorded.anchorText)) reasons.push('anchor-changed');
  }
  return {
    ...base,
    anchorText: link?.text ?? null,
    rel: link?.rel ?? [],
    status: reasons.some((r) => LOST.has(r)) ? 'lost' : reasons.length ? 'suspicious' : 'active',
    reasons,
    detail: null,
  };
}

/**
 * The page's link that stands for the recorded one: a link to the exact URL first, else any link
 * into the campaign's domain; among several, the one with the recorded anchor, then a followed one.
 */
export function findLink(links: readonly ExtractedLink[], recorded: RecordedLink): ExtractedLink | null {
  const target = normalizeUrl(recorded.url) ?? recorded.url;
  const exact = links.filter((l) => sameUrl(l.url, target));
  const candidates = exact.length
    ? exact
    : links.filter((l) => {
        const host = hostOf(l.url);
        return host !== null && isWithinDomain(host, recorded.campaignDomain);
      });
  const anchor = comparable(recorded.anchorText);
  return (
    candidates.find((l) => comparable(l.text) === anchor) ??
    candidates.find((l) => l.rel.length === 0) ??
    candidates[0] ??
    null
  );
}

/** True when robots directives (meta content or X-Robots-Tag, `agent: directive` allowed) say noindex. */
export function isNoindex(directives: string): boolean {
  return /(^|[\s,:])(noindex|none)(\s*($|,))/i.test(directives);
}

/** Equal URLs after normalisation, ignoring a trailing slash and http/https. */
function sameUrl(a: string, b: string): boolean {
  const key = (u: string) =>
    (normalizeUrl(u) ?? u)
      .replace(/^https?:\/\/(www\.)?/, '')
      .replace(/\/$/, '')
      .toLowerCase();
  return key(a) === key(b);
}

const comparable = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
