import { describe, expect, it } from 'vitest';
import { clientKey } from './client-address';

describe('clientKey', () => {
  it('keeps an IPv4 address and unwraps an IPv4-mapped IPv6 one', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one client, and another /64 as another', () => {
    const a = clientKey('2001:db8:0:1::1');
    expect(a).toBe('2001:db8:0:1::/64');
    expect(clientKey('2001:0db8:0000:0001:ffff:ffff:ffff:fffe')).toBe(a);
    expect(clientKey('2001:db8:0:2::1')).not.toBe(a);
  });

  it('returns text that is no address unchanged', () => {
    expect(clientKey('unknown')).toBe('unknown');
  });
});
