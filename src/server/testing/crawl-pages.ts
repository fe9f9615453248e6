import type { Database } from '../db/client';
import { CrawlStore } from '../discovery/crawl-store';
import type { PageExtract } from '../discovery/extract-page';

/** Stores `url` in the crawl cache as fetched with 200, its extract empty (English) but for `fields`. */
export async function saveCrawledPage(
  db: Database,
  url: string,
  fields: Partial<PageExtract> = {},
): Promise<void> {
  await new CrawlStore(db).savePage(url, {
    ok: true,
    status: 200,
    extract: {
      url,
      title: '',
      description: '',
      language: 'en',
      text: '',
      headings: [],
      links: [],
      emails: [],
      names: [],
      footprint: null,
      robots: '',
      canonical: null,
      ...fields,
    },
  });
}
