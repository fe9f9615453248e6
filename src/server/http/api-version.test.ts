import { describe, expect, it } from 'vitest';
import { unversionedUrl } from './api-version';

describe('unversionedUrl', () => {
  it('routes /api/v1/… as /api/…, query included', () => {
    expect(unversionedUrl('/api/v1/campaigns')).toBe('/api/campaigns');
    expect(unversionedUrl('/api/v1/campaigns?cursor=abc')).toBe('/api/campaigns?cursor=abc');
    expect(unversionedUrl('/api/v1')).toBe('/api');
    expect(unversionedUrl('/api/v1?x=1')).toBe('/api?x=1');
  });

  it('leaves every other URL alone', () => {
    for (const url of ['/api/campaigns', '/api/v10/campaigns', '/api/v1x', '/dashboard/api/v1/x', '/'])
      expect(unversionedUrl(url)).toBe(url);
  });
});
