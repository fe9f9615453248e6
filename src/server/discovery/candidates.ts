import { isWithinDomain, siteDomain } from '../../shared/url-normalize';
import type { opportunityType } from '../db/schema/prospects';
import type { PageExtract } from './extract-page';

/** Why a site is a prospect (stored in prospects.opportunity_type). */
export type OpportunityType = (typeof opportunityType.enumValues)[number];

/** The evidence for a candidate: the page that made it one and the link on it, if any. */
export interface CandidateReason {
  type: Exclude<OpportunityType, 'link_intersect'>;
  sourcePageUrl: string;
  sourceLinkUrl: string | null;
  sourceAnchorText: string | null;
  /** The competitor domain the link points to (competitor backlinks). */
  competitor?: string;
}

/** A site that may become a prospect, with its best evidence and the pages read of it. */
export interface Candidate {
  domain: string;
  /** `scheme://host` of the page that made it a candidate. */
  origin: string;
  type: OpportunityType;
  reason: CandidateReason;
  competitorsLinked: Set<string>;
  pages: PageExtract[];
}

/**
 * Platforms whose pages are never outreach prospects (social networks, search engines, code
 * hosts, encyclopaedias, shorteners, CDNs); their subdomains are excluded too. Blog hosts such
 * as wordpress.com are not listed: their subdomains are separately run blogs.
 */
const PLATFORMS = [
  'facebook.com',
  'fb.com',
  'instagram.com',
  'twitter.com',
  'x.com',
  't.co',
  'linkedin.com',
  'lnkd.in',
  'youtube.com',
  'youtu.be',
  'tiktok.com',
  'pinterest.com',
  'reddit.com',
  'redd.it',
  'whatsapp.com',
  'telegram.org',
  't.me',
  'discord.com',
  'discord.gg',
  'snapchat.com',
  'threads.net',
  'mastodon.social',
  'google.com',
  'goo.gl',
  'bing.com',
  'yahoo.com',
  'duckduckgo.com',
  'apple.com',
  'microsoft.com',
  'amazon.com',
  'amzn.to',
  'github.com',
  'gitlab.com',
  'bitbucket.org',
  'stackoverflow.com',
  'wikipedia.org',
  'wikimedia.org',
  'wikimediafoundation.org',
  'wikidata.org',
  'archive.org',
  'bit.ly',
  'tinyurl.com',
  'ow.ly',
  'buff.ly',
  'feedburner.com',
  'gravatar.com',
  'wp.com',
  'w.org',
  'googleapis.com',
  'gstatic.com',
  'cloudflare.com',
  'doubleclick.net',
  'addthis.com',
  'sharethis.com',
  'disqus.com',
  'paypal.com',
  'patreon.com',
  'vimeo.com',
  'flickr.com',
  'soundcloud.com',
  'spotify.com',
  'creativecommons.org',
  'w3.org',
  'schema.org',
  'mailchimp.com',
  'list-manage.com',
  'eepurl.com',
];

const RANK: Record<OpportunityType, number> = {
  link_intersect: 5,
  competitor_backlink: 4,
  guest_post: 3,
  resource_page: 2,
  topical_site: 1,
};

/** Orders opportunity types: higher is a stronger reason to contact the site. */
export const opportunityRank = (type: OpportunityType) => RANK[type];

/**
 * The candidates of one run under the discovery rules: never the campaign's own site or a
 * competitor (subdomains included), never a platform, never a skipped domain (already a prospect,
 * recently contacted, suppressed), one candidate per domain keeping its strongest reason; a site
 * linking to two or more competitors becomes a link intersect.
 */
export class CandidatePool {
  private readonly byDomain = new Map<string, Candidate>();
  private readonly blocked: string[];

  constructor(
    ownDomain: string,
    readonly competitorDomains: readonly string[],
    private readonly skipDomains: ReadonlySet<string>,
  ) {
    this.blocked = [ownDomain, ...competitorDomains, ...PLATFORMS];
  }

  /** True when the host may never be a prospect of this run. */
  excludes(host: string): boolean {
    const domain = siteDomain(host);
    return (
      !domain.includes('.') ||
      this.skipDomains.has(domain) ||
      this.blocked.some((d) => isWithinDomain(domain, d))
    );
  }

  /** Adds evidence for the page's site; returns the candidate, or null when the site is excluded. */
  offer(
    page: { url: string },
    reason: CandidateReason,
    pages: readonly PageExtract[] = [],
  ): Candidate | null {
    const url = new URL(page.url);
    if (this.excludes(url.hostname)) return null;
    const domain = siteDomain(url.hostname);
    let candidate = this.byDomain.get(domain);
    if (!candidate) {
      candidate = {
        domain,
        origin: url.origin,
        type: reason.type,
        reason,
        competitorsLinked: new Set(),
        pages: [],
      };
      this.byDomain.set(domain, candidate);
    } else if (RANK[reason.type] > RANK[candidate.reason.type]) {
      candidate.reason = reason;
      candidate.origin = url.origin;
      if (RANK[reason.type] > RANK[candidate.type]) candidate.type = reason.type;
    }
    if (reason.competitor) candidate.competitorsLinked.add(reason.competitor);
    if (candidate.competitorsLinked.size >= 2) candidate.type = 'link_intersect';
    for (const p of pages) if (!candidate.pages.some((known) => known.url === p.url)) candidate.pages.push(p);
    return candidate;
  }

  get size(): number {
    return this.byDomain.size;
  }

  /** Every candidate, strongest reason first. */
  ranked(): Candidate[] {
    return [...this.byDomain.values()].sort(
      (a, b) => RANK[b.type] - RANK[a.type] || b.competitorsLinked.size - a.competitorsLinked.size,
    );
  }
}
