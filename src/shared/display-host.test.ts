import { describe, expect, it } from 'vitest';
import { displayHost, displayUrl } from './display-host';

describe('displayHost', () => {
  it('decodes punycode labels and leaves the others as stored', () => {
    expect(displayHost('xn--mnchen-3ya.de')).toBe('münchen.de');
    expect(displayHost('www.XN--MNCHEN-3YA.de')).toBe('www.münchen.de');
    expect(displayHost('shop.xn--fiqs8s')).toBe('shop.中国');
    expect(displayHost('example.com')).toBe('example.com');
  });

  it('keeps a label that is not valid punycode', () => {
    expect(displayHost('xn--a€.example')).toBe('xn--a€.example');
  });
});

describe('displayUrl', () => {
  it('shows the host of a URL, bare host or host with path in Unicode, the rest as given', () => {
    expect(displayUrl('https://xn--mnchen-3ya.de')).toBe('https://münchen.de');
    expect(displayUrl('https://xn--mnchen-3ya.de:8443/xn--path?q=xn--q#x')).toBe(
      'https://münchen.de:8443/xn--path?q=xn--q#x',
    );
    expect(displayUrl('xn--mnchen-3ya.de')).toBe('münchen.de');
    expect(displayUrl('xn--mnchen-3ya.de/blog/')).toBe('münchen.de/blog/');
    expect(displayUrl('http://user@xn--mnchen-3ya.de/')).toBe('http://user@münchen.de/');
    expect(displayUrl('//xn--mnchen-3ya.de/a')).toBe('//münchen.de/a');
  });

  it('leaves ASCII hosts, IPv6 literals and empty text unchanged', () => {
    expect(displayUrl('https://example.com/a')).toBe('https://example.com/a');
    expect(displayUrl('http://[::1]:3000/')).toBe('http://[::1]:3000/');
    expect(displayUrl('')).toBe('');
  });
});
