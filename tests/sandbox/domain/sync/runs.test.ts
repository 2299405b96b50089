// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { buildSeed } from '../../seed/seed';
import { activeRun, queueRun, runEnded, RUNS_KEPT_DAYS, RUNS_KEPT_PER_TENANT } from './runs';

const ACME = 1;
const GLOBEX = 2;
const DAY_MS = 86_400_000;

describe('the runs a tenant keeps', () => {
  it(`forgets runs older than ${RUNS_KEPT_DAYS} days, and keeps at most ${RUNS_KEPT_PER_TENANT}`, () => {
    const state = buildSeed();
    const seeded = state.syncRuns.filter((run) => run.tenantId === ACME).length;
    expect(seeded).toBeGreaterThan(30);
    const start = Date.parse('2026-03-03T00:00:00Z');
    // A month later, the seeded runs are all older than 30 days: the first new run drops them.
    const later = new Date(start + (RUNS_KEPT_DAYS + 1) * DAY_MS);
    const first = queueRun(state, ACME, { trigger: 'manual', direction: 'both' }, later);
    runEnded(state, first.id, later);
    expect(state.syncRuns.filter((run) => run.tenantId === ACME).map((run) => run.id)).toEqual([
      first.id,
    ]);
    // Globex's run is not Acme's to forget.
    expect(state.syncRuns.some((run) => run.tenantId === GLOBEX)).toBe(true);
    for (let index = 0; index < RUNS_KEPT_PER_TENANT + 20; index++) {
      const at = new Date(later.getTime() + index * 60_000);
      const run = queueRun(state, ACME, { trigger: 'scheduled', direction: 'both' }, at);
      runEnded(state, run.id, at);
    }
    const kept = state.syncRuns.filter((run) => run.tenantId === ACME);
    expect(kept).toHaveLength(RUNS_KEPT_PER_TENANT);
    expect(Math.min(...kept.map((run) => run.id))).toBeGreaterThan(first.id);
    expect(activeRun(state, ACME)).toBeUndefined();
  });
});
