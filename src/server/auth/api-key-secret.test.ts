import { describe, expect, it } from 'vitest';
import {
  apiKeyPrefix,
  bearerToken,
  hashApiKeySecret,
  looksLikeApiKey,
  newApiKeySecret,
} from './api-key-secret';

describe('API key secrets', () => {
  it('are lp_ and 32 base62 characters, every character drawn evenly', () => {
    const secrets = Array.from({ length: 2000 }, newApiKeySecret);
    for (const secret of secrets) {
      expect(secret).toMatch(/^lp_[0-9A-Za-z]{32}$/);
      expect(looksLikeApiKey(secret)).toBe(true);
    }
    expect(new Set(secrets).size).toBe(secrets.length);
    // 64 000 draws over 62 characters: about 1032 each. A byte taken modulo 62 (256 % 62 = 8) would
    // give the first 8 characters about 1250 and the rest 1000; a uniform draw keeps all within ±20 %.
    const counts = new Map<string, number>();
    for (const secret of secrets) for (const c of secret.slice(3)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    for (const n of counts.values()) expect(Math.abs(n - 64_000 / 62)).toBeLessThan(64_000 / 62 / 5);
  });

  it('are stored as their hex SHA-256 and named by their first 8 characters', () => {
    expect(hashApiKeySecret('lp_x')).toBe(hashApiKeySecret('lp_x'));
    expect(hashApiKeySecret('lp_x')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKeySecret('lp_x')).not.toBe(hashApiKeySecret('lp_y'));
    expect(apiKeyPrefix('lp_AbC12xyz')).toBe('lp_AbC12');
  });

  it('are read from a Bearer Authorization header only', () => {
    expect(bearerToken('Bearer lp_abc')).toBe('lp_abc');
    expect(bearerToken('bearer  lp_abc ')).toBe('lp_abc');
    expect(bearerToken(undefined)).toBeNull();
    expect(bearerToken('Basic dXNlcjpwYXNz')).toBeNull();
    expect(bearerToken('Bearer')).toBeNull();
    expect(bearerToken('Bearer a b')).toBeNull();
    expect(looksLikeApiKey('lp_short')).toBe(false);
    expect(looksLikeApiKey(`xx_${'a'.repeat(32)}`)).toBe(false);
  });
});
