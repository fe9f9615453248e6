import type { Config } from '../config';
import { proxySettings } from '../net/guarded-dispatcher';
import type { CrawlerSettings } from './crawler';
import type { DiscoveryLimits } from './discover';
import { braveSearchProvider } from './providers/brave-search';
import { dataForSeoProvider } from './providers/dataforseo';
import type { BacklinkProvider, SearchProvider } from './providers/provider';
import { searxngProvider } from './providers/searxng';

/** The robots.txt product token of our crawler. */
export const CRAWLER_AGENT_TOKEN = 'LinkPilotBot';

/** The crawler's User-Agent: `LinkPilotBot/1.0 (+{APP_URL}/bot)`, naming a page about the bot. */
export const crawlerUserAgent = (config: Config) => `${CRAWLER_AGENT_TOKEN}/1.0 (+${config.APP_URL}/bot)`;

/** Crawler settings from the app's settings (README "Prospect discovery"). */
export function crawlerSettings(config: Config): CrawlerSettings {
  return {
    userAgent: crawlerUserAgent(config),
    agentToken: CRAWLER_AGENT_TOKEN,
    timeoutMs: config.CRAWL_TIMEOUT_MS,
    maxBytes: config.CRAWL_MAX_BYTES,
    maxRedirects: config.CRAWL_MAX_REDIRECTS,
    retries: config.CRAWL_RETRIES,
    retryBaseMs: config.CRAWL_RETRY_BASE_MS,
    concurrency: config.CRAWL_CONCURRENCY,
    perHostConcurrency: config.CRAWL_PER_HOST_CONCURRENCY,
    hostDelayMs: config.CRAWL_HOST_DELAY_MS,
    maxCrawlDelayMs: config.CRAWL_MAX_CRAWL_DELAY_MS,
    allowPrivate: config.CRAWL_ALLOW_PRIVATE,
    proxy: proxySettings(config),
  };
}

/** The bounds of one discovery run from the app's settings. */
export function discoveryLimits(config: Config): DiscoveryLimits {
  return {
    maxPages: config.DISCOVERY_MAX_PAGES,
    maxMs: config.DISCOVERY_MAX_MINUTES * 60_000,
    contactPages: config.DISCOVERY_CONTACT_PAGES,
    cacheMaxAgeMs: config.CRAWL_CACHE_HOURS * 3_600_000,
    sitePages: 10,
    outwardDepth: 2,
    concurrency: config.CRAWL_CONCURRENCY,
  };
}

/** The configured search providers (SearXNG first, then Brave Search) and backlink provider. */
export function discoveryProviders(config: Config): {
  searchProviders: SearchProvider[];
  backlinkProvider: BacklinkProvider | null;
} {
  const searchProviders: SearchProvider[] = [];
  if (config.SEARXNG_URL) searchProviders.push(searxngProvider(config.SEARXNG_URL));
  if (config.BRAVE_SEARCH_API_KEY)
    searchProviders.push(braveSearchProvider(config.BRAVE_SEARCH_API_KEY, config.BRAVE_SEARCH_URL));
  const backlinkProvider =
    config.DATAFORSEO_LOGIN && config.DATAFORSEO_PASSWORD
      ? dataForSeoProvider(config.DATAFORSEO_LOGIN, config.DATAFORSEO_PASSWORD, config.DATAFORSEO_URL)
      : null;
  return { searchProviders, backlinkProvider };
}
