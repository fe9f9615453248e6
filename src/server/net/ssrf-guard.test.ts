import { describe, expect, it } from 'vitest';
import { AddressPolicy, SsrfError } from './ssrf-guard';

/**
 * Every spelling of "this machine" or "a private network" an attacker may try in a webhook URL,
 * a live-link page or a mail server's host. The same guard judges them when they are saved
 * (`refusedHost`) and when they are used (`assertUrl`, then the lookup and the socket).
 */
const privateUrls = [
  'http://127.0.0.1/',
  'http://127.0.0.1./',
  'http://127.1/',
  'http://2130706433/',
  'http://0x7f.1/',
  'http://0x7f000001/',
  'http://0177.0.0.1/',
  'http://017700000001/',
  'http://0/',
  'http://0.0.0.0/',
  'http://localhost/',
  'http://localhost./',
  'http://LOCALHOST../',
  'http://api.localhost./',
  'http://10.0.0.1/',
  'http://172.16.0.1/',
  'http://192.168.0.1./',
  'http://100.64.0.1/',
  'http://169.254.169.254/latest/meta-data/',
  'http://[::1]/',
  'http://[::]/',
  'http://[0:0:0:0:0:0:0:1]/',
  'http://[::127.0.0.1]:8080/',
  'http://[::7f00:1]/',
  'http://[::10.0.0.1]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:7f00:1]/',
  'http://[::ffff:10.0.0.1]/',
  'http://[::ffff:0:127.0.0.1]/',
  'http://[64:ff9b::127.0.0.1]/',
  'http://[2002:7f00:1::]/',
  'http://[fe80::1]/',
  'http://[fc00::1]/',
  'http://[fd12:3456::1]/',
  'http://[ff02::1]/',
  'http://%6c%6fcalhost/',
  'http://１２７.０.０.１/',
];

const none = new AddressPolicy([]);

describe('the SSRF guard', () => {
  it.each(privateUrls)('refuses %s when it is saved and when it is used', async (url) => {
    const { hostname } = new URL(url);
    expect(await none.refusedHost(hostname)).not.toBeNull();
    expect(() => none.assertUrl(new URL(url))).toThrow(SsrfError);
  });

  it.each(['localhost.', '127.0.0.1.', '2130706433', '0x7f.1', '0177.0.0.1', '0', 'API.LOCALHOST.'])(
    'refuses the mail host %s',
    async (host) => {
      expect(await none.refusedHost(host)).not.toBeNull();
    },
  );

  it('lets public addresses through', async () => {
    for (const host of ['93.184.215.14', '[2606:4700::1111]', '8.8.8.8.'])
      expect(await none.refusedHost(host), host).toBeNull();
    expect(() => none.assertUrl(new URL('https://93.184.215.14/hook'))).not.toThrow();
  });

  it('lets through what the allow-list names, in every spelling, and nothing next to it', async () => {
    const loopback = new AddressPolicy(['127.0.0.1']);
    for (const host of [
      '127.0.0.1',
      '127.0.0.1.',
      '2130706433',
      'localhost',
      'localhost.',
      '[::ffff:127.0.0.1]',
    ])
      expect(await loopback.refusedHost(host), host).toBeNull();
    for (const host of ['127.0.0.2', '[::1]', '10.0.0.1', '[::127.0.0.1]'])
      expect(await loopback.refusedHost(host), host).not.toBeNull();
    expect(() => loopback.assertUrl(new URL('http://localhost.:8080/'))).not.toThrow();
  });

  it('refuses other schemes', () => {
    for (const url of ['ftp://example.com/', 'file:///etc/passwd', 'gopher://example.com/'])
      expect(() => none.assertUrl(new URL(url)), url).toThrow(SsrfError);
  });
});
