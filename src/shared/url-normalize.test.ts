import { describe, expect, it } from 'vitest';
import { hostOf, isWithinDomain, normalizeUrl, siteDomain, siteUrlFromInput } from './url-normalize';

describe('normalizeUrl', () => {
  it.each([
    ['HTTP://Example.COM:80/a', 'http://example.com/a'],
    ['https://example.com:443', 'https://example.com/'],
    ['https://example.com:8443/', 'https://example.com:8443/'],
    ['https://example.com/page#section', 'https://example.com/page'],
    ['https://example.com./x', 'https://example.com/x'],
    ['https://user:pw@example.com/', 'https://example.com/'],
    ['https://example.com/a/./b/../c', 'https://example.com/a/c'],
    ['https://example.com/?utm_source=x&utm_medium=y&gclid=1&fbclid=2', 'https://example.com/'],
    ['https://example.com/?b=2&a=1&utm_campaign=z', 'https://example.com/?a=1&b=2'],
    ['https://example.com/%7euser/%c3%a4', 'https://example.com/%7Euser/%C3%A4'],
    ['https://example.com/Path/', 'https://example.com/Path/'],
    ['https://bücher.de/', 'https://xn--bcher-kva.de/'],
    ['http://0x7f.1/', 'http://127.0.0.1/'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeUrl(input)).toBe(expected);
  });

  it('resolves relative URLs against a base', () => {
    expect(normalizeUrl('../b?x=1#f', 'https://example.com/a/c/')).toBe('https://example.com/a/b?x=1');
    expect(normalizeUrl('//cdn.example.org/x', 'https://example.com/')).toBe('https://cdn.example.org/x');
  });

  it('gives the same key to URLs that differ only in what does not matter', () => {
    const a = normalizeUrl('https://Example.com:443/p?b=1&a=2&utm_source=news#top');
    const b = normalizeUrl('https://example.com/p?a=2&b=1');
    expect(a).toBe(b);
  });

  it.each(['mailto:a@example.com', 'javascript:void(0)', 'ftp://example.com/', 'not a url', ''])(
    'refuses %s',
    (input) => {
      expect(normalizeUrl(input)).toBeNull();
    },
  );
});

describe('domains', () => {
  it('keys a site by its host without www.', () => {
    expect(siteDomain('https://www.Example.com/a')).toBe('example.com');
    expect(siteDomain('blog.example.com')).toBe('blog.example.com');
    expect(hostOf('https://www.example.com:8080/x')).toBe('www.example.com');
    expect(hostOf('mailto:x@y.z')).toBeNull();
  });

  it('tells subdomains from look-alikes', () => {
    expect(isWithinDomain('blog.example.com', 'example.com')).toBe(true);
    expect(isWithinDomain('www.example.com', 'example.com')).toBe(true);
    expect(isWithinDomain('notexample.com', 'example.com')).toBe(false);
    expect(isWithinDomain('example.com.evil.net', 'example.com')).toBe(false);
  });

  it('reads a site typed by a user', () => {
    expect(siteUrlFromInput('example.com')).toBe('https://example.com/');
    expect(siteUrlFromInput(' http://Example.com/blog ')).toBe('http://example.com/blog');
    expect(siteUrlFromInput('localhost')).toBeNull();
    expect(siteUrlFromInput('')).toBeNull();
  });
});
