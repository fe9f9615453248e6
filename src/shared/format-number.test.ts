import { describe, expect, it } from 'vitest';
import { formatThousands } from './format-number';

describe('formatThousands', () => {
  it('writes whole numbers as en-US does', () => {
    for (const n of [0, 7, 99, 999, 1000, 5000, 14390, 20_000, 123_456, 1_234_567, -1234, -5]) {
      expect(formatThousands(n)).toBe(n.toLocaleString('en-US'));
    }
  });

  it('rounds a fraction to a whole number', () => {
    expect(formatThousands(1234.6)).toBe('1,235');
    expect(formatThousands(-0.2)).toBe('0');
  });
});
