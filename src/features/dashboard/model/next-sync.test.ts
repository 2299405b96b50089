import { describe, expect, it } from 'vitest';

import { nextSyncAt, nextSyncDue, nextSyncText } from './next-sync';

const at = (iso: string) => new Date(iso);
const SYNCED = '2026-03-02T00:00:05Z';

/** Statistics of a backend without `next_sync_at`: the schedule's rule applies. */
const olderBackend = { last_synced_date: SYNCED };

describe('the schedule rule, for a backend that does not say when', () => {
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
    ['2026-03-02T10:59:59Z', 'Next sync in 1 hr'],
    ['2026-03-02T11:00:00Z', 'Next sync in 1 hr'],
    ['2026-03-02T11:00:01Z', 'Next sync in 59 mins'],
    ['2026-03-02T11:45:00Z', 'Next sync in 15 mins'],
    ['2026-03-02T11:58:30Z', 'Next sync in 1 min'],
    ['2026-03-02T11:59:30Z', 'Next sync in 1 min'],
    ['2026-03-02T12:00:00Z', 'Next sync in 12 hrs'],
    ['2026-03-02T17:20:00Z', 'Next sync in 6 hrs'],
    ['2026-03-02T23:10:00Z', 'Next sync in 50 mins'],
  ])('at %s says %s', (now, text) => {
    expect(nextSyncText(olderBackend, at(now))).toBe(text);
  });

  it('says something sensible at every minute of a day, one of each unit in the singular', () => {
    for (let minute = 0; minute < 24 * 60; minute += 1) {
      const text = nextSyncText(olderBackend, new Date(Date.UTC(2026, 2, 2, 0, minute)));
      expect(text).toMatch(/^Next sync in (1 hr|([2-9]|1[0-2]) hrs|1 min|([2-9]|[1-5]\d) mins)$/);
    }
  });
});

describe("the server's next sync", () => {
  it('counts down to next_sync_at when the server sends it, not to the rule', () => {
    // The rule would say 12:00 UTC (3 hrs); the server's schedule says 06:00 tomorrow.
    const stats = { last_synced_date: SYNCED, next_sync_at: '2026-03-03T06:00:00Z' };
    expect(nextSyncDue(stats, at('2026-03-02T09:00:00Z'))?.toISOString()).toBe(
      '2026-03-03T06:00:00.000Z',
    );
    expect(nextSyncText(stats, at('2026-03-02T09:00:00Z'))).toBe('Next sync in 21 hrs');
    expect(nextSyncText(stats, at('2026-03-03T05:00:00Z'))).toBe('Next sync in 1 hr');
    expect(nextSyncText(stats, at('2026-03-03T05:58:00Z'))).toBe('Next sync in 2 mins');
  });

  it('says the sync is due once its time has come and its run has not shown yet', () => {
    const stats = { last_synced_date: SYNCED, next_sync_at: '2026-03-02T12:00:00Z' };
    expect(nextSyncText(stats, at('2026-03-02T12:00:00Z'))).toBe('Next sync due now');
    expect(nextSyncText(stats, at('2026-03-02T12:03:00Z'))).toBe('Next sync due now');
  });

  it('says so when none is scheduled (null), instead of counting to the rule', () => {
    const stats = { last_synced_date: SYNCED, next_sync_at: null };
    expect(nextSyncDue(stats, at('2026-03-02T09:00:00Z'))).toBeNull();
    expect(nextSyncText(stats, at('2026-03-02T09:00:00Z'))).toBe('No sync scheduled');
  });

  it('takes the rule for a time it cannot read', () => {
    const stats = { last_synced_date: SYNCED, next_sync_at: 'soon' };
    expect(nextSyncText(stats, at('2026-03-02T09:00:00Z'))).toBe('Next sync in 3 hrs');
  });
});

describe('a company that never synced', () => {
  it('says so before the countdown, which would otherwise imply a history', () => {
    const now = at('2026-03-02T16:00:00Z');
    expect(
      nextSyncText({ last_synced_date: null, next_sync_at: '2026-03-03T00:00:00Z' }, now),
    ).toBe('Not synced yet · next sync in 8 hrs');
    expect(nextSyncText({ last_synced_date: null }, now)).toBe(
      'Not synced yet · next sync in 8 hrs',
    );
    expect(nextSyncText({ last_synced_date: null, next_sync_at: null }, now)).toBe(
      'Not synced yet · no sync scheduled',
    );
  });
});
