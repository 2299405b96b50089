import { describe, expect, it } from 'vitest';

import { formatDateTime, formatShortDay } from './format-date';

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
