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
    for (const state of ['succeeded', 'failed', 'interrupted'] as const)
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
      state: 'succeeded',
      total: 314,
      counts: runCounts([2, 6, 4, 3, 2], [10, 280, 0, 0, 7]),
    });
    expect(endedRunToast(done)).toEqual({
      intent: 'warning',
      text: 'Synced 302 of 314 records: 12 created, 286 updated, 4 unchanged. 9 failed, 3 held back by the filters.',
    });
    expect(syncOutcome(run({ counts: runCounts([0, 1200], [0, 65]) }))).toEqual({
      intent: 'success',
      text: 'Synced 1,265 records: 1,265 updated.',
    });
    expect(syncOutcome(run({ counts: runCounts([1], []) })).text).toBe(
      'Synced 1 record: 1 created.',
    );
    expect(syncOutcome(run({ counts: runCounts([0, 0, 5, 2], []) })).text).toBe(
      'Synced 5 of 7 records: 5 unchanged. 2 held back by the filters.',
    );
  });

  it('does not call a run in which every record failed a success', () => {
    expect(syncOutcome(run({ counts: runCounts([0, 0, 0, 0, 3], [0, 0, 0, 0, 1]) }))).toEqual({
      intent: 'danger',
      text: 'None of 4 records synced: 4 failed.',
    });
    expect(syncOutcome(run({ counts: runCounts([0, 0, 0, 6, 4], []) }))).toEqual({
      intent: 'danger',
      text: 'None of 10 records synced: 4 failed, 6 held back by the filters.',
    });
    expect(syncOutcome(run({ counts: runCounts([0, 0, 0, 6], []) }))).toEqual({
      intent: 'success',
      text: 'None of 6 records synced: 6 held back by the filters.',
    });
    expect(syncOutcome(run({}))).toEqual({ intent: 'success', text: 'No records to sync.' });
  });

  it('says a retry is one: it does not move Last Synced', () => {
    expect(syncOutcome(run({ trigger: 'retry', counts: runCounts([0, 2, 0, 0, 2], []) }))).toEqual({
      intent: 'warning',
      text: 'Retry: synced 2 of 4 records: 2 updated. 2 failed.',
    });
    expect(syncOutcome(run({ trigger: 'retry', counts: runCounts([0, 0, 0, 0, 4], []) }))).toEqual({
      intent: 'danger',
      text: 'Retry: none of 4 records synced: 4 failed.',
    });
  });

  it('gives the reason of a failed or interrupted run', () => {
    const reason = 'The sync stopped on an error: Salesforce refused the session.';
    expect(endedRunToast(run({ state: 'failed', failure_reason: reason }))).toEqual({
      intent: 'danger',
      text: reason,
    });
    expect(endedRunToast(run({ state: 'failed' })).text).toBe('The sync failed.');
    expect(
      endedRunToast(run({ state: 'interrupted', failure_reason: 'The sync service restarted.' })),
    ).toEqual({
      intent: 'warning',
      text: 'The sync was interrupted. The sync service restarted.',
    });
  });
});
