import { describe, expect, it } from 'vitest';
import { isoText } from './sql-helpers';

describe('isoText', () => {
  it('gives what Date gives for every form PostgreSQL writes a timestamptz in', () => {
    for (const text of [
      '2026-11-27 07:12:31.123456+00',
      '2026-11-27 07:12:31.1+00',
      '2026-11-27 07:12:31.999999+00',
      '2026-11-27 07:12:31+00',
      '1999-01-01 00:00:00.05+00',
      '2026-11-27 08:12:31.5+01',
      '2026-11-27 02:12:31.123-05:30',
    ])
      expect(isoText(text), text).toBe(new Date(text).toISOString());
  });

  it('takes a Date and keeps null', () => {
    expect(isoText(new Date(Date.UTC(2026, 10, 27, 7, 12, 31, 120)))).toBe('2026-11-27T07:12:31.120Z');
    expect(isoText(null)).toBeNull();
  });
});
