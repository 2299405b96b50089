import { describe, expect, it } from 'vitest';

import type { SyncRun } from '@generated/api/model';

import { runCounts } from '../testing/sync-runs';
import { durationText } from './duration';
import {
  endedRunToast,
  isRunActive,
  reconnectDelayMs,
  runProgress,
  syncOutcome,
} from './sync-progress';

const run = (overrides: Partial<SyncRun>): SyncRun => ({
  id: 40,
  trigger: 'manual',
  direction: 'both',
  state: 'running',
  phase: 'reading_salesforce',
  started_at: '2026-03-02T10:00:00Z',
  finished_at: null,
  processed: 0,
  total: 0,
  failure_reason: null,
  counts: runCounts([], []),
  ...overrides,
});

const at = (iso: string) => Date.parse(iso);

describe('a sync run in progress', () => {
  it('lasts while queued or running', () => {
    expect(isRunActive(run({ state: 'queued' }))).toBe(true);
    expect(isRunActive(run({ state: 'running' }))).toBe(true);
    for (const state of ['succeeded', 'completed_with_failures', 'failed', 'interrupted'] as const)
      expect(isRunActive(run({ state }))).toBe(false);
    expect(isRunActive(undefined)).toBe(false);
  });

  it('has no fraction, time or estimate while queued', () => {
    expect(
      runProgress(run({ state: 'queued', started_at: null }), at('2026-03-02T10:00:05Z')),
    ).toEqual({ fraction: undefined, elapsedMs: undefined, remainingMs: undefined });
  });

  it('estimates the time left from the rate so far, once a second of it is behind', () => {
    const started = run({ processed: 0, total: 400 });
    expect(runProgress(started, at('2026-03-02T10:00:00.500Z'))).toEqual({
      fraction: 0,
      elapsedMs: 500,
      remainingMs: undefined,
    });
    // 100 of 400 in 5 s: 300 more at 20 a second.
    expect(runProgress(run({ processed: 100, total: 400 }), at('2026-03-02T10:00:05Z'))).toEqual({
      fraction: 0.25,
      elapsedMs: 5000,
      remainingMs: 15000,
    });
    // A server clock ahead of this one.
    expect(runProgress(started, at('2026-03-02T09:59:59Z')).elapsedMs).toBe(0);
  });

  it('writes durations in seconds, minutes and hours', () => {
    expect(durationText(0)).toBe('0 s');
    expect(durationText(8_900)).toBe('8 s');
    expect(durationText(8_100, 'up')).toBe('9 s');
    expect(durationText(125_000)).toBe('2 min 05 s');
    expect(durationText(3_720_000)).toBe('1 h 02 min');
  });

  it('tries to reconnect after 1, 2, 4, then every 5 seconds', () => {
    expect([0, 1, 2, 3, 4, 10].map(reconnectDelayMs)).toEqual([1000, 2000, 4000, 5000, 5000, 5000]);
  });
});

describe('the toast of a run that ended', () => {
  it('names every part, so that they add up to the records the run went over', () => {
    // Leads: 2 created, 6 updated, 4 unchanged, 3 held back, 2 failed; opportunities: 10, 280, 0, 0, 7.
    const done = run({
      state: 'completed_with_failures',
      total: 314,
      counts: runCounts([2, 6, 4, 3, 2], [10, 280, 0, 0, 7]),
    });
    expect(endedRunToast(done)).toEqual({
      intent: 'warning',
      text: 'Synced 298 of 314 records: 12 created, 286 updated. 4 unchanged, 9 failed, 3 held back by the filters.',
    });
    expect(syncOutcome(run({ counts: runCounts([0, 1200], [0, 65]) })).text).toBe(
      'Synced 1,265 records: 1,265 updated.',
    );
    expect(syncOutcome(run({ counts: runCounts([1], []) })).text).toBe(
      'Synced 1 record: 1 created.',
    );
    expect(syncOutcome(run({ counts: runCounts([0, 3, 5, 2], []) })).text).toBe(
      'Synced 3 of 10 records: 3 updated. 5 unchanged, 2 held back by the filters.',
    );
  });

  it('calls synced only what was created or updated: a run that changed nothing synced none', () => {
    expect(
      endedRunToast(run({ state: 'succeeded', counts: runCounts([0, 0, 98], [0, 0, 145]) })),
    ).toEqual({ intent: 'success', text: 'None of 243 records synced: 243 unchanged.' });
    expect(syncOutcome(run({ counts: runCounts([0, 0, 0, 6], []) })).text).toBe(
      'None of 6 records synced: 6 held back by the filters.',
    );
    expect(syncOutcome(run({})).text).toBe('No records to sync.');
  });

  it("takes its intent from the run's state: a success only when nothing failed", () => {
    const counts = runCounts([2, 6, 0, 0, 18], []);
    const intent = (state: SyncRun['state']) => endedRunToast(run({ state, counts })).intent;
    expect(intent('completed_with_failures')).toBe('warning');
    expect(intent('failed')).toBe('danger');
    expect(intent('interrupted')).toBe('danger');
    expect(endedRunToast(run({ state: 'succeeded', counts: runCounts([2, 6], []) })).intent).toBe(
      'success',
    );
  });

  it('reads a run in which records failed and none synced as failed', () => {
    // The contract's failed run: records failed and none synced (failure_reason says so too).
    const none = run({
      state: 'failed',
      counts: runCounts([0, 0, 0, 0, 100], [0, 0, 0, 0, 40]),
      failure_reason: 'No record synced: all 140 failed.',
    });
    expect(endedRunToast(none)).toEqual({
      intent: 'danger',
      text: 'None of 140 records synced: 140 failed.',
    });
    expect(endedRunToast(run({ state: 'failed', counts: runCounts([0, 0, 0, 6, 4], []) }))).toEqual(
      {
        intent: 'danger',
        text: 'None of 10 records synced: 4 failed, 6 held back by the filters.',
      },
    );
  });

  it('says a retry is one: it does not move Last Synced', () => {
    expect(
      endedRunToast(
        run({
          state: 'completed_with_failures',
          trigger: 'retry',
          counts: runCounts([0, 2, 0, 0, 2], []),
        }),
      ),
    ).toEqual({ intent: 'warning', text: 'Retry: synced 2 of 4 records: 2 updated. 2 failed.' });
    expect(
      endedRunToast(
        run({ state: 'failed', trigger: 'retry', counts: runCounts([0, 0, 0, 0, 4], []) }),
      ),
    ).toEqual({ intent: 'danger', text: 'Retry: none of 4 records synced: 4 failed.' });
  });

  it('gives the reason of a failed or interrupted run, after what it did before it stopped', () => {
    const reason = 'The sync stopped on an error: Salesforce refused the session.';
    expect(endedRunToast(run({ state: 'failed', failure_reason: reason }))).toEqual({
      intent: 'danger',
      text: reason,
    });
    expect(endedRunToast(run({ state: 'failed' })).text).toBe('The sync failed.');
    expect(
      endedRunToast(
        run({ state: 'failed', failure_reason: reason, counts: runCounts([0, 50, 0, 0, 3], []) }),
      ).text,
    ).toBe(`Synced 50 of 53 records: 50 updated. 3 failed. ${reason}`);
    expect(
      endedRunToast(run({ state: 'interrupted', failure_reason: 'The sync service restarted.' })),
    ).toEqual({
      intent: 'danger',
      text: 'The sync was interrupted. The sync service restarted.',
    });
  });
});
