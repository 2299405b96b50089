import type { SyncRun } from '@generated/api/model';
import type { SandboxBackend } from '@tests/sandbox-backend';

const ACME = 1;

/**
 * A run's counts from [created, updated, unchanged, skipped, failed] per entity, missing parts 0:
 * `runCounts([2, 6], [0, 3])`.
 */
export function runCounts(lead: number[], opportunity: number[]): SyncRun['counts'] {
  const of = ([created = 0, updated = 0, unchanged = 0, skipped = 0, failed = 0]: number[]) => ({
    created,
    updated,
    unchanged,
    skipped,
    failed,
  });
  return { lead: of(lead), opportunity: of(opportunity) };
}

/** A finished manual run of Acme with the given counts (zero elsewhere). */
export function aRun(overrides: Partial<SyncRun> = {}): SyncRun {
  return {
    id: 1,
    trigger: 'manual',
    direction: 'both',
    state: 'succeeded',
    phase: 'done',
    started_at: '2026-03-02T12:00:00Z',
    finished_at: '2026-03-02T12:00:06Z',
    processed: 0,
    total: 0,
    failure_reason: null,
    ...overrides,
    counts: { ...runCounts([], []), ...overrides.counts },
  };
}

/**
 * The seed's runs are dated up to March 2026: moves Acme's runs so that its last one ended an
 * hour ago, and the 30-day window of the history (asked of the sandbox now) holds them.
 */
export function acmeRunsUpToNow(backend: SandboxBackend): void {
  backend.store.transact((draft) => {
    const runs = draft.syncRuns.filter((run) => run.tenantId === ACME);
    const last = Math.max(...runs.map((run) => Date.parse(run.finished_at ?? run.queued_at)));
    const shift = Date.now() - 3_600_000 - last;
    const moved = (value: string) =>
      new Date(Date.parse(value) + shift).toISOString().replace(/\.\d{3}Z$/, 'Z');
    for (const run of runs) {
      run.queued_at = moved(run.queued_at);
      if (run.started_at) run.started_at = moved(run.started_at);
      if (run.finished_at) run.finished_at = moved(run.finished_at);
    }
  });
}

/** Acme has no run in the last 30 days (the seed's are older, but a test must not rely on that). */
export function acmeWithoutRuns(backend: SandboxBackend): void {
  backend.store.transact((draft) => {
    draft.syncRuns = draft.syncRuns.filter((run) => run.tenantId !== ACME);
  });
}
