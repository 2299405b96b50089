// @vitest-environment node
/** The schedule: 12:00 and 24:00 UTC, for every company whose set-up is complete. */
import { describe, expect, it } from 'vitest';

import { buildSeed } from '../../seed/seed';
import { testStore } from '../../test-sandbox';
import { createSyncRunner } from './runner';
import { activeRun, queueRun } from './runs';
import { createSyncScheduler, lastScheduledTime, nextScheduledTime, nextSyncAt } from './schedule';

const at = (iso: string) => new Date(iso);

describe('the scheduled times', () => {
  it('are 12:00 and 24:00 UTC: the next after a time, and the last at or before it', () => {
    expect(nextScheduledTime(at('2026-03-02T00:00:00Z')).toISOString()).toBe(
      '2026-03-02T12:00:00.000Z',
    );
    expect(nextScheduledTime(at('2026-03-02T11:59:59Z')).toISOString()).toBe(
      '2026-03-02T12:00:00.000Z',
    );
    expect(nextScheduledTime(at('2026-03-02T12:00:00Z')).toISOString()).toBe(
      '2026-03-03T00:00:00.000Z',
    );
    expect(nextScheduledTime(at('2026-12-31T23:30:00Z')).toISOString()).toBe(
      '2027-01-01T00:00:00.000Z',
    );
    expect(lastScheduledTime(at('2026-03-02T11:59:59Z')).toISOString()).toBe(
      '2026-03-02T00:00:00.000Z',
    );
    expect(lastScheduledTime(at('2026-03-02T12:00:00Z')).toISOString()).toBe(
      '2026-03-02T12:00:00.000Z',
    );
  });

  it('make next_sync_at, null for a company whose set-up is not complete', () => {
    const state = buildSeed();
    expect(nextSyncAt(state, 1, at('2026-03-02T13:00:00Z'))).toBe('2026-03-03T00:00:00Z');
    expect(nextSyncAt(state, 2, at('2026-03-02T13:00:00Z'))).toBe('2026-03-03T00:00:00Z');
    state.tenants[0]!.salesforce = null;
    expect(nextSyncAt(state, 1, at('2026-03-02T13:00:00Z'))).toBeNull();
    expect(nextSyncAt(state, 99, at('2026-03-02T13:00:00Z'))).toBeNull();
  });
});

describe('the scheduler', () => {
  it('starts one scheduled run per company with its set-up complete when 12:00 or 24:00 UTC passes, once', async () => {
    let now = at('2026-03-03T11:59:30Z');
    const store = testStore({ seed: buildSeed });
    const runner = createSyncRunner(store, { now: () => now });
    const scheduler = createSyncScheduler({
      state: () => store.state,
      start: (tenantId) => runner.start(tenantId, 'both', 'scheduled'),
      now: () => now,
    });
    // Globex's set-up is not complete (no AWS connection): it is not scheduled.
    store.transact((draft) => {
      draft.tenants.find((row) => row.id === 2)!.aws = null;
    });
    expect(scheduler.check()).toEqual([]);
    now = at('2026-03-03T12:00:10Z');
    expect(scheduler.check()).toEqual([1]);
    // The same time passes once.
    now = at('2026-03-03T12:00:30Z');
    expect(scheduler.check()).toEqual([]);
    await runner.idle();
    const runs = store.state.syncRuns.filter((run) => run.queued_at >= '2026-03-03');
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      tenantId: 1,
      trigger: 'scheduled',
      direction: 'both',
      queued_at: '2026-03-03T12:00:10Z',
    });
    expect(runs[0]?.finished_at).not.toBeNull();
  });

  it('leaves a company whose run is under way, and makes up no time that passed before it started', async () => {
    let now = at('2026-03-03T12:30:00Z');
    const store = testStore({ seed: buildSeed });
    const started: number[] = [];
    const scheduler = createSyncScheduler({
      state: () => store.state,
      start: (tenantId) => {
        started.push(tenantId);
        return true;
      },
      now: () => now,
    });
    // 12:00 passed before the scheduler was made: nothing now.
    expect(scheduler.check()).toEqual([]);
    store.transact(
      (draft) => void queueRun(draft, 2, { trigger: 'manual', direction: 'both' }, now),
    );
    now = at('2026-03-04T00:00:05Z');
    expect(scheduler.check()).toEqual([1]);
    expect(started).toEqual([1]);
    expect(activeRun(store.state, 2)?.trigger).toBe('manual');
  });
});
