import { describe, expect, it } from 'vitest';
import {
  instantAt,
  isInWindow,
  nextWindowOpening,
  spacingMs,
  startOfLocalDay,
  type SendingWindow,
} from './window';

const berlin: SendingWindow = { timeZone: 'Europe/Berlin', days: [1, 2, 3, 4, 5], startHour: 8, endHour: 18 };
const at = (iso: string) => new Date(iso);

describe('sending window', () => {
  it('is open on a weekday within office hours, local time', () => {
    // 2026-11-23 is a Monday; Berlin is UTC+1 in November.
    expect(isInWindow(berlin, at('2026-11-23T07:00:00Z'))).toBe(true); // 08:00 local
    expect(isInWindow(berlin, at('2026-11-23T06:59:59Z'))).toBe(false); // 07:59 local
    expect(isInWindow(berlin, at('2026-11-23T17:00:00Z'))).toBe(false); // 18:00 local, end exclusive
  });

  it('opens now when open, later today before hours, and next weekday after hours', () => {
    expect(nextWindowOpening(berlin, at('2026-11-23T10:00:00Z')).toISOString()).toBe(
      '2026-11-23T10:00:00.000Z',
    );
    expect(nextWindowOpening(berlin, at('2026-11-23T05:00:00Z')).toISOString()).toBe(
      '2026-11-23T07:00:00.000Z',
    );
    expect(nextWindowOpening(berlin, at('2026-11-23T20:00:00Z')).toISOString()).toBe(
      '2026-11-24T07:00:00.000Z',
    );
  });

  it('skips the weekend: Friday evening opens on Monday morning', () => {
    // Friday 2026-11-27 19:00 local → Monday 2026-11-30 08:00 local.
    expect(nextWindowOpening(berlin, at('2026-11-27T18:00:00Z')).toISOString()).toBe(
      '2026-11-30T07:00:00.000Z',
    );
  });

  it('follows daylight saving time', () => {
    // Berlin switches to UTC+2 on 2026-03-29; Monday 2026-03-30 08:00 local = 06:00 UTC.
    expect(nextWindowOpening(berlin, at('2026-03-28T12:00:00Z')).toISOString()).toBe(
      '2026-03-30T06:00:00.000Z',
    );
    // 02:00 local does not exist that night: the next existing instant is 03:00 local (01:00 UTC).
    expect(instantAt('Europe/Berlin', 2026, 3, 29, 2).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    // 02:00 local happens twice on 2026-10-25: the earlier (summer time, UTC+2) is taken.
    expect(instantAt('Europe/Berlin', 2026, 10, 25, 2).toISOString()).toBe('2026-10-25T00:00:00.000Z');
  });

  it('works across the date line', () => {
    const auckland: SendingWindow = { ...berlin, timeZone: 'Pacific/Auckland' };
    // Sunday 2026-11-22 20:00 UTC is Monday 09:00 in Auckland (UTC+13): open.
    expect(isInWindow(auckland, at('2026-11-22T20:00:00Z'))).toBe(true);
  });

  it('refuses an empty window', () => {
    expect(() => nextWindowOpening({ ...berlin, days: [] }, new Date())).toThrow('empty');
    expect(() => nextWindowOpening({ ...berlin, startHour: 18, endHour: 8 }, new Date())).toThrow('empty');
  });
});

describe('daily limit day and spacing', () => {
  it('starts the day at local midnight', () => {
    // 22:30 UTC is 23:30 on the 23rd in Berlin; 23:30 UTC is already 00:30 on the 24th.
    expect(startOfLocalDay(at('2026-11-23T22:30:00Z'), 'Europe/Berlin').toISOString()).toBe(
      '2026-11-22T23:00:00.000Z',
    );
    expect(startOfLocalDay(at('2026-11-23T23:30:00Z'), 'Europe/Berlin').toISOString()).toBe(
      '2026-11-23T23:00:00.000Z',
    );
    expect(startOfLocalDay(at('2026-11-23T12:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2026-11-23T05:00:00.000Z',
    );
  });

  it('spaces messages uniformly between the bounds', () => {
    expect(spacingMs(120_000, 360_000, () => 0)).toBe(120_000);
    expect(spacingMs(120_000, 360_000, () => 1)).toBe(360_000);
    expect(spacingMs(120_000, 360_000, () => 0.5)).toBe(240_000);
  });
});
