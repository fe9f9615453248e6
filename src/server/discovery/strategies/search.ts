import type { CandidatePool } from '../candidates';
import type { FootprintKind } from '../footprints';
import type { PageSource } from '../page-source';
import type { SearchProvider } from '../providers/provider';
import { followFootprints, linksToDomain, offerPageEvidence } from './classify-page';

/** One query and what a result page must show to count. */
export interface SearchQuery {
  query: string;
  /**
   * A competitor the page must link to, a footprint the page must announce, or a topical
   * result: the site is a topical candidate (its relevance is judged when it is evaluated).
   */
  verify: { competitor: string } | { footprint: true } | { topical: true };
}

/**
 * Footprint links a search result is followed by: the ones that say the site takes posts. A
 * "Resources" menu entry is on most sites and says nothing about the query.
 */
const SITE_TAKES_POSTS: readonly FootprintKind[] = ['write-for-us', 'guest-post', 'contribute'];

/** Keywords footprint queries are built from. */
const QUERY_KEYWORDS = 3;

/**
 * The labels of a domain that name a brand rather than a topic (`thepythonguru` of
 * thepythonguru.com, `rivalbikes` of rivalbikes.test): a query with one finds only that site.
 */
const brandLabels = (domain: string) => domain.split('.').slice(0, -1);

/**
 * Queries from the campaign site's top keywords and the footprints, in English and, for a
 * German site, German too; pages mentioning each competitor outside its own site; and the top
 * keyword alone and with the second, for topical sites no seed links to.
 * Keywords that are the name of the campaign's or a competitor's domain are skipped, and
 * footprint queries exclude those sites (`-site:`): their own pages mention their brand and
 * their own "write for us" link everywhere and would take every result.
 */
export function buildSearchQueries(
  keywords: readonly string[],
  sites: { ownDomain: string; competitors: readonly string[]; language: string },
): SearchQuery[] {
  const { ownDomain, competitors, language } = sites;
  const brands = new Set([ownDomain, ...competitors].flatMap(brandLabels));
  const exclude = [ownDomain, ...competitors].map((d) => ` -site:${d}`).join('');
  const footprint = { footprint: true } as const;
  const queries: SearchQuery[] = [];
  const footprints = ['"write for us"', '"guest post"', 'intitle:resources', '"useful links"'];
  if (language === 'de') footprints.push('"Gastbeitrag"', '"für uns schreiben"');
  const topics = keywords.filter((k) => !brands.has(k));
  for (const keyword of topics.slice(0, QUERY_KEYWORDS)) {
    for (const words of footprints)
      queries.push({ query: `${words} ${keyword}${exclude}`, verify: footprint });
  }
  for (const competitor of competitors) {
    queries.push({ query: `"${competitor}" -site:${competitor}`, verify: { competitor } });
  }
  // The top keyword alone, then with the second: a lone second keyword ("match" of a Python
  // site) is too often a word of every other topic.
  const topical = [topics.slice(0, 1), topics.slice(0, 2)].filter((t, i) => t.length > i);
  for (const words of topical) {
    queries.push({ query: `${words.join(' ')}${exclude}`, verify: { topical: true } });
  }
  return queries;
}

/**
 * Runs the queries on each provider and verifies every result with our crawler: a footprint
 * query's page must announce a footprint, or link to a write-for-us, guest-post or contribute
 * page of its own site that does (engines often rank an article whose menu or footer says
 * "Write for us" above the page itself); a competitor query's page must link to that
 * competitor; a topical query's page gives whichever of that evidence it has and is a
 * topical candidate otherwise. Unverified results are dropped.
 */
export async function searchCandidates(
  pool: CandidatePool,
  providers: readonly SearchProvider[],
  queries: readonly SearchQuery[],
  source: PageSource,
  signal?: AbortSignal,
): Promise<void> {
  for (const provider of providers) {
    for (const { query, verify } of queries) {
      if (source.budget.exhausted) return;
      for (const result of await provider.search(query, signal)) {
        let host: string;
        try {
          host = new URL(result.url).hostname;
        } catch {
          continue;
        }
        // A page seen for another query is checked again for this one (visits are cached).
        if (pool.excludes(host)) continue;
        const page = await source.visit(result.url);
        if (!page) continue;
        if ('competitor' in verify) {
          if (linksToDomain(page, verify.competitor)) offerPageEvidence(pool, page);
          continue;
        }
        let evidence = offerPageEvidence(pool, page);
        if (!page.footprint)
          evidence = (await followFootprints(pool, page, source, SITE_TAKES_POSTS)) || evidence;
        if (!evidence && 'topical' in verify) {
          const reason = {
            type: 'topical_site' as const,
            sourcePageUrl: page.url,
            sourceLinkUrl: null,
            sourceAnchorText: null,
          };
          pool.offer(page, reason, [page]);
        }
      }
    }
  }
}
