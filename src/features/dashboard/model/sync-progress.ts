import type { SyncRun, SyncRunPhase, SyncRunState } from '@generated/api/model';

import { formatCount, recordsText } from './format-count';
import { recordsOf, runTotals, syncedOf } from './sync-history';

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

type ToastIntent = 'success' | 'danger' | 'warning';

/**
 * The toast's intent for each state a run ends in, so that its colour says what the history's
 * state says: green only for a run in which nothing failed, amber for one that completed with
 * failures, red for one that failed or stopped. A run under way has no toast of its end.
 */
const ENDED_INTENT: Record<SyncRunState, ToastIntent> = {
  succeeded: 'success',
  completed_with_failures: 'warning',
  failed: 'danger',
  interrupted: 'danger',
  queued: 'warning',
  running: 'warning',
};

/**
 * What a run did, in parts that add up to the records it went over:
 * 'Synced 250 of 379 records: 199 created, 51 updated. 18 failed, 111 held back by the filters.'
 * Synced records are the ones it created or updated (what Last Synced counts); the ones it found
 * unchanged, that failed or that the filters held back are named as such, so a run that changed
 * nothing reads 'None of 243 records synced: 243 unchanged.' A retry says it was one, since it
 * does not move Last Synced.
 */
export function syncOutcome(run: Pick<SyncRun, 'counts' | 'trigger'>): { text: string } {
  return { text: outcomeText(run) };
}

/** syncOutcome's text. */
function outcomeText(run: Pick<SyncRun, 'counts' | 'trigger'>): string {
  const totals = runTotals(run);
  const records = recordsOf(totals);
  const synced = syncedOf(totals);
  const retry = run.trigger === 'retry';
  const kept = [
    totals.unchanged > 0 ? `${formatCount(totals.unchanged)} unchanged` : '',
    totals.failed > 0 ? `${formatCount(totals.failed)} failed` : '',
    totals.skipped > 0 ? `${formatCount(totals.skipped)} held back by the filters` : '',
  ].filter(Boolean);
  if (records === 0) return retry ? 'Retry: no records to sync.' : 'No records to sync.';
  if (synced === 0)
    return `${retry ? 'Retry: none' : 'None'} of ${recordsText(records)} synced: ${kept.join(', ')}.`;
  const parts = (['created', 'updated'] as const)
    .filter((part) => totals[part] > 0)
    .map((part) => `${formatCount(totals[part])} ${part}`)
    .join(', ');
  const whole =
    synced === records ? recordsText(records) : `${formatCount(synced)} of ${recordsText(records)}`;
  const rest = kept.length > 0 ? ` ${kept.join(', ')}.` : '';
  return `${retry ? 'Retry: synced' : 'Synced'} ${whole}: ${parts}.${rest}`;
}

/**
 * The toast of a run that ended: its intent from the run's state (ENDED_INTENT), its text from
 * its counts. A run that failed or was interrupted says what it did, then why it ended; the why
 * of a run that failed because none of its records synced is in its counts already.
 */
export function endedRunToast(run: SyncRun): { intent: ToastIntent; text: string } {
  const intent = ENDED_INTENT[run.state];
  const totals = runTotals(run);
  const counts = recordsOf(totals) > 0 ? outcomeText(run) : '';
  const then = (why: string) => (counts ? `${counts} ${why}` : why);
  if (run.state === 'failed') {
    if (counts && syncedOf(totals) === 0 && totals.failed > 0) return { intent, text: counts };
    return { intent, text: then(run.failure_reason ?? 'The sync failed.') };
  }
  if (run.state === 'interrupted') {
    const why = run.failure_reason
      ? `The sync was interrupted. ${run.failure_reason}`
      : 'The sync was interrupted.';
    return { intent, text: then(why) };
  }
  return { intent, text: outcomeText(run) };
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
