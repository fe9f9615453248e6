import type { CandidatePool } from '../candidates';
import type { PageSource } from '../page-source';
import type { BacklinkProvider } from '../providers/provider';
import { linksToDomain, offerPageEvidence } from './classify-page';

/**
 * Competitor backlinks from a backlink data provider: every reported page is fetched by our
 * crawler and counts only when it really links to the competitor.
 */
export async function providerBacklinks(
  pool: CandidatePool,
  provider: BacklinkProvider,
  source: PageSource,
  limitPerCompetitor: number,
  signal?: AbortSignal,
): Promise<void> {
  for (const competitor of pool.competitorDomains) {
    const records = await provider.backlinks(competitor, limitPerCompetitor, signal);
    for (const record of records) {
      if (source.budget.exhausted) return;
      let host: string;
      try {
        host = new URL(record.pageUrl).hostname;
      } catch {
        continue;
      }
      if (pool.excludes(host)) continue;
      const page = await source.visit(record.pageUrl);
      if (page && linksToDomain(page, competitor)) offerPageEvidence(pool, page);
    }
  }
}
