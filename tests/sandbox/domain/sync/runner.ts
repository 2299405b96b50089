/**
 * Runs syncs in the background, as the product does. A run is queued (startSync, retrySyncErrors,
 * or `start` here), stays queued for `delayMs`, then goes in batches at `rate` records per second,
 * each batch in its own store transaction that also moves the run's progress (processed of total,
 * phase, counts), so every reader sees it advance. The last batch ends the sync (errors, stats)
 * and the run. A batch that throws leaves the state as the previous batch left it and ends the run
 * `failed`, with the error as its reason.
 *
 *   SANDBOX_SYNC_DELAY_MS  how long a run stays queued (default 0)
 *   SANDBOX_SYNC_RATE      records per second (default 60: the seeded Acme org, about 380 records
 *                          both ways, syncs in about 6 s); 0 = no pacing
 *
 * With no pacing a batch is sized to take about 50 ms and the next one starts on the next turn of
 * the event loop, so requests are still served during a long run; with pacing a batch is what the
 * rate gives in 200 ms, so progress moves five times a second. The store groups the
 * snapshot writes of the batches (store.ts), so it is not what limits the pace.
 */
import type { Schemas } from '../../contract';
import type { Store } from '../../store/store';
import type { Mail } from '../outbox';
import { planSync, syncBatch, type SyncJob } from './run';
import {
  activeRun,
  completeRun,
  interruptRuns,
  queueRun,
  runProgressed,
  runStarted,
  runStopped,
} from './runs';
import type { SyncDirection } from './types';

/** The default pace: the seeded Acme org (about 380 records both ways) syncs in about 6 s. */
const DEFAULT_SYNC_RATE = 60;
const TICK_MS = 200;
/**
 * Without pacing, a batch is sized to take about this long: coarse enough that the store (one
 * transaction and one journal line per batch) is not the bottleneck, short enough that requests
 * are still served between batches. A call through the stack waits for a batch at the front door
 * and again at the sandbox (one event loop): at 200 ms a batch, a dashboard following a run at
 * --scale 100000 saw its progress stand still for 3-5 s.
 */
const UNPACED_BATCH_MS = 50;
const UNPACED_FIRST_BATCH = 5000;

function numberFromEnv(value: string | undefined, fallback: number): number {
  const number = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(number) && number >= 0
    ? number
    : fallback;
}

/** SANDBOX_SYNC_RATE, else the default pace. */
export function syncRateFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  return numberFromEnv(env.SANDBOX_SYNC_RATE, DEFAULT_SYNC_RATE);
}

export interface SyncRunner {
  /**
   * Runs the tenant's queued run in the background; with none queued, queues a run of `direction`
   * started by `trigger` (manual unless said: the schedule starts `scheduled` ones) first. False
   * when the tenant's run is already under way.
   */
  start(tenantId: number, direction: SyncDirection, trigger?: Schemas['SyncRunTrigger']): boolean;
  /** Resolves when every sync started so far has finished (tests, shutdown). */
  idle(): Promise<void>;
  /**
   * Drops every run under way, for a store that went back to the seed: their ids are given out
   * again, so a run of before must neither go on nor keep a new run of the same id from starting.
   */
  reset(): void;
}

export function createSyncRunner(
  store: Store,
  options: {
    delayMs?: number;
    rate?: number;
    now?: () => Date;
    onMail?: (mail: Mail) => void;
    /** Told after a run's end commits: it may have queued webhook deliveries to send. */
    onEvents?: () => void;
  } = {},
): SyncRunner {
  const delayMs = options.delayMs ?? numberFromEnv(process.env.SANDBOX_SYNC_DELAY_MS, 0);
  // Without a rate, no pacing: in-process tests stay fast (server.ts passes the pace it runs at).
  const rate = options.rate ?? 0;
  const now = options.now ?? (() => new Date());
  const pending = new Set<Promise<void>>();
  /** Runs this runner has taken on, since the last reset. */
  const taken = new Set<number>();
  /** Counts the resets: a run taken on before the last one goes no further. */
  let generation = 0;
  /** Tells of what an ended run's transaction wrote, once it has committed. */
  const told = (mails: Mail[]) => {
    for (const mail of mails) options.onMail?.(mail);
    options.onEvents?.();
  };
  // A run left queued or running by a previous process (stopped mid-sync) can never finish.
  if (store.state.syncRuns.some((run) => run.state === 'queued' || run.state === 'running'))
    told(store.transact((draft) => interruptRuns(draft, now())));

  const pacedBatch = Math.max(1, Math.round((rate * TICK_MS) / 1000));
  const later = (step: () => void, ms: number) =>
    ms > 0 || rate > 0 ? setTimeout(step, ms) : setImmediate(step);

  const execute = (runId: number, tenantId: number, resolve: () => void) => {
    const takenIn = generation;
    let job: SyncJob;
    let batchSize = rate > 0 ? pacedBatch : UNPACED_FIRST_BATCH;
    const fail = (error: unknown) => {
      const why = error instanceof Error ? error.message : String(error);
      console.error(`sandbox: the sync run ${runId} of tenant ${tenantId} failed: ${why}`);
      told(
        store.transact((draft) =>
          runStopped(draft, runId, now(), `The sync stopped on an error: ${why}`),
        ),
      );
      resolve();
    };
    const step = () => {
      // A run that is no longer running (another runner, after a restart, ended it), or that the
      // store's reset dropped, goes no further.
      if (
        takenIn !== generation ||
        store.state.syncRuns.find((row) => row.id === runId)?.state !== 'running'
      )
        return resolve();
      try {
        const began = performance.now();
        const { done, mails } = store.transact((draft) => {
          const finished = syncBatch(draft, job, batchSize);
          runProgressed(draft, job);
          return {
            done: finished,
            mails: finished ? completeRun(draft, job, runId, now()) : [],
          };
        });
        // Told once the run's end (and its alerts) has committed, as every other mail.
        if (done) told(mails);
        if (rate === 0) {
          const took = Math.max(1, performance.now() - began);
          batchSize = Math.min(
            100_000,
            Math.max(500, Math.round((batchSize * UNPACED_BATCH_MS) / took)),
          );
        }
        if (done) resolve();
        else later(step, rate > 0 ? TICK_MS : 0);
      } catch (error) {
        fail(error);
      }
    };
    try {
      const run = store.state.syncRuns.find((row) => row.id === runId);
      if (takenIn !== generation || !run || run.state !== 'queued') return resolve();
      job = planSync(store.state, tenantId, run.direction, now(), {
        runId,
        records: run.records,
      });
      store.transact((draft) => runStarted(draft, job, now()));
      later(step, rate > 0 ? TICK_MS : 0);
    } catch (error) {
      fail(error);
    }
  };

  return {
    start(tenantId, direction, trigger = 'manual') {
      const runId = store.transact((draft) => {
        const active = activeRun(draft, tenantId);
        if (active) return active.state === 'queued' && !taken.has(active.id) ? active.id : null;
        return queueRun(draft, tenantId, { trigger, direction }, now()).id;
      });
      if (runId === null) return false;
      taken.add(runId);
      const takenIn = generation;
      const job = new Promise<void>((resolve) => {
        later(
          () => (takenIn === generation ? execute(runId, tenantId, resolve) : resolve()),
          delayMs,
        );
      });
      pending.add(job);
      void job.then(() => pending.delete(job));
      return true;
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    reset() {
      generation += 1;
      taken.clear();
    },
  };
}
