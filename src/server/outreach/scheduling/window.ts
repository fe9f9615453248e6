/**
 * Sending-window arithmetic (docs/decisions/009-outreach-sending.md): when a mailbox may send, in the user's time zone.
 * Pure functions over instants (Date) and IANA time zones, using only Intl.
 */

/** Days are ISO weekdays: 1 = Monday … 7 = Sunday. Hours are local wall-clock hours, end exclusive. */
export interface SendingWindow {
  timeZone: string;
  days: readonly number[];
  startHour: number;
  endHour: number;
}

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The wall-clock parts of an instant in a time zone. @throws RangeError for an unknown time zone. */
export function localParts(at: Date, timeZone: string): LocalParts {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS[parts.weekday!]!,
  };
}

/** How far the zone's wall clock is ahead of UTC at an instant (ms). */
function offsetMs(instant: number, timeZone: string): number {
  const p = localParts(new Date(instant), timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - instant;
}

/**
 * The instant at which the wall clock of `timeZone` shows the given local date and hour. Tries
 * the offsets in force 12 hours before and after (a zone changes offset at most once in that
 * span): in an overlap the earlier match wins; in a DST gap, where no instant shows that time,
 * the first instant after the gap is returned.
 */
export function instantAt(timeZone: string, year: number, month: number, day: number, hour: number): Date {
  const wall = Date.UTC(year, month - 1, day, hour);
  const candidates = [
    ...new Set([
      wall - offsetMs(wall - 12 * 3600_000, timeZone),
      wall - offsetMs(wall + 12 * 3600_000, timeZone),
    ]),
  ];
  const matching = candidates.filter((c) => {
    const p = localParts(new Date(c), timeZone);
    return p.year === year && p.month === month && p.day === day && p.hour === hour;
  });
  return new Date(matching.length > 0 ? Math.min(...matching) : Math.max(...candidates));
}

/** True when `at` falls inside the window (allowed weekday, startHour ≤ local hour < endHour). */
export function isInWindow(window: SendingWindow, at: Date): boolean {
  const p = localParts(at, window.timeZone);
  return window.days.includes(p.weekday) && p.hour >= window.startHour && p.hour < window.endHour;
}

/**
 * The earliest instant ≥ `at` inside the window: `at` itself when the window is open, otherwise
 * the next opening. @throws Error when the window has no day or no hours.
 */
export function nextWindowOpening(window: SendingWindow, at: Date): Date {
  if (window.days.length === 0 || window.startHour >= window.endHour)
    throw new Error('The sending window is empty');
  if (isInWindow(window, at)) return at;
  const today = localParts(at, window.timeZone);
  for (let offset = 0; offset <= 7; offset++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    const opening = instantAt(
      window.timeZone,
      date.getUTCFullYear(),
      date.getUTCMonth() + 1,
      date.getUTCDate(),
      window.startHour,
    );
    if (opening > at && isInWindow(window, opening)) return opening;
  }
  throw new Error('No opening found within a week');
}

/** Midnight (local) of the day containing `at`: the start of a mailbox's daily-limit count. */
export function startOfLocalDay(at: Date, timeZone: string): Date {
  const p = localParts(at, timeZone);
  return instantAt(timeZone, p.year, p.month, p.day, 0);
}

/** A random pause between two messages of one mailbox, uniform in [minMs, maxMs]. */
export function spacingMs(minMs: number, maxMs: number, random: () => number = Math.random): number {
  return Math.round(minMs + (maxMs - minMs) * random());
}
