import { describe, expect, it } from 'vitest';
import { deriveKey } from '../../secrets';
import { isAutomatedHit } from './scanners';
import { signToken, verifyToken } from './tokens';

const key = deriveKey('test-secret-test-secret-test-secret-0123', 'tracking');

describe('tracking tokens', () => {
  it('round-trips a payload for its purpose only', () => {
    const token = signToken(key, 'click', { m: 'msg-1', u: 'https://example.com/a?b=c' });
    expect(verifyToken(key, 'click', token)).toEqual({ m: 'msg-1', u: 'https://example.com/a?b=c' });
    expect(verifyToken(key, 'unsubscribe', token)).toBeNull();
  });

  it('refuses altered, forged and malformed tokens', () => {
    const token = signToken(key, 'open', { m: 'msg-1' });
    const [payload, sig] = token.split('.');
    const other = Buffer.from(JSON.stringify({ m: 'msg-2' })).toString('base64url');
    expect(verifyToken(key, 'open', `${other}.${sig}`)).toBeNull();
    expect(verifyToken(key, 'open', `${payload}.${sig!.slice(0, -2)}xx`)).toBeNull();
    expect(
      verifyToken(deriveKey('another-secret-another-secret-012345', 'tracking'), 'open', token),
    ).toBeNull();
    expect(verifyToken(key, 'open', 'garbage')).toBeNull();
    expect(verifyToken(key, 'open', '')).toBeNull();
  });
});

describe('automated hits', () => {
  const browser =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
  it('counts a person opening a message later', () => {
    expect(isAutomatedHit({ userAgent: browser, sinceSendMs: 3_600_000 })).toBe(false);
  });
  it.each([
    'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)',
    'YahooMailProxy; https://help.yahoo.com/kb/yahoo-mail-proxy-SLN28749.html',
    'Mozilla/5.0 (compatible; Barracuda Sentinel)',
    'python-requests/2.31.0',
  ])('flags %s', (userAgent) => {
    expect(isAutomatedHit({ userAgent, sinceSendMs: 3_600_000 })).toBe(true);
  });
  it('flags hits without an agent or within seconds of sending', () => {
    expect(isAutomatedHit({ userAgent: undefined, sinceSendMs: 3_600_000 })).toBe(true);
    expect(isAutomatedHit({ userAgent: browser, sinceSendMs: 2_000 })).toBe(true);
  });
});
