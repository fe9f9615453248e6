import { describe, expect, it } from 'vitest';
import { namesNonPublicHost } from './public-host';

describe('namesNonPublicHost', () => {
  it.each([
    'localhost',
    'http://localhost:3000/shop',
    'app.localhost',
    'printer.local',
    'NAS.LOCAL.',
    '10.1.2.3',
    'https://172.16.0.1',
    '172.31.255.255',
    '192.168.1.10:8080',
    '127.0.0.1',
    '127.8.9.10',
    '2130706433',
    '0x7f.1',
    '169.254.169.254',
    'http://[::1]/',
    '[fc00::1]',
    '[fd12:3456::1]',
    '[fe80::1]',
    '[::ffff:192.168.0.1]',
    '0.0.0.0',
    'localhost.',
    'http://api.localhost./',
    'http://[::127.0.0.1]:8080/',
    '[::ffff:7f00:1]',
  ])('refuses %s', (input) => {
    expect(namesNonPublicHost(input)).toBe(true);
  });

  it.each([
    'example.com',
    'https://shop.example.com/blog',
    'localhost.example.com',
    'local.example.org',
    '8.8.8.8',
    '172.32.0.1',
    '192.169.1.1',
    '[2606:4700::1111]',
    'xn--mnchen-3ya.de',
    'not a url',
  ])('lets %s through', (input) => {
    expect(namesNonPublicHost(input)).toBe(false);
  });
});
