import { describe, expect, it } from 'vitest';
import { lastFullPeriod } from './send';

describe('lastFullPeriod', () => {
  it('is the ISO week before this one, Monday to Sunday, numbered as ISO 8601 does', () => {
    expect(lastFullPeriod('weekly', new Date('2026-11-29T23:00:00Z'))).toEqual({
      period: '2026-W47',
      from: '2026-11-16',
      to: '2026-11-22',
    });
    // A Monday: the week that just ended.
    expect(lastFullPeriod('weekly', new Date('2026-11-30T00:00:00Z'))).toEqual({
      period: '2026-W48',
      from: '2026-11-23',
      to: '2026-11-29',
    });
    // 2026 has 53 ISO weeks (1 January 2026 is a Thursday).
    expect(lastFullPeriod('weekly', new Date('2027-01-04T08:00:00Z'))).toEqual({
      period: '2026-W53',
      from: '2026-12-28',
      to: '2027-01-03',
    });
  });

  it('is the calendar month before this one', () => {
    expect(lastFullPeriod('monthly', new Date('2027-01-01T00:00:00Z'))).toEqual({
      period: '2026-12',
      from: '2026-12-01',
      to: '2026-12-31',
    });
    expect(lastFullPeriod('monthly', new Date('2028-03-15T12:00:00Z'))).toEqual({
      period: '2028-02',
      from: '2028-02-01',
      to: '2028-02-29',
    });
  });
});
