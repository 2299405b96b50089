// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { buildSeed } from '../../seed/seed';
import type { State } from '../../store/state';
import { testStore } from '../../test-sandbox';
import { evaluateRecord, runSync } from './run';
import { createSyncRunner } from './runner';
import { activeRun, queueRun, runAtOnce } from './runs';
import { totalSynced } from './stats';

const ACME = 1;
const NOW = new Date('2026-03-05T10:00:00Z');
const errorsOf = (state: State, salesforceId: string) =>
  state.syncErrors.filter((row) => row.tenantId === ACME && row.salesforce_id === salesforceId);

describe('runSync over the seeded Acme org', () => {
  it('drops the errors the seeded overrides fix and keeps the others', () => {
    const state = buildSeed();
    runSync(state, ACME, 'both', NOW);
    // Overrides 44 (revenue) and 45 (date) fix errors 1 and 7; the website dummy (mapping 7) fixes 8.
    for (const fixed of ['0065g00000XyZ12AAB', '0065g00000XyZ90AAB', '0065g00000XyZ91AAB'])
      expect(errorsOf(state, fixed)).toEqual([]);
    expect(errorsOf(state, '0065g00000XyZ34AAB')[0]?.error_type).toBe(
      'Picklist Standard Value Error',
    );
    expect(errorsOf(state, '0065g00000XyZ56AAB')[0]?.error_type).toBe('Order of Operations Error');
    expect(errorsOf(state, '00Q5g00000ABCDeEAF')[0]?.error_type).toBe(
      'Picklist Standard Value Error',
    );
    expect(errorsOf(state, '00Q5g00000EFGHiIAJ')[0]?.error_type).toBe('General ACE Error');
    expect(errorsOf(state, '0065g00000XyZ78AAB')[0]).toMatchObject({
      error_type: 'Record Not Found Error',
      sync_direction: 'aws_to_salesforce',
      entity_url: null,
    });
    const types = new Set(
      state.syncErrors.filter((row) => row.tenantId === ACME).map((row) => row.error_type),
    );
    expect(types.size).toBe(5);
  });

  it('records each error with the Salesforce URL, the name and the time, and logs it', () => {
    const state = buildSeed();
    const logsBefore = state.syncLogs.length;
    const summary = runSync(state, ACME, 'salesforce_to_aws', NOW);
    const [initech] = errorsOf(state, '0065g00000XyZ34AAB');
    expect(initech).toMatchObject({
      name: 'Initech - SAP on AWS',
      entity_url: 'https://acme.my.salesforce.com/lightning/r/Opportunity/0065g00000XyZ34AAB/view',
      created_at: '2026-03-05T10:00:00Z',
      sync_direction: 'salesforce_to_aws',
    });
    expect(state.syncLogs.length).toBe(logsBefore + summary.errors);
    expect(state.syncLogs[0]?.created_at).toBe('2026-03-05T10:00:00Z');
    // A one-way sync leaves the other direction's open errors alone.
    expect(errorsOf(state, '0065g00000XyZ78AAB')).toHaveLength(1);
  });

  it('an override that does not fix the error keeps it, with ACE message', () => {
    const state = buildSeed();
    state.overrides = state.overrides.map((row) =>
      row.aws_ace_attribute === 44 ? { ...row, dummy_value: 'lots' } : row,
    );
    runSync(state, ACME, 'both', NOW);
    const [error] = errorsOf(state, '0065g00000XyZ12AAB');
    expect(error?.error_type_description).toBe(
      "ValidationException: Project.ExpectedMonthlyAWSRevenue.Amount 'lots' is not a valid number (INVALID_VALUE)",
    );
    // The saved value follows the record's new error, so the table still shows it, pending.
    expect(state.overrides.find((row) => row.aws_ace_attribute === 44)).toMatchObject({
      sync_error_id: error?.id,
      status: 'pending',
      used_at: null,
    });
  });

  it('moves Last Synced to the created and updated records, and Total Synced by the created ones', () => {
    const state = buildSeed();
    const before = totalSynced(state, ACME);
    const queued = queueRun(state, ACME, { trigger: 'manual', direction: 'both' }, NOW);
    runAtOnce(state, queued.id, NOW);
    const { counts } = state.syncRuns.find((row) => row.id === queued.id)!;
    const after = state.stats.find((row) => row.tenantId === ACME)!;
    for (const entity of ['lead', 'opportunity'] as const) {
      expect(after.last_synced[entity]).toBe(counts[entity].created + counts[entity].updated);
      expect(after.last_unchanged[entity]).toBe(counts[entity].unchanged);
      // Updated and unchanged records were in ACE already: only the created ones add.
      expect(totalSynced(state, ACME)[entity]).toBe(before[entity] + counts[entity].created);
    }
    expect(counts.lead.created).toBeGreaterThan(20);
    expect(counts.opportunity.updated).toBeGreaterThan(20);
    expect(after.last_synced_date).toBe('2026-03-05T10:00:00Z');
  });

  it('takes a record ACE deleted on its side away from Total Synced', () => {
    const state = buildSeed();
    const before = totalSynced(state, ACME);
    const held = state.ace['1']!.find((row) => !row.deleted && row.entity === 'Opportunity')!;
    held.deleted = true;
    expect(totalSynced(state, ACME)).toEqual({ ...before, opportunity: before.opportunity - 1 });
  });

  it('a filter narrows what is processed', () => {
    const open = buildSeed();
    open.filters = [];
    const everything = runSync(open, ACME, 'salesforce_to_aws', NOW);
    const seeded = runSync(buildSeed(), ACME, 'salesforce_to_aws', NOW);
    expect(seeded.skippedByFilters).toBeGreaterThan(0);
    expect(seeded.synced.opportunity).toBeLessThan(everything.synced.opportunity);
    expect(everything.skippedByFilters).toBe(0);
  });

  it('marks opportunities that reach Launched as unread launches, once', () => {
    const state = buildSeed();
    const summary = runSync(state, ACME, 'both', NOW);
    expect(summary.launched.length).toBeGreaterThan(0);
    const unread = state.launches.filter(
      (row) => row.tenantId === ACME && !row.read && row.salesforceId,
    );
    expect(unread.map((row) => row.name).sort()).toEqual([...summary.launched].sort());
    expect(runSync(state, ACME, 'both', new Date('2026-03-06T10:00:00Z')).launched).toEqual([]);
  });

  it('previews one record through the same path as the sync', () => {
    const state = buildSeed();
    const record = state.salesforce['1']!.find((row) => row.Id === '0065g00000XyZ34AAB')!;
    const outcome = evaluateRecord(state, ACME, record);
    expect(outcome.passesFilters).toBe(true);
    expect(outcome.problems.map((problem) => problem.error_type)).toEqual([
      'Picklist Standard Value Error',
    ]);
  });

  it('gives Globex its own seeded history: a first manual sync, then the schedule', () => {
    const state = buildSeed();
    expect(state.syncErrors.some((row) => row.tenantId === 2)).toBe(true);
    const runs = state.syncRuns.filter((row) => row.tenantId === 2);
    expect(runs[0]).toMatchObject({ trigger: 'manual', queued_at: '2026-02-27T09:00:00Z' });
    expect(runs.slice(1).every((row) => row.trigger === 'scheduled')).toBe(true);
    expect(runs.slice(1).map((row) => row.queued_at.slice(10))).toEqual(
      runs.slice(1).map((_, index) => (index % 2 === 0 ? 'T12:00:00Z' : 'T00:00:00Z')),
    );
    expect(state.stats.find((row) => row.tenantId === 2)?.last_synced_date).toBe(
      runs.at(-1)?.finished_at,
    );
    expect(
      state.syncErrors
        .filter((row) => row.tenantId === 2)
        .every((row) => row.entity_url?.startsWith('https://globex.') ?? true),
    ).toBe(true);
  });

  it('generates the same org every time, fast', () => {
    const started = performance.now();
    const again = buildSeed();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(again.salesforce['1']?.map((row) => row.Id)).toEqual(
      buildSeed().salesforce['1']?.map((row) => row.Id),
    );
    expect(again.salesforce['1']?.every((row) => row.Id.length === 18)).toBe(true);
  });
});

describe("a run's figures add up", () => {
  const parts = (counts: State['syncRuns'][number]['counts']) =>
    (['lead', 'opportunity'] as const).reduce(
      (sum, entity) =>
        sum +
        counts[entity].created +
        counts[entity].updated +
        counts[entity].unchanged +
        counts[entity].skipped +
        counts[entity].failed,
      0,
    );
  const run = (state: State, options: Parameters<typeof queueRun>[2], at = NOW) => {
    const queued = queueRun(state, ACME, options, at);
    runAtOnce(state, queued.id, at);
    return state.syncRuns.find((row) => row.id === queued.id)!;
  };
  const stats = (state: State) => state.stats.find((row) => row.tenantId === ACME)!;

  it('counts each record once, in exactly one part, and Last Synced counts the synced ones', () => {
    const state = buildSeed();
    const done = run(state, { trigger: 'manual', direction: 'both' });
    const org = state.salesforce['1']!.length;
    // Every record of the org, plus the one ACE holds that Salesforce no longer has.
    expect(done.total).toBe(org + 1);
    expect(done.processed).toBe(done.total);
    expect(parts(done.counts)).toBe(done.total);
    for (const entity of ['lead', 'opportunity'] as const) {
      const { created, updated, unchanged } = done.counts[entity];
      expect(stats(state).last_synced[entity]).toBe(created + updated);
      expect(stats(state).last_unchanged[entity]).toBe(unchanged);
    }
    expect(done.counts.opportunity.skipped + done.counts.lead.skipped).toBeGreaterThan(0);
    // Failed counts records, not errors: one record may raise several.
    const failedRecords = new Set(
      state.syncErrors.filter((row) => row.runId === done.id).map((row) => row.salesforce_id),
    );
    expect(done.counts.lead.failed + done.counts.opportunity.failed).toBe(failedRecords.size);
  });

  it('names the records that were already the same in ACE unchanged on the next sync', () => {
    const state = buildSeed();
    const first = run(state, { trigger: 'manual', direction: 'both' });
    const second = run(
      state,
      { trigger: 'manual', direction: 'both' },
      new Date('2026-03-05T11:00:00Z'),
    );
    expect(second.total).toBe(first.total);
    expect(second.counts.lead.created + second.counts.opportunity.created).toBe(0);
    expect(second.counts.lead.updated + second.counts.opportunity.updated).toBe(0);
    expect(second.counts.lead.unchanged + second.counts.opportunity.unchanged).toBe(
      first.counts.lead.created +
        first.counts.lead.updated +
        first.counts.lead.unchanged +
        first.counts.opportunity.created +
        first.counts.opportunity.updated +
        first.counts.opportunity.unchanged,
    );
    expect(parts(second.counts)).toBe(second.total);
  });

  it('a one-way check of what ACE holds counts each held record once', () => {
    const state = buildSeed();
    const held = state.ace['1']!.filter((row) => !row.deleted).length;
    const done = run(state, { trigger: 'manual', direction: 'aws_to_salesforce' });
    expect(done.total).toBe(held);
    expect(parts(done.counts)).toBe(held);
  });

  it('a retry adds its created records to Total Synced and leaves the last full sync on Last Synced', () => {
    const state = buildSeed();
    run(state, { trigger: 'manual', direction: 'both' });
    const full = structuredClone(stats(state));
    const totalBefore = totalSynced(state, ACME);
    const failing = state.syncErrors.find(
      (row) => row.tenantId === ACME && row.sync_direction === 'salesforce_to_aws',
    )!;
    const retry = run(
      state,
      { trigger: 'retry', direction: 'salesforce_to_aws', records: [failing.salesforce_id] },
      new Date('2026-03-05T12:00:00Z'),
    );
    expect(retry.total).toBe(1);
    expect(parts(retry.counts)).toBe(1);
    expect(stats(state).last_synced).toEqual(full.last_synced);
    expect(stats(state).last_synced_date).toBe(full.last_synced_date);
    expect(stats(state).last_unchanged).toEqual(full.last_unchanged);
    expect(totalSynced(state, ACME)).toEqual({
      lead: totalBefore.lead + retry.counts.lead.created,
      opportunity: totalBefore.opportunity + retry.counts.opportunity.created,
    });
  });
});

describe('the background runner', () => {
  it('records a running sync, refuses a second one, then runs it', async () => {
    const store = testStore({ seed: buildSeed });
    const runner = createSyncRunner(store, { delayMs: 0, now: () => NOW });
    expect(runner.start(ACME, 'both')).toBe(true);
    expect(activeRun(store.state, ACME)).toBeDefined();
    expect(runner.start(ACME, 'both')).toBe(false);
    await runner.idle();
    expect(activeRun(store.state, ACME)).toBeUndefined();
    expect(store.state.stats.find((row) => row.tenantId === ACME)?.last_synced_date).toBe(
      '2026-03-05T10:00:00Z',
    );
  });
});

describe('a restart mid-sync', () => {
  it('marks the run the previous process left unfinished interrupted, with its reason', async () => {
    const store = testStore({ seed: buildSeed });
    const runId = store.transact((draft) => {
      const run = queueRun(draft, ACME, { trigger: 'manual', direction: 'both' }, NOW);
      Object.assign(run, {
        state: 'running',
        started_at: '2026-03-05T10:00:00Z',
        processed: 120,
        total: 380,
      });
      return run.id;
    });
    const runner = createSyncRunner(store, { delayMs: 0, now: () => NOW });
    expect(activeRun(store.state, ACME)).toBeUndefined();
    expect(store.state.syncRuns.find((run) => run.id === runId)).toMatchObject({
      state: 'interrupted',
      phase: 'done',
      finished_at: '2026-03-05T10:00:00Z',
      failure_reason:
        'The sync service restarted during the run; 120 of 380 records were processed. Start a sync to process the rest.',
    });
    expect(runner.start(ACME, 'both')).toBe(true);
    await runner.idle();
  });
});
