import { countOf } from '@/lib/plural';
import type { SyncRun, SyncRunEntityCounts, SyncRunTrigger } from '@generated/api/model';
import { runStateLabel } from '@generated/rules';

import { durationText } from './duration';
import { formatCount } from './format-count';

/** The texts of the history's chart, table and run dialog (history-card-text.ts: the card's own). */
export const HISTORY_TEXT = {
  table: 'Sync runs',
  pages: 'Sync runs pages',
  chart: 'Runs of the last 30 days: records synced and failed per run, leads and opportunities',
  leadsSynced: 'Leads synced',
  leadsFailed: 'Leads failed',
  opportunitiesSynced: 'Opportunities synced',
  opportunitiesFailed: 'Opportunities failed',
  runErrors: 'Errors of this run',
  noRunErrors: 'No sync errors found',
  runTitle: (when: string) => `Sync of ${when}`,
  countsTable: 'Records of this run',
  records: 'Records',
  total: 'Total',
  leads: 'Leads',
  opportunities: 'Opportunities',
  runErrorsPages: 'Errors of this run pages',
  changes: 'Changes before',
  changesBefore: (count: number) =>
    `${countOf(count, { one: 'change', other: 'changes' })} before this run`,
  changesHeading: 'Changes since the run before',
  noChanges: 'No changes since the run before.',
  moreChanges: (shown: number, count: number) => `The newest ${shown} of ${count}.`,
  openActivity: 'Open in Activity',
} as const;

export const TRIGGER_LABEL: Record<SyncRunTrigger, string> = {
  manual: 'Manual',
  scheduled: 'Scheduled',
  retry: 'Retry',
};

/**
 * The parts of a run's counts, in the order they are shown. Each record of a run is in exactly
 * one part, so the parts add up to the run's total.
 */
export const RUN_COUNT_PARTS = ['created', 'updated', 'unchanged', 'skipped', 'failed'] as const;

/**
 * Records of one entity the run synced: the ones it created or updated, as Last Synced counts
 * them. The ones it found unchanged were not written, and are called unchanged wherever they are
 * shown, so that 'synced' means one thing on every screen.
 */
export const syncedOf = (counts: SyncRunEntityCounts): number => counts.created + counts.updated;

/** Every record a run's counts hold, in all its parts. */
export const recordsOf = (counts: SyncRunEntityCounts): number =>
  RUN_COUNT_PARTS.reduce((sum, part) => sum + counts[part], 0);

/** A run's counts over both entities. */
export function runTotals(run: Pick<SyncRun, 'counts'>): SyncRunEntityCounts {
  const { lead, opportunity } = run.counts;
  const totals = {} as SyncRunEntityCounts;
  for (const part of RUN_COUNT_PARTS) totals[part] = lead[part] + opportunity[part];
  return totals;
}

/**
 * How long a run took (durationText); null while it has not both started and ended (or a time is
 * unusable).
 */
export function formatDuration(startedAt: string | null, finishedAt: string | null): string | null {
  if (!startedAt || !finishedAt) return null;
  const ms = Date.parse(finishedAt) - Date.parse(startedAt);
  if (!Number.isFinite(ms) || ms < 0) return null;
  return durationText(ms, 'nearest');
}

/**
 * What the chart draws, oldest run first (time reads left to right): x is the run's place, so runs
 * an hour apart get a bar each, as runs a day apart do. Each series has one value per run.
 */
export interface HistoryChartData {
  /** The runs in drawing order; `runs[i]` is the run at x = i. */
  runs: SyncRun[];
  x: number[];
  leadSynced: number[];
  leadFailed: number[];
  opportunitySynced: number[];
  opportunityFailed: number[];
}

/** The chart's series from the runs as the API lists them (newest first). */
export function historyChartData(newestFirst: readonly SyncRun[]): HistoryChartData {
  const runs = [...newestFirst].reverse();
  const n = runs.length;
  const data: HistoryChartData = {
    runs,
    x: new Array<number>(n),
    leadSynced: new Array<number>(n),
    leadFailed: new Array<number>(n),
    opportunitySynced: new Array<number>(n),
    opportunityFailed: new Array<number>(n),
  };
  runs.forEach((run, i) => {
    data.x[i] = i;
    data.leadSynced[i] = syncedOf(run.counts.lead);
    data.leadFailed[i] = run.counts.lead.failed;
    data.opportunitySynced[i] = syncedOf(run.counts.opportunity);
    data.opportunityFailed[i] = run.counts.opportunity.failed;
  });
  return data;
}

/** What a run's counts of one entity read as in a summary: synced, unchanged and failed. */
const entitySummary = (counts: SyncRunEntityCounts) =>
  `${formatCount(syncedOf(counts))} synced, ${formatCount(counts.unchanged)} unchanged, ` +
  `${formatCount(counts.failed)} failed`;

/**
 * The one-line reading of a run under the pointer (the chart's hover line): when, trigger, its
 * outcome in the contract's words unless it succeeded, and its counts per entity.
 */
export function runSummary(run: SyncRun, when: string | null): string {
  const outcome = runStateLabel(run);
  const state = run.state === 'succeeded' || when === null ? '' : ` · ${outcome}`;
  return (
    `${when ?? outcome} · ${TRIGGER_LABEL[run.trigger]}${state} · ` +
    `Leads: ${entitySummary(run.counts.lead)} · ` +
    `Opportunities: ${entitySummary(run.counts.opportunity)}`
  );
}
