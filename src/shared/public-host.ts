import ipaddr from 'ipaddr.js';

/** Shown when a campaign or competitor website names this machine or a private network. */
export const PUBLIC_WEBSITE_MESSAGE = 'Enter a public website address';

/**
 * True when a website the user typed (with or without `http(s)://`) names a host that is not on the
 * public internet: `localhost` and `*.localhost` (RFC 6761), `*.local` (mDNS, RFC 6762), or an IP
 * literal outside public unicast — loopback (127/8, ::1), private (10/8, 172.16/12, 192.168/16),
 * link-local (169.254/16, fe80::/10), unique-local (fc00::/7) and the other reserved ranges, the
 * same classification as the server's SSRF guard (src/server/discovery/ssrf-guard.ts), which stays
 * the real enforcement: a public name may still resolve to a private address.
 * Input that is not a URL at all answers false (the caller's own URL check reports it).
 */
export function namesNonPublicHost(input: string): boolean {
  const trimmed = input.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let host: string;
  try {
    // The URL parser lowercases the host and rewrites IPv4 in any form (2130706433, 0x7f.1) as a dotted quad.
    host = new URL(withScheme).hostname.replace(/\.$/, '');
  } catch {
    return false;
  }
  if (host === 'localhost' || host.endsWith('.localhost') || host === 'local' || host.endsWith('.local')) {
    return true;
  }
  const literal = host.replace(/^\[|\]$/g, '');
  const isLiteral = literal.includes(':')
    ? ipaddr.IPv6.isValid(literal)
    : ipaddr.IPv4.isValidFourPartDecimal(literal);
  if (!isLiteral) return false;
  return ipaddr.process(literal).range() !== 'unicast';
}
