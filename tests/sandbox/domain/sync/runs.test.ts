// @vitest-environment node
import { describe, expect, it } from 'vitest';

import type { Schemas } from '../../contract';
import { buildSeed } from '../../seed/seed';
import {
  activeRun,
  endedState,
  listRuns,
  queueRun,
  runEnded,
  RUNS_KEPT_DAYS,
  RUNS_KEPT_PER_TENANT,
} from './runs';

const ACME = 1;
const GLOBEX = 2;
const DAY_MS = 86_400_000;

describe('the runs a tenant keeps', () => {
  it(`forgets runs older than ${RUNS_KEPT_DAYS} days, and keeps at most ${RUNS_KEPT_PER_TENANT}`, () => {
    const state = buildSeed();
    const seeded = state.syncRuns.filter((run) => run.tenantId === ACME).length;
    expect(seeded).toBeGreaterThan(30);
    const start = Date.parse('2026-03-03T00:00:00Z');
    // A month later, the seeded runs are all older than 30 days: the first new run drops them,
    // but for the newest, kept as the run before it (its changes_before counts from it), and never
    // listed.
    const later = new Date(start + (RUNS_KEPT_DAYS + 1) * DAY_MS);
    const newestSeeded = Math.max(
      ...state.syncRuns.filter((run) => run.tenantId === ACME).map((run) => run.id),
    );
    const first = queueRun(state, ACME, { trigger: 'manual', direction: 'both' }, later);
    runEnded(state, first.id, later);
    expect(state.syncRuns.filter((run) => run.tenantId === ACME).map((run) => run.id)).toEqual([
      newestSeeded,
      first.id,
    ]);
    expect(listRuns(state, ACME, 365, later).map((run) => run.id)).toEqual([first.id]);
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

describe('how a run ends: one outcome per run', () => {
  type Parts = Partial<Schemas['SyncRunEntityCounts']>;
  const counts = (lead: Parts, opportunity: Parts = {}): Schemas['SyncRunCounts'] => {
    const zero = { created: 0, updated: 0, unchanged: 0, skipped: 0, failed: 0 };
    return { lead: { ...zero, ...lead }, opportunity: { ...zero, ...opportunity } };
  };
  /** A run of Acme with these counts, ended as the runner ends it. */
  const ended = (runCounts: Schemas['SyncRunCounts'], failure: string | null = null) => {
    const state = buildSeed();
    const now = new Date('2026-03-05T10:00:00Z');
    const run = queueRun(state, ACME, { trigger: 'manual', direction: 'both' }, now);
    run.counts = runCounts;
    runEnded(state, run.id, now, failure);
    return state.syncRuns.find((row) => row.id === run.id)!;
  };

  it('succeeds only when no record failed: with none at all, or all held back by the filters', () => {
    for (const runCounts of [
      counts({}),
      counts({ skipped: 12 }, { skipped: 3 }),
      counts({ created: 2, updated: 3 }, { unchanged: 240 }),
    ])
      expect(ended(runCounts)).toMatchObject({ state: 'succeeded', failure_reason: null });
  });

  it('is completed with failures when some failed and some synced, unchanged ones included', () => {
    expect(ended(counts({ created: 176, failed: 8 }, { failed: 10 })).state).toBe(
      'completed_with_failures',
    );
    expect(ended(counts({ failed: 1 }, { unchanged: 1 })).state).toBe('completed_with_failures');
  });

  it('fails, saying so, when records failed and none synced', () => {
    expect(ended(counts({ failed: 60 }, { failed: 80 }))).toMatchObject({
      state: 'failed',
      failure_reason: 'None of the 140 records synced: 140 failed.',
    });
    expect(ended(counts({ failed: 1_200, skipped: 4 })).failure_reason).toBe(
      'None of the 1,204 records synced: 1,200 failed, 4 held back by the filters.',
    );
    expect(ended(counts({ failed: 1 })).failure_reason).toBe(
      'The one record did not sync: it failed.',
    );
    expect(endedState(counts({ failed: 3 }))).toEqual({
      state: 'failed',
      failure_reason: 'None of the 3 records synced: 3 failed.',
    });
  });

  it('fails with its reason when it stopped on a fault, whatever its counts', () => {
    expect(
      ended(counts({ created: 5 }), 'The sync stopped on an error: ACE timed out'),
    ).toMatchObject({
      state: 'failed',
      failure_reason: 'The sync stopped on an error: ACE timed out',
    });
  });
});
