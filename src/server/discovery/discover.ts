import { hostOf, siteDomain, siteUrlFromInput } from '../../shared/url-normalize';
import { authorityScores, pageRank } from './authority';
import { CandidatePool, opportunityRank, type Candidate, type OpportunityType } from './candidates';
import { findSiteContact } from './contacts';
import type { CrawlStore } from './crawl-store';
import type { Crawler } from './crawler';
import type { PageExtract } from './extract-page';
import { forEachConcurrent } from './for-each-concurrent';
import { PageSource, RunBudget } from './page-source';
import type { BacklinkProvider, SearchProvider } from './providers/provider';
import {
  cosine,
  inverseDocumentFrequencies,
  relevancePercent,
  termCounts,
  tfidfVector,
  tokenize,
  topTerms,
} from './relevance';
import { crawlSite } from './site-crawl';
import { providerBacklinks } from './strategies/backlink-data';
import { outwardCrawl } from './strategies/outward-crawl';
import { buildSearchQueries, searchCandidates } from './strategies/search';
import { storedBacklinks, storedFootprints } from './strategies/stored-backlinks';

/** A prospect as discovery proposes it. Scores: DA 0–100, relevance 0–100 % with one decimal. */
export interface DiscoveredProspect {
  domain: string;
  website: string;
  contactEmail: string | null;
  contactName: string | null;
  alternativeEmails: string[];
  daScore: number | null;
  relevanceScore: number;
  opportunityType: OpportunityType;
  sourcePageUrl: string;
  sourceLinkUrl: string | null;
  sourceAnchorText: string | null;
}

export interface DiscoveryInput {
  siteUrl: string;
  competitors: readonly string[];
  /** Prospects wanted (5–1000 for AI campaigns); the run stops there. */
  target: number;
  /** Domains never proposed: already prospects here, recently contacted, suppressed. */
  skipDomains: ReadonlySet<string>;
}

export interface DiscoveryLimits {
  maxPages: number;
  maxMs: number;
  /** Pages read per prospect site for contacts. */
  contactPages: number;
  /** Stored pages younger than this are reused. */
  cacheMaxAgeMs: number;
  /** Pages read of the campaign site and of each competitor. */
  sitePages: number;
  /** Levels of outbound links the outward crawl follows. */
  outwardDepth: number;
  concurrency: number;
}

export interface DiscoveryProgress {
  /** 0–100, never decreasing. */
  percent: number;
  pagesCrawled: number;
  prospectsFound: number;
}

export interface DiscoveryDeps {
  crawler: Crawler;
  store: CrawlStore;
  searchProviders: readonly SearchProvider[];
  backlinkProvider: BacklinkProvider | null;
  limits: DiscoveryLimits;
  signal?: AbortSignal | undefined;
  onProgress?: (progress: DiscoveryProgress) => void | Promise<void>;
  /** Keeps a prospect (e.g. inserts it); false when it was not kept (a duplicate). */
  onProspect?: (prospect: DiscoveredProspect) => Promise<boolean>;
}

export interface DiscoveryResult {
  prospects: DiscoveredProspect[];
  pagesCrawled: number;
  candidates: number;
  /** Why the run ended: the target was met, the page/time budget ran out, or nothing more was found. */
  stoppedBy: 'target' | 'budget' | 'exhausted';
}

/** Topical and footprint candidates below this relevance (%) are not proposed. */
export const MIN_TOPICAL_RELEVANCE = 5;
/** Candidates gathered per prospect wanted before the outward crawl stops. */
const OVERSAMPLE = 3;
/** Share of the page budget the candidate search may spend; the rest reads contact pages. */
const SEARCH_BUDGET_SHARE = 0.6;
const KEYWORDS = 5;
const BACKLINKS_PER_COMPETITOR = 100;

/** Thrown when the campaign site itself cannot be read. */
export class DiscoveryError extends Error {}

/**
 * Finds prospects for a site (docs/decisions/007-discovery.md): crawls the site and its
 * competitors, gathers candidates (stored competitor backlinks and footprint pages, backlink and
 * search providers when configured, and the outward crawl), ranks them (link intersect,
 * competitor backlink, guest post, resource page, topical site), reads each one's contact
 * pages and scores it, and proposes prospects with an email first, up to `target`.
 * @throws DiscoveryError when the site cannot be read; the signal's reason when aborted.
 */
export async function discoverProspects(
  input: DiscoveryInput,
  deps: DiscoveryDeps,
): Promise<DiscoveryResult> {
  const { limits, signal } = deps;
  const siteUrl = siteUrlFromInput(input.siteUrl);
  if (!siteUrl) throw new DiscoveryError(`Not a web address: ${input.siteUrl}`);
  const competitorUrls = input.competitors.map(siteUrlFromInput).filter((u): u is string => u !== null);
  const budget = new RunBudget(limits.maxPages, limits.maxMs);
  const source = new PageSource(deps.crawler, deps.store, budget, {
    cacheMaxAgeMs: limits.cacheMaxAgeMs,
    signal,
  });
  const pool = new CandidatePool(
    siteDomain(siteUrl),
    [...new Set(competitorUrls.map(siteDomain))],
    input.skipDomains,
  );
  const accepted: DiscoveredProspect[] = [];
  let percent = 0;
  const progress = async (value: number) => {
    percent = Math.max(percent, Math.min(99, Math.round(value)));
    await deps.onProgress?.({ percent, pagesCrawled: budget.pagesUsed, prospectsFound: accepted.length });
  };

  // 1. The campaign site and the competitors.
  const [ownPages, ...competitorPages] = await Promise.all(
    [siteUrl, ...competitorUrls].map((url) => crawlSite(source, url, limits.sitePages)),
  );
  signal?.throwIfAborted();
  if (!ownPages?.length)
    throw new DiscoveryError(`Could not read ${siteUrl}: the site did not answer with a page`);
  await progress(10);

  // 2. Candidates.
  await source.flush();
  const searchBudgetLeft = () =>
    budget.pagesUsed < limits.maxPages * SEARCH_BUDGET_SHARE && !budget.exhausted;
  const enough = () => pool.size >= input.target * OVERSAMPLE || !searchBudgetLeft();
  await storedBacklinks(pool, deps.store, source);
  await storedFootprints(pool, deps.store, source);
  await progress(15);
  if (deps.backlinkProvider && !enough()) {
    await providerBacklinks(pool, deps.backlinkProvider, source, BACKLINKS_PER_COMPETITOR, signal);
  }
  const campaignDoc = termCounts(tokenize(ownPages.map(pageText).join(' ')));
  if (deps.searchProviders.length && !enough()) {
    const idf = inverseDocumentFrequencies([
      campaignDoc,
      ...competitorPages.map((p) => termCounts(tokenize(p.map(pageText).join(' ')))),
    ]);
    const keywords = topTerms(tfidfVector(campaignDoc, idf), KEYWORDS);
    const queries = buildSearchQueries(keywords, {
      ownDomain: siteDomain(siteUrl),
      competitors: pool.competitorDomains,
      language: ownPages[0]!.language,
    });
    await searchCandidates(pool, deps.searchProviders, queries, source, signal);
  }
  await progress(20);
  const seeds = [...ownPages, ...competitorPages.flat()];
  await outwardCrawl(pool, seeds, source, {
    maxDepth: limits.outwardDepth,
    concurrency: limits.concurrency,
    enough,
    onSite: () =>
      progress(
        20 +
          30 *
            Math.min(
              1,
              pool.size / (input.target * OVERSAMPLE),
              budget.pagesUsed / (limits.maxPages * SEARCH_BUDGET_SHARE),
            ),
      ),
  });
  signal?.throwIfAborted();
  await progress(50);

  // 3. Authority over every stored host link, and relevance against this run's corpus.
  await source.flush();
  const ranks = pageRank(await deps.store.hostGraph());
  const scores = authorityScores(ranks);
  await deps.store.saveAuthority(ranks, scores);
  const corpus = documentsByDomain(source.pages);
  const idf = inverseDocumentFrequencies([...corpus.values()]);
  const unseenIdf = Math.log(1 + corpus.size) + 1;
  const campaignVector = tfidfVector(campaignDoc, idf, unseenIdf);
  const relevanceOf = (pages: readonly PageExtract[]) =>
    relevancePercent(
      cosine(
        campaignVector,
        tfidfVector(termCounts(tokenize(pages.map(pageText).join(' '))), idf, unseenIdf),
      ),
    );

  // 4. Evaluate candidates, strongest first; those with an email are proposed first.
  const ranked = pool
    .ranked()
    .map((candidate) => ({ candidate, preliminary: relevanceOf(candidate.pages) }))
    .sort(
      (a, b) =>
        opportunityRank(b.candidate.type) - opportunityRank(a.candidate.type) ||
        b.preliminary - a.preliminary,
    )
    .map((r) => r.candidate);
  const withoutEmail: DiscoveredProspect[] = [];
  let reserved = 0;
  const propose = async (prospect: DiscoveredProspect) => {
    reserved++;
    const kept = deps.onProspect ? await deps.onProspect(prospect) : true;
    if (kept) accepted.push(prospect);
    else reserved--;
  };
  // Evaluated a batch at a time and proposed in rank order, so concurrency never lets a weaker
  // candidate take the place of a stronger one.
  for (
    let start = 0;
    start < ranked.length && reserved < input.target && !budget.exhausted;
    start += limits.concurrency
  ) {
    signal?.throwIfAborted();
    const batch = ranked.slice(start, start + limits.concurrency);
    const results: (DiscoveredProspect | null)[] = new Array(batch.length).fill(null);
    await forEachConcurrent(batch, limits.concurrency, async (candidate, i) => {
      results[i] = await evaluate(candidate, source, limits.contactPages, relevanceOf, scores);
    });
    for (const prospect of results) {
      if (prospect?.contactEmail && reserved < input.target) await propose(prospect);
      else if (prospect) withoutEmail.push(prospect);
    }
    await progress(
      50 + 50 * Math.max(accepted.length / input.target, (start + batch.length) / ranked.length),
    );
  }
  signal?.throwIfAborted();
  withoutEmail.sort(
    (a, b) =>
      opportunityRank(b.opportunityType) - opportunityRank(a.opportunityType) ||
      b.relevanceScore - a.relevanceScore,
  );
  for (const prospect of withoutEmail) {
    if (reserved >= input.target) break;
    await propose(prospect);
  }
  await source.flush();
  await progress(99);
  return {
    prospects: accepted,
    pagesCrawled: budget.pagesUsed,
    candidates: pool.size,
    stoppedBy: accepted.length >= input.target ? 'target' : budget.exhausted ? 'budget' : 'exhausted',
  };
}

async function evaluate(
  candidate: Candidate,
  source: PageSource,
  contactPages: number,
  relevanceOf: (pages: readonly PageExtract[]) => number,
  scores: Map<string, number>,
): Promise<DiscoveredProspect | null> {
  // Every page of the site read in this run may name its contact, not only the evidence page.
  const sitePages = source.pages.filter((p) => siteDomain(p.url) === candidate.domain);
  const known = [...candidate.pages, ...sitePages].slice(0, 10);
  const contact = await findSiteContact(candidate.origin, candidate.domain, known, source, contactPages);
  const relevance = relevanceOf(contact.pages.length ? contact.pages : candidate.pages);
  const evidenceIsTopical = candidate.type !== 'link_intersect' && candidate.type !== 'competitor_backlink';
  if (evidenceIsTopical && relevance < MIN_TOPICAL_RELEVANCE) return null;
  const host = hostOf(candidate.origin) ?? candidate.domain;
  return {
    domain: candidate.domain,
    website: `${candidate.origin}/`,
    contactEmail: contact.email,
    contactName: contact.name,
    alternativeEmails: contact.alternatives,
    // A site we read that no crawled page links to (and that links nowhere) is not in the graph: DA 0.
    daScore: scores.get(host) ?? scores.get(candidate.domain) ?? 0,
    relevanceScore: relevance,
    opportunityType: candidate.type,
    sourcePageUrl: candidate.reason.sourcePageUrl,
    sourceLinkUrl: candidate.reason.sourceLinkUrl,
    sourceAnchorText: candidate.reason.sourceAnchorText,
  };
}

const pageText = (page: PageExtract) => `${page.title} ${page.description} ${page.text}`;

/** One term-count document per site (all its pages read in the run). */
function documentsByDomain(pages: readonly PageExtract[]): Map<string, Map<string, number>> {
  const texts = new Map<string, string[]>();
  for (const page of pages) {
    const domain = siteDomain(page.url);
    const parts = texts.get(domain) ?? [];
    parts.push(pageText(page));
    texts.set(domain, parts);
  }
  return new Map([...texts].map(([domain, parts]) => [domain, termCounts(tokenize(parts.join(' ')))]));
}
