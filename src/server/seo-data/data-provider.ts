import { fetch } from 'undici';
import type { z } from 'zod';
import type { CostEstimate, DataProviderId } from '../../shared/schemas/data-providers';
import type { DomainMetricName, MetricSource } from '../../shared/seo-exports/formats';
import { withoutNul } from '../../shared/text/without-nul';

/**
 * The one interface behind every live SEO data provider (docs/decisions/046-live-seo-data-providers.md):
 * Ahrefs API v3, the Moz Links API v2, DataForSEO and the Semrush API each implement it by their own
 * documented requests and answers, so the campaign's runs never name a provider.
 */

/** One metric of a domain as the provider reports it, named as `domain_metrics` keeps it. */
export interface ProviderMetric {
  source: MetricSource;
  metric: DomainMetricName;
  value: number;
}

/** A link to the target as a backlink index reports it (our crawler checks the page later). */
export interface ProviderBacklink {
  pageUrl: string;
  targetUrl: string;
  anchor: string;
  /** `nofollow ugc sponsored` as found, '' for a followed link, null when the provider does not say. */
  rel: string | null;
  /** YYYY-MM-DD, null when not given. */
  firstSeen: string | null;
  /** The linking domain's metric when the answer carries it (Ahrefs DR, Moz DA, DataForSEO rank). */
  domainMetric: ProviderMetric | null;
}

/** What a run asks of a provider: metrics of `domains` domains, or up to `limit` backlinks of one target. */
export type ProviderWork = { kind: 'metrics'; domains: number } | { kind: 'backlinks'; limit: number };

export interface DataProvider {
  readonly id: DataProviderId;
  readonly name: string;
  /** The source its metrics are stored under in `domain_metrics`. */
  readonly source: MetricSource;
  /**
   * The provider's metrics of each domain (lower-case registrable domains); a domain it knows
   * nothing of is left out of the map. @throws DataProviderError
   */
  domainMetrics(domains: readonly string[], signal?: AbortSignal): Promise<Map<string, ProviderMetric[]>>;
  /** Up to `limit` links to `target` (a domain), one per referring domain where the API can. @throws DataProviderError */
  backlinks(target: string, limit: number, signal?: AbortSignal): Promise<ProviderBacklink[]>;
  /** The most `work` can cost, in the provider's documented pricing unit (no request is made); none for no work. */
  estimateCost(work: ProviderWork): CostEstimate;
  /** Checks the credentials with the provider's free account endpoint; says what it found in words. @throws DataProviderError */
  checkConnection(signal?: AbortSignal): Promise<string>;
}

/** Why a provider call failed, in the terms the user can act on. */
export type ProviderFailure = 'auth' | 'credits' | 'rate_limit' | 'unavailable' | 'bad_answer' | 'refused';

/** A provider call that failed; `message` is the sentence the user sees. */
export class DataProviderError extends Error {
  constructor(
    readonly failure: ProviderFailure,
    message: string,
  ) {
    super(message);
  }
}

/** The sentence for each failure, with the provider's name (docs/product.md#data-providers). */
export function failureMessage(name: string, failure: ProviderFailure, detail = ''): string {
  const said = detail ? ` (${name} said: ${detail.slice(0, 200)})` : '';
  switch (failure) {
    case 'auth':
      return `${name} refused the API key. Check it in Settings → Data providers.${said}`;
    case 'credits':
      return `Your ${name} account has no units or funds left for this request. Top it up, or ask for fewer results.${said}`;
    case 'rate_limit':
      return `${name} is limiting requests right now. Wait a minute and try again.${said}`;
    case 'unavailable':
      return `${name} is not answering right now. Try again later.${said}`;
    case 'bad_answer':
      return `${name} answered in a form LinkPilot does not understand. Try again later.${said}`;
    case 'refused':
      return `${name} refused the request.${said}`;
  }
}

/** The failure an HTTP status means, as every provider's docs use them; null for a success. */
export function failureOfStatus(status: number): ProviderFailure | null {
  if (status >= 200 && status < 300) return null;
  if (status === 401 || status === 403) return 'auth';
  if (status === 402) return 'credits';
  if (status === 429) return 'rate_limit';
  if (status >= 500) return 'unavailable';
  return 'refused';
}

/** Provider calls give up after this long (ms). */
const PROVIDER_TIMEOUT_MS = 30_000;

/**
 * One HTTP request to a provider's API (a fixed, documented host: never a user-given address, so not
 * behind the SSRF guard; tests point it at a local server). Answers the status, the body as text
 * (without NUL characters, which PostgreSQL text cannot hold) and the headers.
 * @throws DataProviderError `unavailable` when the provider cannot be reached or times out.
 */
export async function providerRequest(
  name: string,
  url: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    signal?: AbortSignal | undefined;
  },
): Promise<{ status: number; text: string }> {
  const timeout = AbortSignal.timeout(PROVIDER_TIMEOUT_MS);
  try {
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      headers: init.headers,
      body: init.body,
      signal: init.signal ? AbortSignal.any([init.signal, timeout]) : timeout,
    });
    return { status: response.status, text: withoutNul(await response.text()) };
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new DataProviderError('unavailable', failureMessage(name, 'unavailable'));
  }
}

/** Parses a JSON answer. @throws DataProviderError `bad_answer` when it is not JSON. */
export function parseJson(name: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new DataProviderError('bad_answer', failureMessage(name, 'bad_answer'));
  }
}

/** A JSON answer's value, or null when the text is not JSON (an error page). */
export function jsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The answer read through its documented shape. @throws DataProviderError `bad_answer` when it does not fit. */
export function shapedAnswer<T>(name: string, schema: z.ZodType<T>, answer: unknown): T {
  const parsed = schema.safeParse(answer);
  if (!parsed.success) throw new DataProviderError('bad_answer', failureMessage(name, 'bad_answer'));
  return parsed.data;
}

/** The items in groups of `size` (a provider's most targets per request). */
export function chunked<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}
