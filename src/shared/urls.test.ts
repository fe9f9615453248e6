import { describe, expect, it } from 'vitest';
import { normalizeWebsiteUrl, truncateUrl, websiteHost } from './urls';

describe('website URLs', () => {
  it('accepts http(s) URLs and bare hosts', () => {
    expect(normalizeWebsiteUrl(' example.com ')).toBe('https://example.com');
    expect(normalizeWebsiteUrl('http://blog.example.co.uk/path?q=1')).toBe(
      'http://blog.example.co.uk/path?q=1',
    );
    expect(normalizeWebsiteUrl('https://example.com/')).toBe('https://example.com/');
  });
  it('refuses what is not a website', () => {
    for (const bad of [
      '',
      'not a url',
      'ftp://example.com',
      'javascript:alert(1)',
      'localhostx',
      'http://.com',
    ]) {
      expect(normalizeWebsiteUrl(bad), bad).toBeNull();
    }
  });
  it('compares hosts without www and cuts long URLs at 40 characters', () => {
    expect(websiteHost('https://www.Example.com/a')).toBe('example.com');
    expect(truncateUrl('a'.repeat(41), 40)).toBe(`${'a'.repeat(40)}...`);
    expect(truncateUrl('a'.repeat(40), 40)).toBe('a'.repeat(40));
  });
});
