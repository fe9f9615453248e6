import { hostOf, siteDomain } from '../../../shared/url-normalize';
import type { CandidatePool } from '../candidates';
import type { ExtractedLink, PageExtract } from '../extract-page';
import { forEachConcurrent } from '../for-each-concurrent';
import type { PageSource } from '../page-source';
import { mayBeHtml } from '../site-crawl';
import { followFootprints, offerPageEvidence } from './classify-page';

export interface OutwardCrawlOptions {
  /** Levels of outbound links followed from the seed pages (1: the sites they link to). */
  maxDepth: number;
  concurrency: number;
  /** Checked before each site: true stops the crawl (enough candidates, or no budget left). */
  enough: () => boolean;
  /** Called after each site read. */
  onSite?: () => void | Promise<void>;
}

/**
 * The provider-free strategy: from the campaign's and competitors' pages, follow outbound links
 * to other sites (one page per site and level, breadth-first, the home page when the linked page
 * cannot be read) up to `maxDepth` levels. Each page
 * reached is checked for competitor links and footprints, its site's footprint pages are
 * followed, and a site the seeds merely link to becomes a topical candidate (a site in the same
 * topic that the competitors reference).
 */
export async function outwardCrawl(
  pool: CandidatePool,
  seeds: readonly PageExtract[],
  source: PageSource,
  options: OutwardCrawlOptions,
): Promise<void> {
  const seen = new Set(seeds.map((p) => siteDomain(p.url)));
  let level: readonly PageExtract[] = seeds;
  for (let depth = 1; depth <= options.maxDepth && level.length; depth++) {
    const targets: { from: PageExtract; link: ExtractedLink }[] = [];
    for (const from of level) {
      for (const link of from.links) {
        const host = hostOf(link.url);
        if (!host || !mayBeHtml(link.url)) continue;
        const domain = siteDomain(host);
        if (seen.has(domain) || pool.excludes(host)) continue;
        seen.add(domain);
        targets.push({ from, link });
      }
    }
    const next: PageExtract[] = [];
    await forEachConcurrent(targets, options.concurrency, async ({ from, link }) => {
      if (options.enough()) return;
      // A dead link does not make a dead site: fall back to the site's home page.
      const home = `${new URL(link.url).origin}/`;
      const page = (await source.visit(link.url)) ?? (link.url === home ? null : await source.visit(home));
      if (!page) return;
      next.push(page);
      let evidence = offerPageEvidence(pool, page);
      evidence = (await followFootprints(pool, page, source)) || evidence;
      if (!evidence) {
        const reason = {
          type: 'topical_site' as const,
          sourcePageUrl: from.url,
          sourceLinkUrl: link.url,
          sourceAnchorText: link.text || null,
        };
        pool.offer(page, reason, [page]);
      }
      await options.onSite?.();
    });
    level = next;
  }
}
