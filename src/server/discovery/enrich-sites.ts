import { hostOf, siteDomain, siteUrlFromInput } from '../../shared/url-normalize';
import { authorityScores, pageRank } from './authority';
import { findSiteContact } from './contacts';
import type { CrawlStore } from './crawl-store';
import type { Crawler } from './crawler';
import type { DiscoveryLimits } from './discover';
import type { PageExtract } from './extract-page';
import { forEachConcurrent } from './for-each-concurrent';
import { PageSource, RunBudget } from './page-source';
import {
  cosine,
  inverseDocumentFrequencies,
  relevancePercent,
  termCounts,
  tfidfVector,
  tokenize,
} from './relevance';
import { crawlSite } from './site-crawl';

/** A site given to discovery from elsewhere (an imported export): its domain, origin and evidence page. */
export interface SiteToEnrich {
  domain: string;
  /** `scheme://host` to read the site at. */
  origin: string;
  evidencePage: string | null;
}

/** What discovery found on a given site: its contact, relevance (0–100 %) and LinkPilot Score (0–100). */
export interface EnrichedSite {
  domain: string;
  contactEmail: string | null;
  contactName: string | null;
  alternativeEmails: string[];
  relevanceScore: number;
  daScore: number | null;
}

const pageText = (page: PageExtract) => `${page.title} ${page.description} ${page.text}`;

/**
 * Runs discovery's contact finding and scoring on sites found elsewhere (docs/decisions/033): reads
 * the campaign site, then each site's evidence page and contact pages (`findSiteContact`, the same
 * politeness, robots and SSRF rules as a run), scores its relevance against the campaign site over
 * a batch's corpus, and at the end its LinkPilot Score from the stored link graph. Sites go a batch
 * of `limits.concurrency` at a time; `onSite` hears each one as it is done (scores but the LinkPilot
 * Score, which `onScores` hears for all at the end). Stops early when the page or time budget runs out.
 * @returns how many sites were read.
 */
export async function enrichSites(
  input: { siteUrl: string; sites: readonly SiteToEnrich[] },
  deps: {
    crawler: Crawler;
    store: CrawlStore;
    limits: DiscoveryLimits;
    signal?: AbortSignal | undefined;
    onSite: (site: EnrichedSite, done: number) => Promise<void>;
    onScores: (scores: Map<string, number>) => Promise<void>;
  },
): Promise<number> {
  const { limits, signal } = deps;
  const budget = new RunBudget(limits.maxPages, limits.maxMs);
  const source = new PageSource(deps.crawler, deps.store, budget, {
    cacheMaxAgeMs: limits.cacheMaxAgeMs,
    signal,
  });
  const siteUrl = siteUrlFromInput(input.siteUrl);
  const ownPages = siteUrl ? await crawlSite(source, siteUrl, limits.sitePages) : [];
  const campaignDoc = termCounts(tokenize(ownPages.map(pageText).join(' ')));
  let done = 0;
  for (let start = 0; start < input.sites.length && !budget.exhausted; start += limits.concurrency) {
    signal?.throwIfAborted();
    const batch = input.sites.slice(start, start + limits.concurrency);
    const read = new Array<{ site: SiteToEnrich; contact: Awaited<ReturnType<typeof findSiteContact>> }>();
    await forEachConcurrent(batch, limits.concurrency, async (site) => {
      const evidence = site.evidencePage ? await source.visit(site.evidencePage) : null;
      const contact = await findSiteContact(
        site.origin,
        site.domain,
        evidence ? [evidence] : [],
        source,
        limits.contactPages,
      );
      read.push({ site, contact });
    });
    const docs = read.map(({ contact }) => termCounts(tokenize(contact.pages.map(pageText).join(' '))));
    const idf = inverseDocumentFrequencies([campaignDoc, ...docs]);
    const unseenIdf = Math.log(1 + docs.length + 1) + 1;
    const campaignVector = tfidfVector(campaignDoc, idf, unseenIdf);
    for (const [i, { site, contact }] of read.entries()) {
      done++;
      await deps.onSite(
        {
          domain: site.domain,
          contactEmail: contact.email,
          contactName: contact.name,
          alternativeEmails: contact.alternatives,
          relevanceScore: ownPages.length
            ? relevancePercent(cosine(campaignVector, tfidfVector(docs[i]!, idf, unseenIdf)))
            : 0,
          daScore: null,
        },
        done,
      );
    }
  }
  await source.flush();
  const ranks = pageRank(await deps.store.hostGraph());
  const scores = authorityScores(ranks);
  await deps.store.saveAuthority(ranks, scores);
  const byDomain = new Map<string, number>();
  for (const site of input.sites) {
    const host = hostOf(site.origin) ?? site.domain;
    const score = scores.get(host) ?? scores.get(site.domain) ?? scores.get(`www.${siteDomain(host)}`);
    if (score !== undefined) byDomain.set(site.domain, score);
  }
  await deps.onScores(byDomain);
  return done;
}
