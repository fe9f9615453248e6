import { hostOf, isWithinDomain, siteDomain } from '../../../shared/url-normalize';
import type { CandidatePool } from '../candidates';
import type { PageExtract } from '../extract-page';
import { FOOTPRINT_KINDS, footprintOfLink, type FootprintKind } from '../footprints';
import type { PageSource } from '../page-source';

/** Footprint pages followed per site reached (write-for-us, resources…). */
const FOOTPRINT_LINKS_PER_SITE = 2;

/**
 * Offers a page's site to the pool for what the page itself shows: each link to a competitor
 * (a competitor backlink; two competitors make a link intersect) and a footprint (a guest-post
 * or resource page). Returns true when the page gave any such evidence.
 */
export function offerPageEvidence(pool: CandidatePool, page: PageExtract): boolean {
  const pageHost = hostOf(page.url) ?? '';
  let offered = false;
  for (const link of page.links) {
    const host = hostOf(link.url) ?? '';
    const competitor = pool.competitorDomains.find((d) => isWithinDomain(host, d));
    if (!competitor || isWithinDomain(pageHost, competitor)) continue;
    const reason = {
      type: 'competitor_backlink' as const,
      sourcePageUrl: page.url,
      sourceLinkUrl: link.url,
      sourceAnchorText: link.text || null,
      competitor,
    };
    offered = pool.offer(page, reason, [page]) !== null || offered;
  }
  if (page.footprint) {
    const type = page.footprint === 'resources' ? ('resource_page' as const) : ('guest_post' as const);
    const reason = { type, sourcePageUrl: page.url, sourceLinkUrl: null, sourceAnchorText: null };
    offered = pool.offer(page, reason, [page]) !== null || offered;
  }
  return offered;
}

/** True when the page really links to the domain (a provider's claim, checked on the page). */
export function linksToDomain(page: PageExtract, domain: string): boolean {
  return page.links.some((link) => isWithinDomain(hostOf(link.url) ?? '', domain));
}

/**
 * Follows a page's links to footprint pages of its own site (a "Write for us" link in the menu
 * or footer; at most 2; only links to the given kinds) and offers what those pages show.
 * Returns true when any gave evidence.
 */
export async function followFootprints(
  pool: CandidatePool,
  page: PageExtract,
  source: PageSource,
  kinds: readonly FootprintKind[] = FOOTPRINT_KINDS,
): Promise<boolean> {
  const domain = siteDomain(page.url);
  const links = page.links.filter((l) => {
    const kind = footprintOfLink(l);
    return kind && kinds.includes(kind) && isWithinDomain(hostOf(l.url) ?? '', domain) && l.url !== page.url;
  });
  let found = false;
  for (const link of links.slice(0, FOOTPRINT_LINKS_PER_SITE)) {
    const footprintPage = await source.visit(link.url);
    if (footprintPage) found = offerPageEvidence(pool, footprintPage) || found;
  }
  return found;
}
