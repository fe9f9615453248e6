import { setTimeout as sleep } from 'node:timers/promises';
import { fetch, type Dispatcher, type Response } from 'undici';
import { withoutNul } from '../../shared/text/without-nul';
import { normalizeUrl } from '../../shared/url-normalize';
import { PolitenessGate } from './politeness';
import { RobotsCache, type RobotsResponse } from './robots';
import { guardedDispatcher, isTimeoutError, type ProxySettings } from '../net/guarded-dispatcher';
import { AddressPolicy, ssrfErrorOf } from '../net/ssrf-guard';

/** Everything the crawler can be tuned with (README "Crawler settings"). Times in ms, sizes in bytes. */
export interface CrawlerSettings {
  /** Sent as User-Agent, e.g. `LinkPilotBot/1.0 (+https://app.example/bot)`. */
  userAgent: string;
  /** The product token matched against robots.txt groups, e.g. `LinkPilotBot`. */
  agentToken: string;
  /** Whole request (connect, headers and body) per hop. */
  timeoutMs: number;
  /** Largest decoded body read; a bigger page is abandoned. */
  maxBytes: number;
  maxRedirects: number;
  /** Further attempts after a 429, a 5xx or a network error. */
  retries: number;
  /** First back-off; doubled per attempt, with jitter; a Retry-After header can ask for more. */
  retryBaseMs: number;
  /** Requests in flight overall. */
  concurrency: number;
  /** Requests in flight per host (1–2). */
  perHostConcurrency: number;
  /** Least time between request starts to one host. */
  hostDelayMs: number;
  /** A robots.txt Crawl-delay above this is capped to it. */
  maxCrawlDelayMs: number;
  /** Non-public addresses that may still be reached (CIDR list); empty by default. */
  allowPrivate: readonly string[];
  /** Proxy URLs (empty: none) and the NO_PROXY list, as for curl. */
  proxy: ProxySettings;
}

/** Why a page was not fetched. */
export type FetchFailure =
  | 'refused'
  | 'robots'
  | 'not-html'
  | 'too-large'
  | 'timeout'
  | 'http-error'
  | 'network'
  | 'too-many-redirects';

/** A fetched HTML page, or why there is none. `url` is the normalised URL asked for. */
export type PageFetch =
  | { ok: true; url: string; finalUrl: string; status: number; html: string; robotsHeader: string }
  | { ok: false; url: string; finalUrl: string; status?: number; failure: FetchFailure; detail: string };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const RETRYABLE = new Set([429, 500, 502, 503, 504]);
/** RFC 9309 §2.5: crawlers should read at least 500 KiB of robots.txt. */
const ROBOTS_MAX_BYTES = 512 * 1024;
const RETRY_AFTER_CAP_MS = 60_000;

class TooLargeError extends Error {}

/** A failed hop that should not be retried. */
class HopError extends Error {
  constructor(
    readonly failure: FetchFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/**
 * The polite, guarded HTTP side of discovery: undici fetch through an EnvHttpProxyAgent (proxy
 * settings honoured; direct connections go through the SSRF guard's connector), robots.txt per
 * origin, per-host politeness and a global limit, manual redirects (every hop is checked
 * again), retries with back-off, timeouts and a size cap, HTML only.
 */
export class Crawler {
  private readonly dispatcher: Dispatcher;
  private readonly policy: AddressPolicy;
  private readonly gate: PolitenessGate;
  private readonly robots: RobotsCache;
  private requests = 0;

  constructor(private readonly settings: CrawlerSettings) {
    this.policy = new AddressPolicy(settings.allowPrivate);
    this.dispatcher = guardedDispatcher(this.policy, {
      proxy: settings.proxy,
      timeoutMs: settings.timeoutMs,
      connections: settings.perHostConcurrency,
    });
    this.gate = new PolitenessGate({ global: settings.concurrency, perHost: settings.perHostConcurrency });
    this.robots = new RobotsCache(settings.agentToken, (url, signal) => this.fetchRobots(url, signal));
  }

  /** HTTP requests sent so far (robots.txt and retries included). */
  get requestCount(): number {
    return this.requests;
  }

  /**
   * Fetches one HTML page, following up to `maxRedirects` redirects; each hop is normalised,
   * checked by the SSRF guard and robots.txt, and waits its turn at its host.
   * Never throws for a bad page; throws only the signal's reason when aborted.
   */
  async fetchPage(input: string, signal?: AbortSignal): Promise<PageFetch> {
    const url = normalizeUrl(input) ?? input;
    let current = url;
    for (let hop = 0; hop <= this.settings.maxRedirects; hop++) {
      try {
        const parsed = new URL(current);
        this.policy.assertUrl(parsed);
        const rules = await this.robots.rulesFor(parsed, signal);
        if (rules.unreachable) {
          return {
            ok: false,
            url,
            finalUrl: current,
            failure: 'network',
            detail: `robots.txt: ${rules.unreachable}`,
          };
        }
        if (!rules.isAllowed(current)) {
          return { ok: false, url, finalUrl: current, failure: 'robots', detail: 'Disallowed by robots.txt' };
        }
        const delay = Math.max(
          this.settings.hostDelayMs,
          Math.min(rules.crawlDelayMs ?? 0, this.settings.maxCrawlDelayMs),
        );
        const response = await this.withRetries(current, delay, 'text/html,application/xhtml+xml', signal);
        const location = response.headers.get('location');
        if (REDIRECTS.has(response.status) && location) {
          await response.body?.cancel();
          const next = normalizeUrl(location, current);
          if (!next) throw new HopError('refused', `Redirect to a non-web URL: ${location}`, response.status);
          current = next;
          continue;
        }
        if (response.status < 200 || response.status > 299) {
          await response.body?.cancel();
          throw new HopError('http-error', `HTTP ${response.status}`, response.status);
        }
        const contentType = response.headers.get('content-type') ?? '';
        if (contentType && !/^\s*(text\/html|application\/xhtml\+xml)/i.test(contentType)) {
          await response.body?.cancel();
          throw new HopError('not-html', `Not HTML: ${contentType}`, response.status);
        }
        const body = await readCapped(response, this.settings.maxBytes);
        if (
          !contentType &&
          !/^\s*(<!doctype html|<html|<head|<body)/i.test(body.subarray(0, 512).toString())
        ) {
          throw new HopError('not-html', 'Not HTML: no content type and no HTML start', response.status);
        }
        return {
          ok: true,
          url,
          finalUrl: current,
          status: response.status,
          html: decodeHtml(body, contentType),
          robotsHeader: response.headers.get('x-robots-tag') ?? '',
        };
      } catch (error) {
        signal?.throwIfAborted();
        return { ok: false, url, finalUrl: current, ...describeFailure(error) };
      }
    }
    return {
      ok: false,
      url,
      finalUrl: current,
      failure: 'too-many-redirects',
      detail: `More than ${this.settings.maxRedirects} redirects`,
    };
  }

  /** Closes the connection pools. */
  async close(): Promise<void> {
    await this.dispatcher.close();
  }

  private async fetchRobots(robotsUrl: string, signal?: AbortSignal): Promise<RobotsResponse> {
    let current = robotsUrl;
    for (let hop = 0; hop <= 5; hop++) {
      try {
        this.policy.assertUrl(new URL(current));
        const response = await this.withRetries(current, this.settings.hostDelayMs, 'text/plain', signal);
        const location = response.headers.get('location');
        if (REDIRECTS.has(response.status) && location) {
          await response.body?.cancel();
          const next = normalizeUrl(location, current);
          if (!next) return { kind: 'client-error' };
          current = next;
          continue;
        }
        if (response.status >= 200 && response.status < 300) {
          const body = await readCapped(response, ROBOTS_MAX_BYTES).catch((error: unknown) => {
            if (error instanceof TooLargeError) return Buffer.alloc(0);
            throw error;
          });
          return { kind: 'found', body: body.toString('utf8') };
        }
        await response.body?.cancel();
        if (response.status >= 400 && response.status < 500) return { kind: 'client-error' };
        return { kind: 'unreachable', detail: `answered HTTP ${response.status}` };
      } catch (error) {
        signal?.throwIfAborted();
        if (ssrfErrorOf(error)) throw error;
        return { kind: 'unreachable', detail: describeFailure(error).detail };
      }
    }
    return { kind: 'client-error' };
  }

  /** One hop with retries on 429/5xx and network errors; the response body is left unread. */
  private async withRetries(url: string, delayMs: number, accept: string, signal?: AbortSignal) {
    const host = new URL(url).host;
    for (let attempt = 0; ; attempt++) {
      let response: Response | undefined;
      let error: unknown;
      const release = await this.gate.acquire(host, delayMs, signal);
      try {
        this.requests++;
        response = await this.send(url, accept, signal);
      } catch (caught) {
        error = caught;
      } finally {
        release();
      }
      const retryable = response ? RETRYABLE.has(response.status) : isRetryableError(error, signal);
      if (!retryable || attempt >= this.settings.retries) {
        if (response) return response;
        throw error;
      }
      const backoff = this.settings.retryBaseMs * 2 ** attempt * (1 + Math.random() / 2);
      const retryAfter = response ? retryAfterMs(response.headers.get('retry-after')) : undefined;
      await response?.body?.cancel();
      await sleep(Math.min(Math.max(backoff, retryAfter ?? 0), RETRY_AFTER_CAP_MS), undefined, { signal });
    }
  }

  private send(url: string, accept: string, signal?: AbortSignal): Promise<Response> {
    const timeout = AbortSignal.timeout(this.settings.timeoutMs);
    return fetch(url, {
      dispatcher: this.dispatcher,
      redirect: 'manual',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      headers: {
        'user-agent': this.settings.userAgent,
        accept,
        'accept-language': 'en, de;q=0.8, *;q=0.5',
      },
    });
  }
}

/** The body as bytes, at most `maxBytes` after decompression. @throws TooLargeError */
async function readCapped(response: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes && !response.headers.get('content-encoding')) {
    await response.body?.cancel();
    throw new TooLargeError(`Declared ${declared} bytes, more than ${maxBytes}`);
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      await response.body.cancel().catch(() => undefined);
      throw new TooLargeError(`Body larger than ${maxBytes} bytes`);
    }
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks, size);
}

/**
 * Decodes HTML by the Content-Type charset, else a `<meta charset>` near the start, else UTF-8.
 * This is where every fetched page (discovery and link checks) becomes text, so it is cleaned
 * here: invalid byte sequences become U+FFFD (the WHATWG decoder's replacement) and NUL
 * characters are dropped, since PostgreSQL `text` cannot hold them (docs/security.md,
 * "Input with NUL characters").
 */
export function decodeHtml(body: Buffer, contentType: string): string {
  const fromHeader = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1];
  const head = body.subarray(0, 2048).toString('latin1');
  const fromMeta = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1];
  for (const label of [fromHeader, fromMeta, 'utf-8']) {
    if (!label) continue;
    try {
      return withoutNul(new TextDecoder(label).decode(body));
    } catch {
      // An unknown label: try the next source.
    }
  }
  return withoutNul(body.toString('utf8'));
}

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function isRetryableError(error: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted || ssrfErrorOf(error)) return false;
  return !(error instanceof HopError);
}

function describeFailure(error: unknown): { failure: FetchFailure; detail: string; status?: number } {
  if (error instanceof HopError) {
    return {
      failure: error.failure,
      detail: error.message,
      ...(error.status ? { status: error.status } : {}),
    };
  }
  const ssrf = ssrfErrorOf(error);
  if (ssrf) return { failure: 'refused', detail: ssrf.message };
  if (error instanceof TooLargeError) return { failure: 'too-large', detail: error.message };
  if (isTimeoutError(error)) return { failure: 'timeout', detail: 'Timed out' };
  const cause = (error as { cause?: { message?: string } } | undefined)?.cause;
  return { failure: 'network', detail: cause?.message ?? (error as Error)?.message ?? String(error) };
}
