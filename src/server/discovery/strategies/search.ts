import type { CandidatePool } from '../candidates';
import type { PageSource } from '../page-source';
import type { SearchProvider } from '../providers/provider';
import { linksToDomain, offerPageEvidence } from './classify-page';

/** One query and what a result page must show to count. */
export interface SearchQuery {
  query: string;
  /** A competitor the page must link to, or a footprint the page must announce. */
  verify: { competitor: string } | { footprint: true };
}

/**
 * Queries from the campaign site's top keywords and the footprints, in English and, for a
 * German site, German too; plus pages mentioning each competitor outside its own site.
 */
export function buildSearchQueries(
  keywords: readonly string[],
  competitors: readonly string[],
  language: string,
): SearchQuery[] {
  const footprint = { footprint: true } as const;
  const queries: SearchQuery[] = [];
  for (const keyword of keywords.slice(0, 3)) {
    queries.push(
      { query: `"write for us" ${keyword}`, verify: footprint },
      { query: `"guest post" ${keyword}`, verify: footprint },
      { query: `intitle:resources ${keyword}`, verify: footprint },
      { query: `"useful links" ${keyword}`, verify: footprint },
    );
    if (language === 'de') {
      queries.push(
        { query: `"Gastbeitrag" ${keyword}`, verify: footprint },
        { query: `"für uns schreiben" ${keyword}`, verify: footprint },
      );
    }
  }
  for (const competitor of competitors) {
    queries.push({ query: `"${competitor}" -site:${competitor}`, verify: { competitor } });
  }
  return queries;
}

/**
 * Runs the queries on each provider and verifies every result with our crawler: a footprint
 * query's page must announce a footprint, a competitor query's page must link to that
 * competitor. Unverified results are dropped.
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
        if (pool.excludes(host) || source.has(result.url)) continue;
        const page = await source.visit(result.url);
        if (!page) continue;
        const verified =
          'competitor' in verify ? linksToDomain(page, verify.competitor) : page.footprint !== null;
        if (verified) offerPageEvidence(pool, page);
      }
    }
  }
}
