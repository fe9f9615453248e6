import ipaddr from 'ipaddr.js';

/**
 * The key a per-client limit counts a request under: an IPv4 address as it is (an IPv4-mapped IPv6
 * address `::ffff:a.b.c.d` as its IPv4 form), an IPv6 address as its /64 network (`2001:db8:0:1::/64`).
 * One IPv6 subscriber is given at least a /64 and may pick any address in it, so counting single
 * IPv6 addresses would give one client 2^64 allowances. Text that is no address comes back unchanged.
 */
export function clientKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.parse(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const v6 = address as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  const network = new ipaddr.IPv6([...v6.parts.slice(0, 4), 0, 0, 0, 0]);
  return `${network.toString()}/64`;
}
