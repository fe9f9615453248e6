import { describe, expect, it } from 'vitest';
import { formatPostDate } from './format-date';

describe('formatPostDate', () => {
  it.each([
    ['2026-11-21T10:00:00.000Z', 'November 21, 2026'],
    ['2026-01-05T00:00:00.000Z', 'January 5, 2026'],
    // 23:30 UTC stays on the UTC day, wherever the code runs.
    ['2025-12-31T23:30:00.000Z', 'December 31, 2025'],
  ])('formats %s as %s', (iso, text) => {
    expect(formatPostDate(iso)).toBe(text);
  });
});
