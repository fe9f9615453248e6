import type { CandidatePool } from '../candidates';
import type { CrawlStore } from '../crawl-store';
import type { PageSource } from '../page-source';
import { offerPageEvidence } from './classify-page';

/**
 * Competitor backlinks the crawl store already knows (from this run and every earlier crawl):
 * each page is read again (from the store while fresh) so the link is current, then offered.
 */
export async function storedBacklinks(
  pool: CandidatePool,
  store: CrawlStore,
  source: PageSource,
): Promise<void> {
  const hosts = pool.competitorDomains.flatMap((d) => [d, `www.${d}`]);
  const links = await store.linksTo(hosts);
  const pages = [...new Set(links.filter((l) => !pool.excludes(l.pageHost)).map((l) => l.pageUrl))];
  for (const url of pages) {
    if (source.budget.exhausted) return;
    const page = await source.visit(url);
    if (page) offerPageEvidence(pool, page);
  }
}

/** Footprint pages of earlier crawls, offered again while their pages are fresh. */
export async function storedFootprints(
  pool: CandidatePool,
  store: CrawlStore,
  source: PageSource,
): Promise<void> {
  for (const { url, host } of await store.footprintPages()) {
    if (source.budget.exhausted) return;
    if (pool.excludes(host)) continue;
    const page = await source.visit(url);
    if (page) offerPageEvidence(pool, page);
  }
}
