import { describe, expect, it } from 'vitest';
import { decodeCloudflareEmail, emailsFromMailto, findEmails, isPlausibleEmail } from './emails';

/** Cloudflare's encoding: a key byte, then each character XOR the key, in hex. */
const cloudflareEncode = (email: string, key = 0x5a) =>
  [key, ...[...email].map((c) => c.charCodeAt(0) ^ key)].map((b) => b.toString(16).padStart(2, '0')).join('');

describe('findEmails', () => {
  it.each([
    ['Write to editor@bikeblog.de today.', ['editor@bikeblog.de']],
    ['Mail: Jane.Doe+pitch@Mail.Example-Site.co.uk.', ['jane.doe+pitch@mail.example-site.co.uk']],
    ['jane [at] bikeblog [dot] com', ['jane@bikeblog.com']],
    ['jane(at)bikeblog(dot)com', ['jane@bikeblog.com']],
    ['jane {at} bikeblog {dot} org', ['jane@bikeblog.org']],
    ['jane [ at ] bikeblog.com', ['jane@bikeblog.com']],
    ['redaktion (ät) radwelt (punkt) de', ['redaktion@radwelt.de']],
    ['redaktion [at] radwelt [punkt] de', ['redaktion@radwelt.de']],
    ['info(at)radwelt.de', ['info@radwelt.de']],
    ['kontakt (@) radwelt.de', ['kontakt@radwelt.de']],
    ['jane at bikeblog dot com', ['jane@bikeblog.com']],
    ['redaktion AT radwelt PUNKT de', ['redaktion@radwelt.de']],
    ['a@x.io and b@y.io and a@x.io', ['a@x.io', 'b@y.io']],
  ])('finds the address in %j', (text, expected) => {
    expect(findEmails(text)).toEqual(expected);
  });

  it.each([
    ['<img src="logo@2x.png">', 'retina image'],
    ['icon@3x.jpg and hero@2x.webp', 'retina images'],
    ['npm i react@18.2.0', 'version string'],
    ['jquery@3.6.0.min.js loaded', 'versioned script'],
    ['bootstrap@5.3.min.css', 'versioned stylesheet'],
    ['font@latest.woff2', 'font file'],
    ['contact you@example.com for a sample', 'placeholder domain'],
    ['name@domain.com', 'placeholder domain'],
    ['DeinBeispiel@mailinator.com', 'disposable mailbox'],
    ['max@mustermann.de', 'German placeholder'],
    ['@media screen and @import url', 'css at-rules'],
    ['look at this dot', 'words without an address'],
    ['meet at noon', 'the word at'],
    ['0123456789abcdef0123@o12345.ingest.sentry.io', 'sentry key'],
    ['user@localhost', 'no top-level domain'],
  ])('ignores %j (%s)', (text) => {
    expect(findEmails(text)).toEqual([]);
  });
});

describe('mailto and Cloudflare addresses', () => {
  it('reads mailto links with several addresses, escapes and a query', () => {
    expect(emailsFromMailto('mailto:Editor@Blog.de?subject=Hi')).toEqual(['editor@blog.de']);
    expect(emailsFromMailto('mailto:a%40x.io,b@y.io')).toEqual(['a@x.io', 'b@y.io']);
    expect(emailsFromMailto('mailto:')).toEqual([]);
    expect(emailsFromMailto('mailto:logo@2x.png')).toEqual([]);
  });

  it('decodes Cloudflare-protected addresses', () => {
    expect(decodeCloudflareEmail(cloudflareEncode('hello@bikeblog.com'))).toBe('hello@bikeblog.com');
    expect(decodeCloudflareEmail(cloudflareEncode('x@y.de', 0x01))).toBe('x@y.de');
    expect(decodeCloudflareEmail('zz')).toBeNull();
    expect(decodeCloudflareEmail(cloudflareEncode('no-at-sign'))).toBeNull();
  });

  it('checks plausibility', () => {
    expect(isPlausibleEmail('a@b.de')).toBe(true);
    expect(isPlausibleEmail('logo@2x.png')).toBe(false);
    expect(isPlausibleEmail('a..b@c.de')).toBe(false);
  });
});
