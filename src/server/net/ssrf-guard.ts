import ipaddr from 'ipaddr.js';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { lookup as dnsLookupAll } from 'node:dns/promises';
import { isIP, type LookupFunction, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildConnector } from 'undici';
import { canonicalHost, isPublicAddress, namesThisMachine } from '../../shared/public-host';

/**
 * The SSRF guard: user-given URLs and hosts (crawled pages, live-link pages, webhook endpoints,
 * SMTP/IMAP servers) must never reach the machine itself or a private network. An address is
 * public only when `isPublicAddress` (src/shared/public-host.ts) says so: loopback, private (RFC
 * 1918), carrier-grade NAT, link-local, unique-local (fc00::/7), multicast, broadcast, reserved,
 * documentation, unspecified, IPv4-compatible and the IPv6 ranges that embed an IPv4 address
 * (IPv4-mapped is judged by its IPv4 address; 6to4, Teredo, NAT64) are refused. Hosts are judged
 * in their `canonicalHost` form (no trailing dot, IPv4 in any notation as a dotted quad).
 * When a URL or host is saved, `refusedHost` checks the literal and the name's addresses. On use
 * the check runs three times on every hop: on the URL (literal addresses and `localhost`), in the
 * DNS lookup the socket uses (so the address checked is the address connected to: DNS rebinding
 * cannot slip in between), and on the connected socket's remote address.
 */

/** Longest wait for a name's addresses when a URL or host is checked before it is saved (ms). */
const SAVE_LOOKUP_TIMEOUT_MS = 5_000;

/** Raised when a URL or an address is refused; `reason` is stored as the fetch outcome. */
export class SsrfError extends Error {
  readonly code = 'ERR_SSRF_REFUSED';
}

/**
 * The SsrfError behind a failed fetch: the error itself (a URL refused before sending) or its
 * cause (undici wraps a connection the guard refused in a TypeError); undefined for any other failure.
 */
export function ssrfErrorOf(error: unknown): SsrfError | undefined {
  if (error instanceof SsrfError) return error;
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  return cause instanceof SsrfError ? cause : undefined;
}

/** Which non-public addresses may still be reached (tests name 127.0.0.1); empty by default. */
export class AddressPolicy {
  private readonly ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][];

  /** @param allowList CIDR ranges or single addresses, e.g. `['127.0.0.1/32', '::1']`. */
  constructor(allowList: readonly string[] = []) {
    this.ranges = allowList.map((entry) => {
      const cidr = entry.includes('/') ? entry : `${entry}/${isIP(entry) === 6 ? 128 : 32}`;
      return ipaddr.parseCIDR(cidr);
    });
  }

  /** True when the address is public, or non-public but allow-listed. */
  allows(address: string): boolean {
    if (!ipaddr.isValid(address)) return false;
    if (isPublicAddress(address)) return true;
    const parsed = ipaddr.process(address);
    return this.ranges.some(([range, bits]) => range.kind() === parsed.kind() && parsed.match(range, bits));
  }

  /**
   * The refused address or name when `host` is refused without asking DNS: a literal address the
   * policy refuses, or `localhost`/`*.localhost` while loopback is not allowed; null when it passes
   * or only its addresses can tell.
   */
  private refusedWithoutDns(host: string): string | null {
    const name = canonicalHost(host);
    if (isIP(name)) return this.allows(name) ? null : name;
    if (namesThisMachine(name)) return this.allows('127.0.0.1') ? null : name;
    return null;
  }

  /**
   * Refuses a URL whose host is a literal non-public address or `localhost` (these never go to
   * DNS nor, through a proxy, to our lookup). Host names are checked at connect time instead.
   * @throws SsrfError
   */
  assertUrl(url: URL): void {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new SsrfError(`Refused ${url.protocol} URL: only http and https are crawled`);
    }
    const refused = this.refusedWithoutDns(url.hostname);
    if (refused && isIP(refused)) throw new SsrfError(`Refused non-public address ${refused}`);
    if (refused) throw new SsrfError(`Refused ${refused}: it names this machine`);
  }

  /**
   * The check made when a user saves a URL's host (webhook endpoint, live-link page) or a mail
   * server's host: the host as `assertUrl` judges it, then every address its name resolves to. A
   * name that does not resolve within SAVE_LOOKUP_TIMEOUT_MS passes: every use checks it again.
   * @param host a URL's `hostname` or a host name as typed (`smtp.example.com`, `2130706433`).
   * @returns the refused address (or name), or null when the host may be saved.
   */
  async refusedHost(host: string): Promise<string | null> {
    const name = canonicalHost(host);
    if (isIP(name) || namesThisMachine(name)) return this.refusedWithoutDns(name);
    const addresses = await Promise.race([
      dnsLookupAll(name, { all: true }).catch(() => []),
      sleep(SAVE_LOOKUP_TIMEOUT_MS, [], { ref: false }),
    ]);
    return addresses.find((a) => !this.allows(a.address))?.address ?? null;
  }

  /** A `net` lookup that resolves as usual and fails when any address of the name is refused. */
  readonly lookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.find((a) => !this.allows(a.address));
      if (refused) {
        return callback(new SsrfError(`Refused ${hostname}: it resolves to ${refused.address}`), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (!first) return callback(new SsrfError(`${hostname} has no address`), '', 0);
      callback(null, first.address, first.family);
    });
  };

  /**
   * An undici connector (Agent `connect` option) whose sockets resolve through `lookup` and are
   * checked once more by their remote address before any byte of the request is written.
   */
  connector(options: { timeoutMs: number }): buildConnector.connector {
    const connect = buildConnector({ timeout: options.timeoutMs, lookup: this.lookup });
    return (connectOptions, callback) => {
      connect(connectOptions, (error, socket) => {
        if (error || !socket) return callback(error ?? new Error('no socket'), null);
        const remote = (socket as Socket).remoteAddress;
        if (!remote || !this.allows(remote)) {
          socket.destroy();
          return callback(new SsrfError(`Refused connection to ${remote ?? 'an unknown address'}`), null);
        }
        callback(null, socket);
      });
    };
  }
}
