import { describe, expect, it } from 'vitest';

import { dateOfDay, dayOfDate, formatDay, isDay, parseDay } from './day';

describe('calendar days', () => {
  it.each([
    [{ year: 2026, month: 1, day: 1 }, '2026-01-01'],
    [{ year: 2026, month: 12, day: 31 }, '2026-12-31'],
    [{ year: 987, month: 3, day: 9 }, '0987-03-09'],
  ])('formats %j zero padded as %s', (day, text) => {
    expect(formatDay(day)).toBe(text);
    expect(parseDay(text)).toEqual(day);
  });

  it('keeps the calendar day the user picked, whatever the time of day', () => {
    expect(formatDay(dayOfDate(new Date(2026, 0, 1, 0, 0, 0)))).toBe('2026-01-01');
    expect(formatDay(dayOfDate(new Date(2026, 0, 1, 23, 59, 59)))).toBe('2026-01-01');
    expect(formatDay(dayOfDate(dateOfDay({ year: 2024, month: 2, day: 29 })))).toBe('2024-02-29');
  });

  it('reads the day of a longer ISO text from the calendar', () => {
    expect(parseDay('2026-07-04T00:00:00+02:00')).toEqual({ year: 2026, month: 7, day: 4 });
  });

  it.each(['', '2026-1-1', '01/02/2026', '2026-02-30', '2025-13-01', 'yesterday'])(
    'refuses %j',
    (text) => {
      expect(isDay(text)).toBe(false);
    },
  );

  it('accepts only the exact YYYY-MM-DD form as a value', () => {
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2026-01-01T00:00:00')).toBe(false);
  });

  it('handles years before 100 without the 1900 shift', () => {
    expect(parseDay('0050-06-15')).toEqual({ year: 50, month: 6, day: 15 });
    expect(dateOfDay({ year: 50, month: 6, day: 15 }).getFullYear()).toBe(50);
  });
});
