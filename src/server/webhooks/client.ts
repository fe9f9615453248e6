import { fetch, type Dispatcher, type Response } from 'undici';
import { withoutNul } from '../../shared/text/without-nul';
import type { Config } from '../config';
import {
  guardedDispatcher,
  isTimeoutError,
  proxySettings,
  type ProxySettings,
} from '../net/guarded-dispatcher';
import { AddressPolicy, ssrfErrorOf } from '../net/ssrf-guard';

/** Sent as User-Agent with every delivery. */
export const WEBHOOK_USER_AGENT = 'LinkPilot-Webhooks/1';
/** Characters of the receiver's answer kept for the delivery log. */
export const WEBHOOK_RESPONSE_MAX_CHARS = 2000;
/** Redirects followed per attempt, each hop checked by the SSRF guard again. */
export const WEBHOOK_MAX_REDIRECTS = 5;

/**
 * Redirects that are followed with the same POST and body: 307 and 308 require it, and 301 and 302
 * allow it (RFC 9110 §15.4.2–15.4.3, §15.4.8–15.4.9). A 303 See Other points at a result to GET
 * (§15.4.4): it is the endpoint's answer, not a new place to post the event to.
 */
const REDIRECTS = new Set([301, 302, 307, 308]);
/** UTF-8 needs at most 4 bytes a character: reading this many bytes always gives the 2,000 kept. */
const RESPONSE_MAX_BYTES = WEBHOOK_RESPONSE_MAX_CHARS * 4;

/** How the webhook client reaches receivers. */
export interface WebhookClientSettings {
  /** The whole attempt: every hop's connect, request and answer. */
  timeoutMs: number;
  /** Non-public addresses that may still be reached (CIDR list), as for the crawler; empty by default. */
  allowPrivate: readonly string[];
  /** Proxy URLs (empty: none) and the NO_PROXY list, as for the crawler. */
  proxy: ProxySettings;
}

/** What one attempt got: the receiver's answer, or why there was none. */
export type WebhookPostOutcome =
  | { kind: 'answered'; status: number; body: string; durationMs: number }
  | {
      kind: 'failed';
      reason: string;
      durationMs: number;
      /** True when another attempt cannot help (the URL is not one we can post to). */
      permanent: boolean;
    };

/** The client settings from the app's settings: the crawler's SSRF allow-list and proxy. */
export function webhookClientSettings(config: Config): WebhookClientSettings {
  return {
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    allowPrivate: config.CRAWL_ALLOW_PRIVATE,
    proxy: proxySettings(config),
  };
}

/**
 * Posts webhook bodies to user-given URLs through the crawler's SSRF guard (src/server/net/
 * ssrf-guard.ts): the URL of every hop is checked, direct connections resolve through the guard's
 * lookup and are checked again by their remote address, redirects (not 303) are followed by hand (at
 * most WEBHOOK_MAX_REDIRECTS, re-posting the same body), and one time limit covers the whole attempt
 * (docs/decisions/025-public-api-and-webhooks.md).
 */
export class WebhookClient {
  readonly policy: AddressPolicy;
  private readonly dispatcher: Dispatcher;

  constructor(private readonly settings: WebhookClientSettings) {
    this.policy = new AddressPolicy(settings.allowPrivate);
    this.dispatcher = guardedDispatcher(this.policy, {
      proxy: settings.proxy,
      timeoutMs: settings.timeoutMs,
    });
  }

  /**
   * POSTs `body` (JSON) with `headers` to `url`. Never throws: a refused address, a timeout, a
   * network error or a URL that is not http(s) come back as `failed` with the reason in words.
   * Only the first WEBHOOK_RESPONSE_MAX_CHARS characters of the answer are read.
   */
  async post(url: string, body: string, headers: Record<string, string>): Promise<WebhookPostOutcome> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const signal = AbortSignal.timeout(this.settings.timeoutMs);
    let current: URL;
    try {
      current = new URL(url);
      if (current.protocol !== 'http:' && current.protocol !== 'https:') throw new TypeError();
    } catch {
      return { kind: 'failed', reason: `Not an http(s) URL: ${url}`, durationMs: 0, permanent: true };
    }
    try {
      for (let hop = 0; hop <= WEBHOOK_MAX_REDIRECTS; hop++) {
        this.policy.assertUrl(current);
        const response = await fetch(current, {
          method: 'POST',
          dispatcher: this.dispatcher,
          redirect: 'manual',
          signal,
          body,
          headers: { 'content-type': 'application/json', 'user-agent': WEBHOOK_USER_AGENT, ...headers },
        });
        const location = response.headers.get('location');
        if (REDIRECTS.has(response.status) && location) {
          await response.body?.cancel();
          current = new URL(location, current);
          continue;
        }
        const text = await readStart(response);
        return { kind: 'answered', status: response.status, body: text, durationMs: elapsed() };
      }
      return {
        kind: 'failed',
        reason: `More than ${WEBHOOK_MAX_REDIRECTS} redirects`,
        durationMs: elapsed(),
        permanent: false,
      };
    } catch (error) {
      return {
        kind: 'failed',
        reason: failureReason(error, this.settings.timeoutMs),
        durationMs: elapsed(),
        permanent: false,
      };
    }
  }

  /** Closes the connection pools. */
  async close(): Promise<void> {
    await this.dispatcher.close();
  }
}

const clients = new WeakMap<Config, WebhookClient>();

/** The webhook client all deliveries of this process share (one connection pool per receiver). */
export function sharedWebhookClient(config: Config): WebhookClient {
  let client = clients.get(config);
  if (!client) {
    client = new WebhookClient(webhookClientSettings(config));
    clients.set(config, client);
  }
  return client;
}

/** The first WEBHOOK_RESPONSE_MAX_CHARS characters of the answer (NUL characters dropped: PostgreSQL text cannot hold them). */
async function readStart(response: Response): Promise<string> {
  if (!response.body) return '';
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    chunks.push(Buffer.from(chunk));
    size += chunk.byteLength;
    if (size >= RESPONSE_MAX_BYTES) {
      await response.body.cancel().catch(() => undefined);
      break;
    }
  }
  const text = new TextDecoder().decode(Buffer.concat(chunks, size));
  return withoutNul(Array.from(text).slice(0, WEBHOOK_RESPONSE_MAX_CHARS).join(''));
}

/** Why an attempt got no answer, in the log's words. */
function failureReason(error: unknown, timeoutMs: number): string {
  const ssrf = ssrfErrorOf(error);
  if (ssrf) return `Refused: ${ssrf.message}`;
  if (isTimeoutError(error)) return `No answer within ${timeoutMs / 1000} s`;
  const cause = (error as { cause?: { message?: string } } | undefined)?.cause;
  return `Could not connect: ${cause?.message ?? (error as Error)?.message ?? String(error)}`;
}
