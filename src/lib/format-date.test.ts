import { describe, expect, it } from 'vitest';

import { formatAgo, formatDateTime, formatShortDay } from './format-date';

/** A local time as the server would send it (UTC, with microseconds as Django writes them). */
const fromServer = (...parts: [number, number, number, number, number]) =>
  new Date(...parts).toISOString().replace('Z', '123Z');

describe('formatDateTime', () => {
  it('shows a server timestamp in the reader’s time zone, with plain spaces', () => {
    expect(formatDateTime(fromServer(2026, 2, 2, 13, 0))).toBe('Mar 2, 2026, 1:00 PM');
    expect(formatDateTime(fromServer(2026, 11, 31, 0, 5))).toBe('Dec 31, 2026, 12:05 AM');
  });

  it('reads a calendar date alone as that day, not the day before west of UTC', () => {
    expect(formatDateTime('2026-03-02')).toBe('Mar 2, 2026, 12:00 AM');
  });

  it('gives null for nothing or something that is not a date', () => {
    expect(formatDateTime(null)).toBeNull();
    expect(formatDateTime('')).toBeNull();
    expect(formatDateTime('yesterday')).toBeNull();
  });
});

describe('formatShortDay', () => {
  it('gives the month and day, or nothing', () => {
    expect(formatShortDay(fromServer(2026, 10, 26, 23, 59))).toBe('Nov 26');
    expect(formatShortDay('2026-03-02')).toBe('Mar 2');
    expect(formatShortDay(undefined)).toBe('');
    expect(formatShortDay('not a date')).toBe('');
  });
});

describe('formatAgo', () => {
  const now = Date.parse('2026-03-02T12:00:00Z');
  it('says how long ago, in minutes, hours, days, then the date', () => {
    expect(formatAgo('2026-03-02T11:59:30Z', now)).toBe('just now');
    expect(formatAgo('2026-03-02T11:55:00Z', now)).toBe('5 min ago');
    expect(formatAgo('2026-03-02T09:00:00Z', now)).toBe('3 h ago');
    expect(formatAgo('2026-03-01T11:00:00Z', now)).toBe('1 day ago');
    expect(formatAgo('2026-02-27T12:00:00Z', now)).toBe('3 days ago');
    expect(formatAgo('2026-02-01T12:00:00Z', now)).toBe(
      `on ${formatShortDay('2026-02-01T12:00:00Z')}`,
    );
    expect(formatAgo(null, now)).toBe('');
  });
});
