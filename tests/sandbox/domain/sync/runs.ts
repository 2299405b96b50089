/**
 * Sync runs: the tenant's history of runs (the contract's SyncRun), one queued or running at a
 * time per tenant, kept for 30 days (at most 500 per tenant). A run is queued by startSync or
 * retrySyncErrors, then the runner moves it through its phases batch by batch (`runStarted`,
 * `runProgressed`, `runEnded`). A run still queued or running when the sandbox starts was cut
 * short by a stop: `interruptRuns` ends it, with its reason, so no run stays running forever.
 */
import type { Schemas } from '../../contract';
import { nextId, type State, type SyncRunRow } from '../../store/state';
import { alertsAfterRun } from '../alerts';
import { Conflict, notFound } from '../failure';
import type { Mail } from '../outbox';
import { errorCauses } from './causes';
import {
  finishSync,
  jobPhase,
  jobTotal,
  planSync,
  syncBatch,
  zeroCounts,
  type SyncJob,
} from './run';
import type { SyncDirection } from './types';

/** Runs older than this many days are forgotten when a new one is queued. */
export const RUNS_KEPT_DAYS = 30;
/** At most this many runs are kept per tenant (the newest). */
export const RUNS_KEPT_PER_TENANT = 500;
const DAY_MS = 86_400_000;

/** startSync's refusal, and retrySyncErrors': one run per tenant at a time. */
export const ALREADY_RUNNING = 'A sync is already in progress for this tenant. Try again later.';

/** ISO date-time without milliseconds, as the contract's examples write them. */
const stamp = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

const isActive = (run: Pick<SyncRunRow, 'state'>) =>
  run.state === 'queued' || run.state === 'running';

/** The tenant's run that is queued or running, if any. */
export function activeRun(state: State, tenantId: number): SyncRunRow | undefined {
  return state.syncRuns.find((run) => run.tenantId === tenantId && isActive(run));
}

/** A run as the contract gives it. */
export function runView(run: SyncRunRow): Schemas['SyncRun'] {
  const {
    tenantId: _tenant,
    queued_at: _queued,
    records: _records,
    activity_mark: _mark,
    ...view
  } = run;
  return {
    ...view,
    counts: { lead: { ...run.counts.lead }, opportunity: { ...run.counts.opportunity } },
  };
}

/**
 * Queues a run of the tenant (refused with the contract's 400 while one is queued or running),
 * and forgets the tenant's runs older than 30 days or beyond the newest 500.
 */
export function queueRun(
  draft: State,
  tenantId: number,
  options: { trigger: Schemas['SyncRunTrigger']; direction: SyncDirection; records?: string[] },
  now: Date,
): SyncRunRow {
  if (activeRun(draft, tenantId)) throw new Conflict(ALREADY_RUNNING);
  const oldest = now.getTime() - RUNS_KEPT_DAYS * DAY_MS;
  const ofTenant = draft.syncRuns
    .filter((run) => run.tenantId === tenantId)
    .sort((a, b) => b.id - a.id);
  const kept = ofTenant
    .filter((run) => Date.parse(run.queued_at) >= oldest)
    .slice(0, RUNS_KEPT_PER_TENANT - 1);
  const keptIds = new Set(kept.map((run) => run.id));
  // The newest run past the 30 days stays as the run before the oldest one listed: an ended run's
  // changes_before counts from it, and must not grow to "every change ever" once it ages out.
  // Older than the 30 days, it is never listed (listRuns asks at most that far back).
  const anchor = ofTenant.find((run) => !keptIds.has(run.id) && Date.parse(run.queued_at) < oldest);
  if (anchor && kept.length < RUNS_KEPT_PER_TENANT - 1) keptIds.add(anchor.id);
  draft.syncRuns = draft.syncRuns.filter((run) => run.tenantId !== tenantId || keptIds.has(run.id));
  const run: SyncRunRow = {
    id: nextId(draft, 'syncRuns'),
    tenantId,
    trigger: options.trigger,
    direction: options.direction,
    state: 'queued',
    phase: 'not_started',
    queued_at: stamp(now),
    started_at: null,
    finished_at: null,
    processed: 0,
    total: 0,
    failure_reason: null,
    counts: zeroCounts(),
    records: options.records ?? null,
    activity_mark: draft.activity.at(-1)?.id ?? 0,
  };
  draft.syncRuns.push(run);
  return run;
}

/**
 * The tenant's runs queued within the last `days` days, newest first; `changes` adds what changed
 * between the run before (queued earlier, even beyond `days`) and each run.
 */
export function listRuns(
  state: State,
  tenantId: number,
  days: number,
  now: Date,
  changes?: (run: SyncRunRow, previous: SyncRunRow | undefined) => Schemas['SyncRunChanges'],
): Schemas['SyncRun'][] {
  // Runs are kept for RUNS_KEPT_DAYS: one older than that is only the run before the oldest
  // (queueRun), never listed, whatever `days` asks.
  const since = now.getTime() - Math.min(days, RUNS_KEPT_DAYS) * DAY_MS;
  const all = state.syncRuns
    .filter((run) => run.tenantId === tenantId)
    .sort((a, b) => b.queued_at.localeCompare(a.queued_at) || b.id - a.id);
  return all.flatMap((run, index) => {
    if (Date.parse(run.queued_at) < since) return [];
    const view = runView(run);
    if (!changes) return [view];
    return [{ ...view, changes_before: changes(run, all[index + 1]) }];
  });
}

/** One run of the tenant; another tenant's run, like a missing one, is not found. */
export function findRun(state: State, tenantId: number, id: number): SyncRunRow {
  const run = state.syncRuns.find((row) => row.id === id && row.tenantId === tenantId);
  if (!run) throw notFound();
  return run;
}

function runOf(draft: State, runId: number): SyncRunRow | undefined {
  return draft.syncRuns.find((row) => row.id === runId);
}

/** The run starts: it knows its total. */
export function runStarted(draft: State, job: SyncJob, now: Date): void {
  const run = job.runId === null ? undefined : runOf(draft, job.runId);
  if (!run) return;
  Object.assign(run, {
    state: 'running',
    started_at: stamp(now),
    total: jobTotal(job),
    phase: jobPhase(job),
  });
}

/** After a batch: how far the run is, and its counts so far. */
export function runProgressed(draft: State, job: SyncJob): void {
  const run = job.runId === null ? undefined : runOf(draft, job.runId);
  if (!run) return;
  run.processed = job.cursor;
  run.phase = jobPhase(job);
  run.counts = {
    lead: { ...job.counts.lead },
    opportunity: { ...job.counts.opportunity },
  };
}

const COUNT = new Intl.NumberFormat('en-US');

/** A run's counts of one kind of outcome, over both entities. */
const sumOf = (
  counts: Schemas['SyncRunCounts'],
  parts: readonly (keyof Schemas['SyncRunEntityCounts'])[],
) => parts.reduce((sum, part) => sum + counts.lead[part] + counts.opportunity[part], 0);

/**
 * Why a run failed in which records failed and none synced, in words for the user: 'None of the
 * 140 records synced: 140 failed.' (store/snapshot.ts words the runs it migrates alike).
 */
export function noneSyncedReason(counts: Schemas['SyncRunCounts']): string {
  const all = sumOf(counts, ['created', 'updated', 'unchanged', 'skipped', 'failed']);
  if (all === 1) return 'The one record did not sync: it failed.';
  const skipped = sumOf(counts, ['skipped']);
  const held = skipped > 0 ? `, ${COUNT.format(skipped)} held back by the filters` : '';
  return `None of the ${COUNT.format(all)} records synced: ${COUNT.format(sumOf(counts, ['failed']))} failed${held}.`;
}

/**
 * How a run that went through every record ended, from its counts: one outcome per run, so the
 * history, the dialog, the toast, the mail and the webhook all say the same. Succeeded when no
 * record failed (a run whose records were all held back by the filters, or that had none,
 * included); completed_with_failures when some failed and some synced (created, updated or
 * unchanged); failed, with the reason in words, when records failed and none synced.
 */
export function endedState(counts: Schemas['SyncRunCounts']): {
  state: 'succeeded' | 'completed_with_failures' | 'failed';
  failure_reason: string | null;
} {
  if (sumOf(counts, ['failed']) === 0) return { state: 'succeeded', failure_reason: null };
  if (sumOf(counts, ['created', 'updated', 'unchanged']) > 0)
    return { state: 'completed_with_failures', failure_reason: null };
  return { state: 'failed', failure_reason: noneSyncedReason(counts) };
}

/**
 * The run ends: with `failure`, failed for that reason (it stopped on a fault); without, as its
 * counts say (`endedState`).
 */
export function runEnded(
  draft: State,
  runId: number,
  now: Date,
  failure: string | null = null,
): void {
  const run = runOf(draft, runId);
  if (!run || !isActive(run)) return;
  Object.assign(run, {
    ...(failure === null ? endedState(run.counts) : { state: 'failed', failure_reason: failure }),
    phase: 'done',
    finished_at: stamp(now),
  });
  run.started_at ??= run.finished_at;
}

/** The alerts (and webhooks) of a run that ended without finishing: no causes, no launches. */
function alertStopped(draft: State, run: SyncRunRow, now: Date): Mail[] {
  return alertsAfterRun(
    draft,
    { run, tenantId: run.tenantId, newCauses: () => [], launched: [] },
    now,
  );
}

/**
 * A run that stopped on an error ends `failed` with its reason, and is alerted as a run that did
 * not finish (domain/alerts.ts). Returns the mails written.
 */
export function runStopped(draft: State, runId: number, now: Date, reason: string): Mail[] {
  const run = runOf(draft, runId);
  if (!run || !isActive(run)) return [];
  runEnded(draft, runId, now, reason);
  return alertStopped(draft, run, now);
}

/**
 * Ends every run left queued or running by a previous process (a stop or a crash mid-sync): the
 * runner that would have finished it is gone. Each is alerted as a run that did not finish.
 * Returns the mails written.
 */
export function interruptRuns(draft: State, now: Date): Mail[] {
  const mails: Mail[] = [];
  for (const run of draft.syncRuns) {
    if (!isActive(run)) continue;
    run.failure_reason =
      run.state === 'queued'
        ? 'The sync service restarted before the run started. Start a sync again.'
        : `The sync service restarted during the run; ${run.processed} of ${run.total} records were processed. Start a sync to process the rest.`;
    run.state = 'interrupted';
    run.phase = 'done';
    run.finished_at = stamp(now);
    mails.push(...alertStopped(draft, run, now));
  }
  return mails;
}

/**
 * The end of a run that went through, in one transaction: the sync's errors and stats
 * (finishSync), the run's end, then the alerts the tenant's users asked for (domain/alerts.ts).
 * The one way a run finishes (the runner and runAtOnce), so every finished run is alerted alike.
 * Returns the mails written.
 */
export function completeRun(draft: State, job: SyncJob, runId: number, now: Date): Mail[] {
  const summary = finishSync(draft, job, now);
  runEnded(draft, runId, now);
  const run = runOf(draft, runId);
  if (!run) return [];
  const before = job.causesBefore;
  return alertsAfterRun(
    draft,
    {
      run,
      tenantId: job.tenantId,
      newCauses: () =>
        before === null
          ? []
          : errorCauses(draft, job.tenantId).filter((cause) => !before.has(cause.id)),
      launched: summary.launched,
    },
    now,
  );
}

/** Runs a queued run whole, in the caller's transaction (a bare app with no runner; the seed). */
export function runAtOnce(draft: State, runId: number, now: Date, finishedAt: Date = now): void {
  const run = runOf(draft, runId);
  if (!run) throw new Error(`runAtOnce: no run ${runId}`);
  const job = planSync(draft, run.tenantId, run.direction, now, { runId, records: run.records });
  runStarted(draft, job, now);
  syncBatch(draft, job, Infinity);
  runProgressed(draft, job);
  completeRun(draft, job, runId, finishedAt);
}
