import { describe, expect, it } from 'vitest';
import { hasNul, withoutNul } from './without-nul';

describe('withoutNul', () => {
  it('removes every NUL and keeps the rest', () => {
    expect(withoutNul('a\u0000b\u0000\tc\n')).toBe('ab\tc\n');
    expect(hasNul('a\u0000b')).toBe(true);
    expect(hasNul('ab')).toBe(false);
  });
});
