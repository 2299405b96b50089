// @vitest-environment node
/**
 * Sync runs through the API: a run's progress as it goes, one run per tenant, the history, the
 * errors grouped by cause, and a retry of exactly the chosen records.
 */
import { describe, expect, it } from 'vitest';

import type { Schemas } from '../contract';
import { createSyncRunner } from '../domain/sync/runner';
import { activeRun } from '../domain/sync/runs';
import { signIn, type ApiClient } from '../test-client';
import { testSandbox } from '../test-sandbox';

const SF = '/api/v1/salesforce';
type Run = Schemas['SyncRun'];
type Cause = Schemas['SyncErrorCause'];

async function sandboxWith(options: Parameters<typeof testSandbox>[0] = {}) {
  const sandbox = testSandbox({ inMemory: true, syncDelayMs: 0, ...options });
  const dana = await signIn(sandbox.app, 'dana.whitfield@acme-cloud.com');
  return { ...sandbox, dana };
}

const startSync = (client: ApiClient, subdomain = 'acme') =>
  client.post(`${SF}/data-mappings/sync-data/`, { tenant_sub_domain: subdomain });

const runOf = async (client: ApiClient, id: number) =>
  (await client.get(`${SF}/sync-runs/${id}/`)).body as Run;

const causesOf = async (client: ApiClient) =>
  (await client.get(`${SF}/data-mappings/sync-errors/causes/`)).body as {
    count: number;
    results: Cause[];
  };

const openErrors = async (client: ApiClient) =>
  (await client.get(`${SF}/data-mappings/sync-errors/?page-size=1000`)).body.results as {
    id: number;
    salesforce_id: string;
  }[];

describe('a sync run', () => {
  it('is queued by startSync, then advances batch by batch to its end, completed with failures', async () => {
    // 1,000 records a second: batches of 200, one every 200 ms.
    const { dana, syncs } = await sandboxWith({ syncRate: 1000 });
    const started = await startSync(dana);
    expect(started.status).toBe(200);
    const queued = started.body.run as Run;
    expect(queued).toMatchObject({
      trigger: 'manual',
      direction: 'both',
      state: 'queued',
      phase: 'not_started',
      started_at: null,
      finished_at: null,
      processed: 0,
      failure_reason: null,
    });
    const seen: Run[] = [];
    for (let look = 0; look < 100; look++) {
      const run = await runOf(dana, queued.id);
      seen.push(run);
      if (run.finished_at !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const done = seen.at(-1);
    // The seeded org's defects fail some records: the run says so, not 'succeeded'.
    expect(done).toMatchObject({
      state: 'completed_with_failures',
      phase: 'done',
      failure_reason: null,
    });
    expect(done!.counts.lead.failed + done!.counts.opportunity.failed).toBeGreaterThan(0);
    expect(done?.processed).toBe(done?.total);
    expect(done?.total).toBeGreaterThan(300);
    expect(done?.finished_at).not.toBeNull();
    // Seen running part of the way, and never going back.
    const running = seen.filter((run) => run.state === 'running');
    expect(running.some((run) => run.processed > 0 && run.processed < run.total)).toBe(true);
    const processed = seen.map((run) => run.processed);
    expect(processed).toEqual([...processed].sort((a, b) => a - b));
    expect(running.every((run) => run.phase !== 'done' && run.finished_at === null)).toBe(true);
    // Its counts add up to its total, and their synced part is what the stats say it synced.
    const stats = (await dana.get(`${SF}/get-sync-data`)).body as Schemas['SyncStats'];
    let parts = 0;
    for (const entity of ['lead', 'opportunity'] as const) {
      const counts = done!.counts[entity];
      expect(counts.created + counts.updated).toBe(stats.last_synced[entity]);
      expect(counts.unchanged).toBe(stats.last_unchanged?.[entity]);
      parts += counts.created + counts.updated + counts.unchanged + counts.skipped + counts.failed;
    }
    expect(parts).toBe(done?.total);
    // Its errors are the open errors of that run.
    const ofRun = await dana.get(
      `${SF}/data-mappings/sync-errors/?run=${queued.id}&page-size=1000`,
    );
    expect(ofRun.body.count).toBe((await openErrors(dana)).length);
    const logged = await dana.get(`${SF}/data-mappings/sync-errors/logs/?run=${queued.id}`);
    expect(logged.body.count).toBe(ofRun.body.count);
    await syncs.idle();
  });

  it('is one per tenant at a time: a second start and a retry are refused, another tenant may start', async () => {
    const { app, dana, syncs } = await sandboxWith({ syncRate: 1000 });
    expect((await startSync(dana)).status).toBe(200);
    const refused = { message: 'A sync is already in progress for this tenant. Try again later.' };
    expect(await startSync(dana)).toEqual({ status: 400, body: refused });
    expect(await dana.post(`${SF}/data-mappings/sync-errors/retry/`, { error_ids: [2] })).toEqual({
      status: 400,
      body: refused,
    });
    const globex = await signIn(app, 'ops@globex.example');
    expect((await startSync(globex, 'globex')).status).toBe(200);
    await syncs.idle();
    expect((await startSync(dana)).status).toBe(200);
    await syncs.idle();
  });

  it('fails with its reason when a batch throws, and frees the tenant', async () => {
    const { store, syncs } = await sandboxWith({ syncRate: 1000 });
    expect(syncs.start(2, 'both')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 250));
    // The tenant disappears mid-run: the next batch cannot go on.
    store.transact((draft) => {
      draft.tenants = draft.tenants.filter((tenant) => tenant.id !== 2);
    });
    await syncs.idle();
    const run = store.state.syncRuns.at(-1);
    expect(run).toMatchObject({ tenantId: 2, state: 'failed', phase: 'done' });
    expect(run?.failure_reason).toMatch(/^The sync stopped on an error: /);
    expect(run?.finished_at).not.toBeNull();
  });

  it('is interrupted, with its reason, when the sandbox restarts during it', async () => {
    const { store, syncs, dana } = await sandboxWith({ syncRate: 50 });
    const { run } = (await startSync(dana)).body as { run: Run };
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(store.state.syncRuns.find((row) => row.id === run.id)?.state).toBe('running');
    // A new runner over the same store: what a restart does with the snapshot.
    createSyncRunner(store);
    const after = await runOf(dana, run.id);
    expect(after.state).toBe('interrupted');
    expect(after.failure_reason).toMatch(/^The sync service restarted during the run; \d+ of \d+/);
    // The tenant is free again, and the interrupted run goes no further.
    await syncs.idle();
    expect((await runOf(dana, run.id)).processed).toBe(after.processed);
    expect(activeRun(store.state, 1)).toBeUndefined();
  });
});

describe('the history of runs', () => {
  it('lists the seeded 30 days newest first, agreeing with the stats, and pages them', async () => {
    const { dana } = await sandboxWith({ now: () => new Date('2026-03-02T13:00:00Z') });
    const page = await dana.get(`${SF}/sync-runs/?page-size=100`);
    const runs = page.body.results as Run[];
    expect(runs.length).toBeGreaterThanOrEqual(30);
    const starts = runs.map((run) => run.started_at ?? '');
    expect(starts).toEqual([...starts].sort().reverse());
    // The last seeded run is the 12:00 UTC scheduled one; scheduled runs keep to 12:00 and 24:00.
    const stats = (await dana.get(`${SF}/get-sync-data`)).body as Schemas['SyncStats'];
    expect(runs[0]).toMatchObject({
      trigger: 'scheduled',
      state: 'completed_with_failures',
      started_at: '2026-03-02T12:00:00Z',
      finished_at: stats.last_synced_date,
    });
    const scheduled = runs.filter((run) => run.trigger === 'scheduled');
    expect(scheduled.length).toBeGreaterThanOrEqual(58);
    expect(new Set(scheduled.map((run) => run.started_at?.slice(10)))).toEqual(
      new Set(['T00:00:00Z', 'T12:00:00Z']),
    );
    for (const state of ['failed', 'interrupted'] as const)
      expect(runs.find((run) => run.state === state)?.failure_reason).toBeTruthy();
    expect(runs.some((run) => run.trigger === 'retry')).toBe(true);
    expect(runs.some((run) => run.state === 'succeeded')).toBe(true);
    // Total Synced is what the history created (one record ACE has deleted since).
    const created = (entity: 'lead' | 'opportunity') =>
      runs.reduce((sum, run) => sum + run.counts[entity].created, 0);
    expect(stats.total_synced).toEqual({
      lead: created('lead'),
      opportunity: created('opportunity') - 1,
    });
    // Last Synced is the last run's created plus updated, its unchanged apart.
    const last = runs[0]!.counts;
    expect(stats.last_synced).toEqual({
      lead: last.lead.created + last.lead.updated,
      opportunity: last.opportunity.created + last.opportunity.updated,
    });
    expect(stats.last_unchanged).toEqual({
      lead: last.lead.unchanged,
      opportunity: last.opportunity.unchanged,
    });
    // Every run's Failed is the records of the errors its log lists, and its state agrees.
    for (const run of runs) {
      const logged = await dana.get(
        `${SF}/data-mappings/sync-errors/logs/?run=${run.id}&page-size=100`,
      );
      const records = new Set(
        (logged.body.results as { salesforce_id: string }[]).map((row) => row.salesforce_id),
      );
      expect(run.counts.lead.failed + run.counts.opportunity.failed).toBe(records.size);
      expect(logged.body.count).toBe(records.size);
      if (run.state === 'succeeded') expect(records.size).toBe(0);
      if (run.state === 'completed_with_failures') expect(records.size).toBeGreaterThan(0);
    }
    // The open errors name the runs that raised them: the last run the newest four.
    const ofLast = await dana.get(`${SF}/data-mappings/sync-errors/?run=${runs[0]?.id}`);
    expect(ofLast.body.count).toBe(4);
    expect((await openErrors(dana)).length).toBe(8);
    // A shorter period, and pages of 5.
    const lastWeek = await dana.get(`${SF}/sync-runs/?days=7&page-size=5`);
    expect(lastWeek.body.count).toBeLessThan(page.body.count);
    expect(lastWeek.body.results).toHaveLength(5);
    expect(lastWeek.body.next).toContain('page=2');
  });

  it("answers 404 for another tenant's run, and lists only the tenant's own", async () => {
    const { app, dana, store } = await sandboxWith({ now: () => new Date('2026-03-02T13:00:00Z') });
    const globexRun = store.state.syncRuns.find((run) => run.tenantId === 2);
    expect(globexRun).toBeDefined();
    expect((await dana.get(`${SF}/sync-runs/${globexRun?.id}/`)).status).toBe(404);
    const globex = await signIn(app, 'ops@globex.example');
    const theirs = (await globex.get(`${SF}/sync-runs/`)).body.results as Run[];
    expect(theirs.map((run) => run.id)).toEqual(
      store.state.syncRuns
        .filter((run) => run.tenantId === 2)
        .map((run) => run.id)
        .reverse(),
    );
  });
});

describe('errors by cause, and a retry of their records', () => {
  it('groups the open errors: the counts add up to the open errors, each error in one cause', async () => {
    const { dana, syncs } = await sandboxWith();
    for (const when of ['seeded', 'after a sync']) {
      const errors = await openErrors(dana);
      const { count, results } = await causesOf(dana);
      expect(count, when).toBe(results.length);
      expect(
        results.reduce((sum, cause) => sum + cause.count, 0),
        when,
      ).toBe(errors.length);
      const ids = results.flatMap((cause) => cause.error_ids).sort((a, b) => a - b);
      expect(ids, when).toEqual(errors.map((error) => error.id).sort((a, b) => a - b));
      const counts = results.map((cause) => cause.count);
      expect(counts, when).toEqual([...counts].sort((a, b) => b - a));
      await startSync(dana);
      await syncs.idle();
    }
  });

  it('names the field and the fix of the seeded causes', async () => {
    const { dana } = await sandboxWith();
    const { results } = await causesOf(dana);
    const byMessage = (start: string) => results.find((cause) => cause.message.startsWith(start));
    expect(byMessage("Stage 'Needs Analysis'")).toMatchObject({
      error_type: 'Picklist Standard Value Error',
      entity: 'Opportunity',
      ace_attribute: { id: 46, name: 'stage' },
      count: 1,
      error_ids: [2],
      fix: 'map_picklist_value',
    });
    expect(byMessage('Customer Website')).toMatchObject({
      ace_attribute: { id: 28 },
      fix: 'map_field',
    });
    expect(byMessage('Estimated AWS Monthly')?.fix).toBe('set_override');
    expect(byMessage('The opportunity must be Approved')).toMatchObject({
      ace_attribute: null,
      fix: 'wait_for_ace',
    });
    expect(byMessage('The Salesforce record linked')?.fix).toBe('dismiss');
  });

  it('retries exactly the records of the chosen errors, and leaves the other errors open', async () => {
    const { dana, syncs } = await sandboxWith();
    await startSync(dana);
    await syncs.idle();
    const errors = (await openErrors(dana)) as (Schemas['SyncError'] & { id: number })[];
    const chosen = errors
      .filter((error) => error.sync_direction === 'salesforce_to_aws')
      .slice(0, 3);
    const records = new Set(chosen.map((error) => error.salesforce_id));
    const others = errors.filter((error) => !records.has(error.salesforce_id));
    const retry = await dana.post(`${SF}/data-mappings/sync-errors/retry/`, {
      error_ids: chosen.map((error) => error.id),
    });
    expect(retry.status).toBe(200);
    expect(retry.body.message).toBe(`Retrying ${records.size} records.`);
    expect(retry.body.run).toMatchObject({
      trigger: 'retry',
      direction: 'salesforce_to_aws',
      state: 'queued',
    });
    await syncs.idle();
    const run = await runOf(dana, (retry.body.run as Run).id);
    // Every record it went over failed again and none synced: the run failed, and says why.
    expect(run).toMatchObject({
      state: 'failed',
      processed: records.size,
      total: records.size,
      failure_reason: `None of the ${records.size} records synced: ${records.size} failed.`,
    });
    const after = await openErrors(dana);
    // The others are untouched; the retried records failed again (nothing was fixed), as new errors.
    for (const error of others) expect(after.map((row) => row.id)).toContain(error.id);
    const retried = after.filter((error) => records.has(error.salesforce_id));
    expect(new Set(retried.map((error) => error.salesforce_id))).toEqual(records);
    expect(retried.every((error) => !chosen.some((old) => old.id === error.id))).toBe(true);
    expect(after).toHaveLength(errors.length);
    const ofRetry = await dana.get(`${SF}/data-mappings/sync-errors/?run=${run.id}`);
    expect(ofRetry.body.count).toBe(retried.length);
  });

  it("retries a cause's records, and refuses errors that no longer exist", async () => {
    const { dana, syncs, store } = await sandboxWith();
    const [cause] = (await causesOf(dana)).results;
    expect(cause).toBeDefined();
    const runs = store.state.syncRuns.length;
    expect(
      await dana.post(`${SF}/data-mappings/sync-errors/retry/`, { error_ids: [2, 999] }),
    ).toEqual({
      status: 400,
      body: {
        error_ids: [
          'Sync error 999 is not an open error (it was fixed, dismissed or replaced by a later sync).',
        ],
      },
    });
    expect(
      (await dana.post(`${SF}/data-mappings/sync-errors/retry/`, { error_ids: [2], cause_id: 'x' }))
        .status,
    ).toBe(400);
    expect((await dana.post(`${SF}/data-mappings/sync-errors/retry/`, {})).status).toBe(400);
    expect(store.state.syncRuns).toHaveLength(runs);
    const retry = await dana.post(`${SF}/data-mappings/sync-errors/retry/`, {
      cause_id: cause?.id,
    });
    expect(retry.status).toBe(200);
    await syncs.idle();
    expect(await runOf(dana, (retry.body.run as Run).id)).toMatchObject({
      trigger: 'retry',
      state: 'succeeded',
    });
    // The cause's errors were replaced by the retry's: their old ids are refused now.
    const again = await dana.post(`${SF}/data-mappings/sync-errors/retry/`, {
      error_ids: cause?.error_ids,
    });
    expect(again.status).toBe(400);
  });

  it("dismisses a cause's errors at once, all or none, and never another tenant's", async () => {
    const { app, dana, store } = await sandboxWith();
    const gone = (await causesOf(dana)).results.find((cause) => cause.fix === 'dismiss');
    expect(gone).toBeDefined();
    const open = (await openErrors(dana)).length;
    const logged = store.state.syncLogs.length;
    const dismiss = (client: ApiClient, body: unknown) =>
      client.post(`${SF}/data-mappings/sync-errors/dismiss/`, body);

    // One id that is not open refuses the whole request: nothing is dismissed.
    expect(await dismiss(dana, { error_ids: [...gone!.error_ids, 999] })).toEqual({
      status: 400,
      body: {
        error_ids: [
          'Sync error 999 is not an open error (it was fixed, dismissed or replaced by a later sync).',
        ],
      },
    });
    expect(await dismiss(dana, {})).toEqual({
      status: 400,
      body: {
        non_field_errors: [
          'Name the errors to dismiss (error_ids) or their cause (cause_id), not both.',
        ],
      },
    });
    // Another tenant's cause is not theirs: not found, and Acme's errors stay.
    const globex = await signIn(app, 'ops@globex.example');
    expect((await dismiss(globex, { cause_id: gone!.id })).status).toBe(400);
    expect(await openErrors(dana)).toHaveLength(open);

    expect(await dismiss(dana, { cause_id: gone!.id })).toEqual({
      status: 200,
      body: {
        message: `Dismissed ${gone!.count === 1 ? '1 error' : `${gone!.count} errors`}. They stay in the log.`,
        dismissed: gone!.count,
      },
    });
    expect(await openErrors(dana)).toHaveLength(open - gone!.count);
    expect((await causesOf(dana)).results.map((cause) => cause.id)).not.toContain(gone!.id);
    // They stay in the log.
    expect(store.state.syncLogs).toHaveLength(logged);
    // Dismissed once: a second time, the cause has no open error left.
    expect((await dismiss(dana, { cause_id: gone!.id })).status).toBe(400);
  });
});
