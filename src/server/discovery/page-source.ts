import { normalizeUrl } from '../../shared/url-normalize';
import type { CrawlStore } from './crawl-store';
import type { Crawler } from './crawler';
import { extractPage, type PageExtract } from './extract-page';

/** The bounds of one discovery run: pages fetched and wall time. */
export class RunBudget {
  private pages = 0;
  private readonly deadline: number;

  constructor(
    readonly maxPages: number,
    maxMs: number,
  ) {
    this.deadline = Date.now() + maxMs;
  }

  get pagesUsed(): number {
    return this.pages;
  }

  /** True once the page or time bound is reached. */
  get exhausted(): boolean {
    return this.pages >= this.maxPages || Date.now() >= this.deadline;
  }

  /** Takes one page from the budget; false when none is left. */
  take(): boolean {
    if (this.exhausted) return false;
    this.pages++;
    return true;
  }
}

/** Store writes allowed in flight before a visit waits for one to finish. */
const MAX_PENDING_WRITES = 32;

/**
 * Pages for discovery: each URL is read at most once per run (normalised), from the store when
 * it was crawled recently, otherwise fetched (within the run's budget), extracted and stored.
 * Stores are written behind the crawl (bounded); `flush` waits for them.
 */
export class PageSource {
  private readonly visits = new Map<string, Promise<PageExtract | null>>();
  private readonly writes = new Set<Promise<void>>();
  private writeError: unknown;
  /** Pages read in this run (fetched or from the store), in order. */
  readonly pages: PageExtract[] = [];

  constructor(
    private readonly crawler: Crawler,
    private readonly store: CrawlStore,
    readonly budget: RunBudget,
    private readonly options: { cacheMaxAgeMs: number; signal?: AbortSignal | undefined },
  ) {}

  /** The page's extract, or null when it cannot be read or the budget is spent. */
  visit(input: string): Promise<PageExtract | null> {
    const url = normalizeUrl(input);
    if (!url) return Promise.resolve(null);
    let visit = this.visits.get(url);
    if (!visit) {
      visit = this.read(url);
      this.visits.set(url, visit);
    }
    return visit;
  }

  /** Waits for every pending store write. @throws the first write error. */
  async flush(): Promise<void> {
    await Promise.all(this.writes);
    if (this.writeError) throw this.writeError;
  }

  private async persist(url: string, result: Parameters<CrawlStore['savePage']>[1]): Promise<void> {
    if (this.writeError) throw this.writeError;
    const write: Promise<void> = this.store
      .savePage(url, result)
      .catch((error: unknown) => {
        this.writeError ??= error;
      })
      .finally(() => this.writes.delete(write));
    this.writes.add(write);
    if (this.writes.size > MAX_PENDING_WRITES) await Promise.race(this.writes);
  }

  private async read(url: string): Promise<PageExtract | null> {
    const stored = await this.store.freshPage(url, this.options.cacheMaxAgeMs);
    if (stored) {
      if (!stored.ok) return null;
      this.pages.push(stored.extract);
      return stored.extract;
    }
    if (!this.budget.take()) return null;
    const fetched = await this.crawler.fetchPage(url, this.options.signal);
    if (!fetched.ok) {
      // Refusals and robots exclusions are kept too, so the next run does not ask again soon.
      await this.persist(url, fetched);
      return null;
    }
    const extract = extractPage(fetched.html, fetched.finalUrl);
    await this.persist(url, { ok: true, extract, status: fetched.status });
    this.pages.push(extract);
    return extract;
  }
}
