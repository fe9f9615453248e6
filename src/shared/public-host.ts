import ipaddr from 'ipaddr.js';

/** Shown when a campaign or competitor website names this machine or a private network. */
export const PUBLIC_WEBSITE_MESSAGE = 'Enter a public website address';

/**
 * IPv4-compatible IPv6 addresses (`::a.b.c.d`, deprecated by RFC 4291 §2.5.5.1). The URL parser
 * writes `[::127.0.0.1]` as `[::7f00:1]`, which ipaddr.js classes as public unicast, so the range
 * is refused as a whole: no public service is reached through it.
 */
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');

/**
 * A host as the SSRF guard judges it: lower case, without IPv6 brackets or the trailing dots of an
 * absolute DNS name (`localhost.`), and an IPv4 address in any form the WHATWG URL parser accepts
 * (`2130706433`, `0x7f.1`, `0177.0.0.1`, `127.1`, `127.0.0.1.`) written as a dotted quad. Input the
 * parser refuses is judged as typed (lower case, stripped).
 */
export function canonicalHost(host: string): string {
  const bare = host.trim().toLowerCase();
  let parsed = bare;
  // Only a host: a path, query, fragment or user part would make the parser read another one.
  if (!/[/?#@\\]/.test(bare)) {
    try {
      const bracketed = bare.includes(':') && !bare.startsWith('[') ? `[${bare}]` : bare;
      parsed = new URL(`http://${bracketed}/`).hostname;
    } catch {
      // Not a host the URL parser takes: nothing connects to it either, so it is judged as typed.
    }
  }
  return parsed.replace(/^\[|\]$/g, '').replace(/\.+$/, '');
}

/** True for `localhost` and `*.localhost` (RFC 6761: they name this machine), given a canonicalHost. */
export function namesThisMachine(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost');
}

/**
 * True when an IP address is public unicast: ipaddr.js's `unicast` range after unwrapping
 * IPv4-mapped IPv6 (`::ffff:127.0.0.1` is 127.0.0.1), and not IPv4-compatible (`::/96`). Loopback,
 * private (RFC 1918), carrier-grade NAT, link-local, unique-local (fc00::/7), multicast, broadcast,
 * reserved, documentation, unspecified (0.0.0.0, ::) and the IPv6 ranges that embed an IPv4
 * address (6to4, Teredo, NAT64) are not. Anything that is not an IP address answers false.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).match(IPV4_COMPATIBLE)) return false;
  return parsed.range() === 'unicast';
}

/**
 * True when a website the user typed (with or without `http(s)://`) names a host that is not on the
 * public internet: `localhost` and `*.localhost` (RFC 6761), `*.local` (mDNS, RFC 6762), or an IP
 * literal that is not `isPublicAddress`. The server's SSRF guard (src/server/net/ssrf-guard.ts)
 * uses the same classification and stays the real enforcement: a public name may still resolve
 * to a private address. Input that is not a URL at all answers false (the caller's own URL check
 * reports it).
 */
export function namesNonPublicHost(input: string): boolean {
  const trimmed = input.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let host: string;
  try {
    host = canonicalHost(new URL(withScheme).hostname);
  } catch {
    return false;
  }
  if (namesThisMachine(host) || host === 'local' || host.endsWith('.local')) return true;
  const isLiteral = host.includes(':') ? ipaddr.IPv6.isValid(host) : ipaddr.IPv4.isValidFourPartDecimal(host);
  return isLiteral && !isPublicAddress(host);
}
