import type { CrawlerSettings } from '../discovery/crawler';

/**
 * Crawler settings for tests and benchmarks: short timeouts, no per-host delay, no retries, the
 * given proxy (a fixture web) or none; override what a test is about.
 */
export function testCrawlerSettings(
  proxyUrl = '',
  overrides: Partial<CrawlerSettings> = {},
): CrawlerSettings {
  return {
    userAgent: 'LinkPilotBot/1.0 (+http://localhost:3000/bot)',
    agentToken: 'LinkPilotBot',
    timeoutMs: 3_000,
    maxBytes: 3_000_000,
    maxRedirects: 3,
    retries: 0,
    retryBaseMs: 10,
    concurrency: 8,
    perHostConcurrency: 1,
    hostDelayMs: 0,
    maxCrawlDelayMs: 1_000,
    allowPrivate: [],
    proxy: { httpProxy: proxyUrl, httpsProxy: proxyUrl, noProxy: '' },
    ...overrides,
  };
}
