import { describe, expect, it } from 'vitest';

import { nextSyncAt, nextSyncText } from './next-sync';

const at = (iso: string) => new Date(iso);

describe('next sync countdown', () => {
  it('counts down to 12:00 UTC in the morning and to 24:00 UTC in the afternoon', () => {
    expect(nextSyncAt(at('2026-03-02T00:00:00Z')).toISOString()).toBe('2026-03-02T12:00:00.000Z');
    expect(nextSyncAt(at('2026-03-02T11:59:59Z')).toISOString()).toBe('2026-03-02T12:00:00.000Z');
    expect(nextSyncAt(at('2026-03-02T12:00:00Z')).toISOString()).toBe('2026-03-03T00:00:00.000Z');
    expect(nextSyncAt(at('2026-03-02T23:59:00Z')).toISOString()).toBe('2026-03-03T00:00:00.000Z');
    // Across a month and a year end.
    expect(nextSyncAt(at('2026-12-31T18:00:00Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it.each([
    ['2026-03-02T00:00:00Z', 'Next sync in 12 hrs'],
    ['2026-03-02T02:30:00Z', 'Next sync in 9 hrs'],
    ['2026-03-02T10:59:59Z', 'Next sync in 1 hrs'],
    ['2026-03-02T11:00:00Z', 'Next sync in 1 hrs'],
    ['2026-03-02T11:00:01Z', 'Next sync in 59 mins'],
    ['2026-03-02T11:45:00Z', 'Next sync in 15 mins'],
    ['2026-03-02T11:59:30Z', 'Next sync in 1 mins'],
    ['2026-03-02T12:00:00Z', 'Next sync in 12 hrs'],
    ['2026-03-02T17:20:00Z', 'Next sync in 6 hrs'],
    ['2026-03-02T23:10:00Z', 'Next sync in 50 mins'],
  ])('at %s says %s', (now, text) => {
    expect(nextSyncText(at(now))).toBe(text);
  });

  it('says something sensible at every minute of a day', () => {
    for (let minute = 0; minute < 24 * 60; minute += 1) {
      const text = nextSyncText(new Date(Date.UTC(2026, 2, 2, 0, minute)));
      expect(text).toMatch(/^Next sync in ([1-9]|1[0-2]) hrs$|^Next sync in ([1-9]|[1-5]\d) mins$/);
    }
  });
});
