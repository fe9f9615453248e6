import { EnvHttpProxyAgent, type Dispatcher } from 'undici';
import type { Config } from '../config';
import type { AddressPolicy } from './ssrf-guard';

/** Proxy URLs (empty: none) and the NO_PROXY list, as for curl. */
export interface ProxySettings {
  httpProxy: string;
  httpsProxy: string;
  noProxy: string;
}

/**
 * The proxy settings from the app's settings (README "Settings"): HTTPS_PROXY falls back to
 * HTTP_PROXY; an unset value is '' (no proxy).
 */
export function proxySettings(
  config: Pick<Config, 'HTTP_PROXY' | 'HTTPS_PROXY' | 'NO_PROXY'>,
): ProxySettings {
  return {
    httpProxy: config.HTTP_PROXY ?? '',
    httpsProxy: config.HTTPS_PROXY ?? config.HTTP_PROXY ?? '',
    noProxy: config.NO_PROXY ?? '',
  };
}

/**
 * The undici dispatcher every fetch of a user-given URL goes through (the crawler, webhook
 * deliveries): an EnvHttpProxyAgent that honours `proxy`, and whose direct connections resolve and
 * connect through `policy`'s connector, so an address the SSRF guard refuses is never reached.
 * `timeoutMs` (milliseconds) bounds the connect, the wait for the headers and each wait for body
 * data; `connections` caps the sockets per origin (undici's default, no cap, when left out).
 * Never throws; refused connections fail the request with an SsrfError cause.
 */
export function guardedDispatcher(
  policy: AddressPolicy,
  options: { proxy: ProxySettings; timeoutMs: number; connections?: number },
): Dispatcher {
  const { proxy, timeoutMs, connections } = options;
  return new EnvHttpProxyAgent({
    ...proxy,
    connect: policy.connector({ timeoutMs }),
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    ...(connections === undefined ? {} : { connections }),
  });
}

/**
 * True when a fetch through the guarded dispatcher failed by running out of time: an aborted
 * `AbortSignal.timeout`, or undici's connect, headers or body timeout (as the error or its cause).
 */
export function isTimeoutError(error: unknown): boolean {
  const name = (error as { name?: string } | undefined)?.name;
  const cause = (error as { cause?: { name?: string; code?: string } } | undefined)?.cause;
  return (
    name === 'TimeoutError' ||
    cause?.name === 'TimeoutError' ||
    cause?.code === 'UND_ERR_HEADERS_TIMEOUT' ||
    cause?.code === 'UND_ERR_BODY_TIMEOUT' ||
    cause?.code === 'UND_ERR_CONNECT_TIMEOUT'
  );
}
