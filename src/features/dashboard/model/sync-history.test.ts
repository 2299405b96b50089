import { describe, expect, it } from 'vitest';

import { runStateLabel } from '@generated/rules';

import { aRun, runCounts } from '../testing/sync-runs';
import { formatDuration, historyChartData, runSummary, runTotals } from './sync-history';

describe('the sync history model', () => {
  it('draws the runs oldest first, synced (created or updated) against failed per entity', () => {
    const newest = aRun({ id: 3, counts: runCounts([1, 2, 9, 3, 4], [5, 6, 9, 7, 8]) });
    const middle = aRun({ id: 2, counts: runCounts([0, 0, 0, 9, 0], [0, 10, 0, 0, 1]) });
    const oldest = aRun({ id: 1, counts: runCounts([12, 0, 0, 0, 2], [0, 0, 0, 0, 0]) });
    const data = historyChartData([newest, middle, oldest]);
    expect(data.runs.map((run) => run.id)).toEqual([1, 2, 3]);
    expect(data.x).toEqual([0, 1, 2]);
    expect(data.leadSynced).toEqual([12, 0, 3]);
    expect(data.leadFailed).toEqual([2, 0, 4]);
    expect(data.opportunitySynced).toEqual([0, 10, 11]);
    expect(data.opportunityFailed).toEqual([0, 1, 8]);
  });

  it('has empty series for no runs, and leaves the list it was given as it was', () => {
    const runs = [aRun({ id: 2 }), aRun({ id: 1 })];
    historyChartData(runs);
    expect(runs.map((run) => run.id)).toEqual([2, 1]);
    expect(historyChartData([])).toMatchObject({ runs: [], x: [], leadSynced: [] });
  });

  it('adds up both entities for the table', () => {
    expect(runTotals(aRun({ counts: runCounts([1, 2, 0, 3, 4], [10, 20, 0, 30, 40]) }))).toEqual({
      created: 11,
      updated: 22,
      unchanged: 0,
      skipped: 33,
      failed: 44,
    });
  });

  it('says how long a run took, and nothing while it has not ended', () => {
    const at = (seconds: number) => new Date(Date.UTC(2026, 2, 2) + seconds * 1000).toISOString();
    expect(formatDuration(at(0), at(6))).toBe('6 s');
    expect(formatDuration(at(0), at(60))).toBe('1 min 00 s');
    expect(formatDuration(at(0), at(125))).toBe('2 min 05 s');
    expect(formatDuration(at(0), at(3600))).toBe('1 h 00 min');
    expect(formatDuration(at(0), at(3840))).toBe('1 h 04 min');
    expect(formatDuration(at(0), null)).toBeNull();
    expect(formatDuration(null, null)).toBeNull();
    expect(formatDuration(at(10), at(0))).toBeNull();
    expect(formatDuration('not a date', at(0))).toBeNull();
  });

  it('reads a run in one line: when, trigger, outcome unless it succeeded, and the counts', () => {
    const run = aRun({
      trigger: 'scheduled',
      state: 'completed_with_failures',
      counts: runCounts([1, 2, 0, 0, 1], [0, 30, 0, 0, 4]),
    });
    expect(runSummary(run, 'Mar 2, 2026, 12:00 PM')).toBe(
      'Mar 2, 2026, 12:00 PM · Scheduled · Completed, 5 failed · ' +
        'Leads: 3 synced, 0 unchanged, 1 failed · Opportunities: 30 synced, 0 unchanged, 4 failed',
    );
    expect(runSummary({ ...run, state: 'interrupted', trigger: 'retry' }, 'Mar 2')).toBe(
      'Mar 2 · Retry · Failed (interrupted) · ' +
        'Leads: 3 synced, 0 unchanged, 1 failed · Opportunities: 30 synced, 0 unchanged, 4 failed',
    );
    expect(runSummary({ ...run, state: 'queued' }, null)).toMatch(/^Queued · Scheduled · Leads/);
  });

  it('calls unchanged records unchanged, not synced: a run that changed nothing synced none', () => {
    const idle = aRun({ counts: runCounts([0, 0, 98], [0, 0, 145]) });
    expect(runSummary(idle, 'Mar 2')).toBe(
      'Mar 2 · Manual · Leads: 0 synced, 98 unchanged, 0 failed · ' +
        'Opportunities: 0 synced, 145 unchanged, 0 failed',
    );
    expect(historyChartData([idle])).toMatchObject({ leadSynced: [0], opportunitySynced: [0] });
  });
});

describe("a run's outcome, in the contract's words", () => {
  it.each([
    ['succeeded', [], 'Succeeded'],
    ['completed_with_failures', [0, 0, 0, 0, 18], 'Completed, 18 failed'],
    ['completed_with_failures', [0, 0, 0, 0, 1200], 'Completed, 1,200 failed'],
    ['failed', [0, 0, 0, 0, 140], 'Failed'],
    ['interrupted', [], 'Failed (interrupted)'],
    ['queued', [], 'Queued'],
    ['running', [], 'Running'],
  ] as const)('a %s run with lead counts %j reads %s', (state, lead, label) => {
    expect(runStateLabel(aRun({ state, counts: runCounts([...lead], []) }))).toBe(label);
  });
});
