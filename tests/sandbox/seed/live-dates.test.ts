// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { daysToShift, withLiveDates } from './live-dates';
import { buildSeed } from './seed';

const NOW = new Date('2026-11-26T09:00:00Z');

describe("a live sandbox's seed", () => {
  it('had its last sync yesterday, at the seed’s time of day', () => {
    const seed = withLiveDates(buildSeed(), NOW);
    const acme = seed.stats.find((row) => row.tenantId === 1);
    expect(acme?.last_synced_date?.slice(0, 10)).toBe('2026-11-25');
    expect(acme?.last_synced_date?.slice(10)).toBe(
      buildSeed()
        .stats.find((row) => row.tenantId === 1)
        ?.last_synced_date?.slice(10),
    );
  });

  it('keeps every run within the last 30 days, in the same order and at the same distances', () => {
    const fixed = buildSeed().syncRuns.filter((run) => run.tenantId === 1);
    const live = withLiveDates(buildSeed(), NOW).syncRuns.filter((run) => run.tenantId === 1);
    expect(live.length).toBe(fixed.length);
    const shift = daysToShift(NOW) * 86_400_000;
    live.forEach((run, index) => {
      expect(Date.parse(run.queued_at)).toBe(Date.parse(fixed[index]?.queued_at ?? '') + shift);
      expect(NOW.getTime() - Date.parse(run.queued_at)).toBeLessThan(31 * 86_400_000);
    });
  });

  it('moves plain days too, and leaves what is not a date alone', () => {
    const seed = buildSeed();
    const live = withLiveDates(seed, NOW);
    expect(live.licenceKeys).toEqual(seed.licenceKeys);
    expect(live.users.map((user) => user.email)).toEqual(seed.users.map((user) => user.email));
    const closeDates = (state: typeof seed) =>
      (state.salesforce['1'] ?? []).map((record) => record.fields.CloseDate).filter(Boolean);
    const [before] = closeDates(seed);
    const [after] = closeDates(live);
    expect(typeof before).toBe('string');
    expect(Date.parse(String(after)) - Date.parse(String(before))).toBe(
      daysToShift(NOW) * 86_400_000,
    );
  });

  it('is the seed itself on the day after the seed’s last sync', () => {
    const seed = buildSeed();
    expect(withLiveDates(seed, new Date('2026-03-03T08:00:00Z'))).toBe(seed);
  });
});
