/**
 * Runs syncs in the background, as the product does: `start` records a running SyncRun at once (so
 * a second start is refused and the dashboard can show 'Syncing...'), then after `delayMs` runs the
 * whole sync in ONE store transaction and marks the run finished. A sync that throws leaves the
 * state as it was (the transaction rolls back) and the run is still marked finished.
 */
import type { State, SyncRun } from '../../store/state';
import type { Store } from '../../store/store';
import { runSync } from './run';
import type { SyncDirection } from './types';

/** The delay before a sync runs: SANDBOX_SYNC_DELAY_MS, else 2.5 s so 'Syncing...' is seen. */
const DEFAULT_SYNC_DELAY_MS = 2500;
/** A run unfinished for longer than this was cut short (a restart mid-sync); it no longer blocks. */
const STALE_AFTER_MS = 60_000;

function syncDelayFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.SANDBOX_SYNC_DELAY_MS);
  return env.SANDBOX_SYNC_DELAY_MS !== undefined && Number.isFinite(value) && value >= 0
    ? value
    : DEFAULT_SYNC_DELAY_MS;
}

/** The tenant's sync in progress, if any. */
export function runningSync(state: State, tenantId: number, now: Date): SyncRun | undefined {
  return state.syncRuns.find(
    (run) =>
      run.tenantId === tenantId &&
      run.finishedAt === null &&
      now.getTime() - Date.parse(run.startedAt) < STALE_AFTER_MS,
  );
}

export interface SyncRunner {
  /** Starts a sync of the tenant in the background; false when one is already running. */
  start(tenantId: number, direction: SyncDirection): boolean;
  /** Resolves when every sync started so far has finished (tests, shutdown). */
  idle(): Promise<void>;
}

export function createSyncRunner(
  store: Store,
  options: { delayMs?: number; now?: () => Date } = {},
): SyncRunner {
  const delayMs = options.delayMs ?? syncDelayFromEnv();
  const now = options.now ?? (() => new Date());
  const pending = new Set<Promise<void>>();
  // A run left unfinished by a previous process (stopped mid-sync) can never finish: close it.
  if (store.state.syncRuns.some((run) => run.finishedAt === null))
    store.transact((draft) => {
      for (const run of draft.syncRuns) run.finishedAt ??= now().toISOString();
    });

  const finish = (startedAt: string, tenantId: number) => (draft: State) => {
    const run = draft.syncRuns.find(
      (row) => row.tenantId === tenantId && row.startedAt === startedAt && row.finishedAt === null,
    );
    if (run) run.finishedAt = now().toISOString();
  };

  return {
    start(tenantId, direction) {
      const startedAt = now().toISOString();
      const started = store.transact((draft) => {
        if (runningSync(draft, tenantId, now())) return false;
        // Only the latest runs are kept: the history of syncs is in the stats and the log.
        draft.syncRuns = draft.syncRuns.filter(
          (run) => run.tenantId !== tenantId || run.finishedAt === null,
        );
        draft.syncRuns.push({ tenantId, direction, startedAt, finishedAt: null });
        return true;
      });
      if (!started) return false;
      const job = new Promise<void>((resolve) => {
        setTimeout(() => {
          try {
            store.transact((draft) => {
              runSync(draft, tenantId, direction, now());
              finish(startedAt, tenantId)(draft);
            });
          } catch (error) {
            console.error(`sandbox: the sync of tenant ${tenantId} failed`, error);
            store.transact(finish(startedAt, tenantId));
          }
          resolve();
        }, delayMs);
      });
      pending.add(job);
      void job.then(() => pending.delete(job));
      return true;
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
