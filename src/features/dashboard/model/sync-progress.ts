import type { SyncRun, SyncRunPhase } from '@generated/api/model';

import { formatCount, recordsText } from './format-count';
import { runTotals } from './sync-history';

/** A run lasts while it is queued or running; a tenant has at most one such run. */
export function isRunActive(run: Pick<SyncRun, 'state'> | undefined): boolean {
  return run?.state === 'queued' || run?.state === 'running';
}

/** What each phase reads as beside the bar. */
export const PHASE_TEXT: Record<SyncRunPhase, string> = {
  not_started: 'Waiting to start',
  reading_salesforce: 'Reading Salesforce',
  sending_to_ace: 'Sending to ACE',
  reading_ace: 'Reading ACE',
  writing_salesforce: 'Writing to Salesforce',
  done: 'Finishing',
};

/**
 * A succeeded run's toast: 'Synced 311 records: 12 created, 290 updated, 9 failed'. The records
 * are the ones the run handled, summed over leads and opportunities: created, updated and failed
 * (the ones the filters skipped were not synced), so the parts add up to the whole. `processed`
 * is not used: it counts a record once per direction that read it.
 */
export function syncedText(run: Pick<SyncRun, 'counts'>): string {
  const { created, updated, failed } = runTotals(run);
  const records = created + updated + failed;
  return `Synced ${recordsText(records)}: ${formatCount(created)} created, ${formatCount(updated)} updated, ${formatCount(failed)} failed`;
}

/** The toast of a run that ended: its intent and text. */
export function endedRunToast(run: SyncRun): {
  intent: 'success' | 'danger' | 'warning';
  text: string;
} {
  if (run.state === 'failed')
    return { intent: 'danger', text: run.failure_reason ?? 'The sync failed.' };
  if (run.state === 'interrupted')
    return {
      intent: 'warning',
      text: run.failure_reason
        ? `The sync was interrupted. ${run.failure_reason}`
        : 'The sync was interrupted.',
    };
  return { intent: 'success', text: syncedText(run) };
}

/** How far a run is at `now`: what the bar and the line beside it show. */
export interface RunProgress {
  /** 0 to 1; undefined while the total is not known (queued): an indeterminate bar. */
  fraction: number | undefined;
  /** Since the run started; undefined while it is queued. */
  elapsedMs: number | undefined;
  /** From the rate so far; undefined until it can be estimated. */
  remainingMs: number | undefined;
}

/** An estimate needs this much of a run behind it, so a first batch does not give a wild one. */
const ESTIMATE_AFTER_MS = 1_000;

export function runProgress(
  run: Pick<SyncRun, 'processed' | 'total' | 'started_at'>,
  now: number,
): RunProgress {
  const fraction = run.total > 0 ? Math.min(1, run.processed / run.total) : undefined;
  const started = run.started_at ? Date.parse(run.started_at) : Number.NaN;
  // The server's clock may be a little ahead of this one: never a negative time.
  const elapsedMs = Number.isNaN(started) ? undefined : Math.max(0, now - started);
  let remainingMs: number | undefined;
  if (
    elapsedMs !== undefined &&
    elapsedMs >= ESTIMATE_AFTER_MS &&
    run.processed > 0 &&
    run.total >= run.processed
  )
    remainingMs = ((run.total - run.processed) * elapsedMs) / run.processed;
  return { fraction, elapsedMs, remainingMs };
}

/** The wait before the n-th new attempt (0-based) after a lost connection: 1, 2, 4, then 5 s. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 5000);
}
