import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { decryptSecret, deriveKey, encryptSecret, resolveAppSecret } from './secrets';

describe('secrets at rest', () => {
  const key = deriveKey('an-app-secret-of-enough-length-0123456789', 'mailbox-credentials');

  it('round-trips and never stores the plaintext', () => {
    const stored = encryptSecret(key, 'hunter2 ünïcode');
    expect(stored).not.toContain('hunter2');
    expect(decryptSecret(key, stored)).toBe('hunter2 ünïcode');
    expect(encryptSecret(key, 'same')).not.toBe(encryptSecret(key, 'same')); // fresh IV each time
  });

  it('refuses tampered data, another key and malformed input', () => {
    const stored = encryptSecret(key, 'secret');
    const parts = stored.split('.');
    const flipped = Buffer.from(parts[3]!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() =>
      decryptSecret(key, [...parts.slice(0, 3), flipped.toString('base64url')].join('.')),
    ).toThrow();
    expect(() =>
      decryptSecret(deriveKey('another-secret-of-enough-length-0123456789', 'x'), stored),
    ).toThrow();
    expect(() => decryptSecret(key, 'garbage')).toThrow('Malformed');
  });

  it('derives different keys for different purposes', () => {
    const secret = 'an-app-secret-of-enough-length-0123456789';
    expect(deriveKey(secret, 'a').equals(deriveKey(secret, 'b'))).toBe(false);
  });

  it('generates a development secret once and keeps it, readable only by the owner', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lp-secret-'));
    const config = loadConfig({ DATA_DIR: dir });
    const first = resolveAppSecret(config);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveAppSecret(config)).toBe(first);
    expect(statSync(path.join(dir, 'app-secret')).mode & 0o777).toBe(0o600);
    expect(resolveAppSecret(loadConfig({ DATA_DIR: dir, APP_SECRET: 'x'.repeat(40) }))).toBe('x'.repeat(40));
  });
});
