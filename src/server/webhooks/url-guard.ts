import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AddressPolicy } from '../net/ssrf-guard';

/** Longest wait for the name's addresses when an endpoint is saved. */
const LOOKUP_TIMEOUT_MS = 5_000;

/**
 * Whether an endpoint URL may be saved (docs/decisions/025-public-api-and-webhooks.md): refused when
 * its host is, or resolves to, an address the crawler's SSRF guard refuses (loopback, private,
 * link-local such as 169.254.169.254 …, unless CRAWL_ALLOW_PRIVATE allows it). A name that does not
 * resolve (in time) passes: the guard checks every attempt again, and the delivery log says why one
 * failed. @returns the refused address, or null when the URL may be saved.
 */
export async function refusedWebhookAddress(policy: AddressPolicy, url: string): Promise<string | null> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return policy.allows(host) ? null : host;
  if (host === 'localhost' || host.endsWith('.localhost')) return policy.allows('127.0.0.1') ? null : host;
  const addresses = await Promise.race([
    lookup(host, { all: true }).catch(() => []),
    sleep(LOOKUP_TIMEOUT_MS, [], { ref: false }),
  ]);
  return addresses.find((a) => !policy.allows(a.address))?.address ?? null;
}
