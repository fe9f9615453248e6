import * as oidc from 'openid-client';
import { fetch as undiciFetch, type Dispatcher } from 'undici';
import type { Config } from '../config';
import { guardedDispatcher, proxySettings } from '../net/guarded-dispatcher';
import { AddressPolicy } from '../net/ssrf-guard';

/** Longest wait for the identity provider's discovery document, keys and token answer (ms). */
const PROVIDER_TIMEOUT_MS = 10_000;

/** How single sign-on reaches identity providers: the crawler's SSRF allow-list and proxy. */
export interface OidcReach {
  policy: AddressPolicy;
  dispatcher: Dispatcher;
}

let shared: { config: Config; reach: OidcReach } | null = null;

/**
 * The SSRF guard and dispatcher every request to an identity provider goes through (made once per
 * settings): CRAWL_ALLOW_PRIVATE names the non-public addresses it may still reach (tests' loopback).
 */
export function oidcReach(config: Config): OidcReach {
  if (shared?.config !== config) {
    const policy = new AddressPolicy(config.CRAWL_ALLOW_PRIVATE);
    const dispatcher = guardedDispatcher(policy, {
      proxy: proxySettings(config),
      timeoutMs: PROVIDER_TIMEOUT_MS,
    });
    shared = { config, reach: { policy, dispatcher } };
  }
  return shared.reach;
}

/**
 * openid-client's fetch for one provider: each URL is checked by the SSRF guard (literal addresses,
 * `localhost`) and sent through the guarded dispatcher, whose lookup and socket checks refuse a
 * name that resolves to a private address. openid-client never follows redirects itself.
 */
function guardedFetch(reach: OidcReach): oidc.CustomFetch {
  return (async (url: string, options: oidc.CustomFetchOptions) => {
    reach.policy.assertUrl(new URL(url));
    // undici's Response passes openid-client's check (it compares Symbol.toStringTag).
    return undiciFetch(url, {
      method: options.method,
      headers: options.headers as Record<string, string>,
      body: options.body as string | undefined,
      redirect: 'manual',
      signal: options.signal,
      dispatcher: reach.dispatcher,
    });
  }) as unknown as oidc.CustomFetch;
}

/**
 * Reads the provider's discovery document (`{issuer}/.well-known/openid-configuration`) through the
 * SSRF guard and returns openid-client's configuration for the client (client_secret_basic), whose
 * later requests (keys, token) go through the guard too. An `http:` issuer is accepted by the
 * settings only on an address CRAWL_ALLOW_PRIVATE allows (a local test provider).
 * @throws SsrfError when the issuer (or a URL it names) is on a refused address; openid-client's
 *   errors when the document is missing or invalid.
 */
export async function discoverProvider(
  reach: OidcReach,
  provider: { issuer: string; clientId: string; clientSecret: string },
): Promise<oidc.Configuration> {
  const issuer = new URL(provider.issuer);
  reach.policy.assertUrl(issuer);
  const fetch = guardedFetch(reach);
  const configuration = await oidc.discovery(issuer, provider.clientId, provider.clientSecret, undefined, {
    [oidc.customFetch]: fetch,
    timeout: PROVIDER_TIMEOUT_MS / 1000,
    execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
  });
  configuration[oidc.customFetch] = fetch;
  return configuration;
}
