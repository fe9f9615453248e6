import { fetch } from 'undici';
import { withoutNul } from '../../../shared/text/without-nul';

/** One result of a web search: the page and what the engine said about it. */
export interface SearchResult {
  url: string;
  title: string;
  snippet: string;
}

/** A web search engine discovery can ask (results are verified by our crawler before use). */
export interface SearchProvider {
  readonly name: string;
  /** @throws ProviderError when the service answers with an error or an unexpected shape. */
  search(query: string, signal?: AbortSignal): Promise<SearchResult[]>;
}

/** A page known to link to a target domain, as a backlink data service reports it. */
export interface BacklinkRecord {
  pageUrl: string;
  targetUrl: string;
  anchorText: string;
}

/** A backlink data service (e.g. DataForSEO); its claims are verified by our crawler too. */
export interface BacklinkProvider {
  readonly name: string;
  /** @throws ProviderError */
  backlinks(targetDomain: string, limit: number, signal?: AbortSignal): Promise<BacklinkRecord[]>;
}

/** A provider call that failed: the provider's name and status are in the message. */
export class ProviderError extends Error {}

/** Provider calls give up after this long. */
const PROVIDER_TIMEOUT_MS = 20_000;

/**
 * Calls a provider's JSON API (operator-configured, so not behind the SSRF guard) and returns
 * the parsed body, every string value without NUL characters (JSON can carry them as `\u0000`;
 * PostgreSQL `text` cannot: docs/security.md, "Input with NUL characters").
 * @throws ProviderError on a non-2xx answer or a body that is not JSON.
 */
export async function providerJson(
  name: string,
  url: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    signal?: AbortSignal | undefined;
  },
): Promise<unknown> {
  const timeout = AbortSignal.timeout(PROVIDER_TIMEOUT_MS);
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: { accept: 'application/json', ...init.headers },
    body: init.body,
    signal: init.signal ? AbortSignal.any([init.signal, timeout]) : timeout,
  });
  if (!response.ok) {
    await response.body?.cancel();
    throw new ProviderError(`${name} answered HTTP ${response.status}`);
  }
  try {
    return JSON.parse(await response.text(), (_key, value: unknown) =>
      typeof value === 'string' ? withoutNul(value) : value,
    );
  } catch {
    throw new ProviderError(`${name} answered with a body that is not JSON`);
  }
}
