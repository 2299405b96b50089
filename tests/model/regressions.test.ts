// @vitest-environment node
/**
 * The counterexamples the second day's model-based suite (second-day.test.ts) found, each shrunk
 * to a short fixed sequence of API calls and kept here as a plain test with the assertion that
 * failed, the rule it broke (rules.ts) and the seed and shrunk sequence fast-check gave. The first
 * seven were found on eada2dd (the sandbox before it met contract 3.0.0) and fail there; 5d6fa60
 * fixed them. Their seeds replay with the suite as it was then (a property of the commands only,
 * before the day's start hour was drawn too); the later ones', with the suite as it is.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { api, ENTITIES, entityOf, type Run } from './api';
import { expectedState, part } from './invariants';
import { type World, closeWorld, openWorld } from './world';

let world: World;

beforeEach(async () => {
  world = await openWorld();
});

afterEach(async () => {
  await closeWorld(world);
});

/** Starts a full sync (both ways), waits for its end and reads it. */
async function syncBoth(): Promise<Run> {
  const answer = await api.startSync(world.dana, 'both');
  expect(answer.status).toBe(200);
  await world.sandbox.syncs.idle();
  return api.run(world.dana, answer.body.run.id);
}

/** The newest event of the activity log in an area. */
async function newestEvent(area: string) {
  const [event] = await api.activity(world.dana, `?area=${area}`);
  if (!event) throw new Error(`no ${area} event`);
  return event;
}

describe('counterexamples of the second-day model', () => {
  // run-state-agrees-with-counts. Seed 23943000, sequence [] (the seed itself): the seeded run
  // 37 read "succeeded" with 8 failed records; so did every new run with failures.
  it('a run with failed and synced records ends completed_with_failures, the seeded ones too', async () => {
    const run = await syncBoth();
    expect(part(run, 'failed')).toBeGreaterThan(0);
    expect(run.state).toBe('completed_with_failures');
    for (const listed of await api.runs(world.dana))
      expect({ id: listed.id, state: listed.state }).toEqual({
        id: listed.id,
        state: expectedState(listed),
      });
  });

  // run-failed-equals-errors. Seed -78732780 with run-state-agrees-with-counts skipped, sequence
  // []: the seeded run 37 counts 8 failed records, its errors name 6.
  it("a run's failed records are the records its errors name, the seeded runs too", async () => {
    await syncBoth();
    for (const run of await api.runs(world.dana)) {
      const logs = await api.logs(world.dana, run.id);
      expect({ run: run.id, failed: part(run, 'failed') }).toEqual({
        run: run.id,
        failed: new Set(logs.map((log) => log.salesforce_id)).size,
      });
    }
  });

  // total-synced-moves-by-created. Seed 1834515396, path 0:1:0, sequence [sync(both)]:
  // opportunities' TOTAL SYNCED went from 1265 to 1410 while the run created 101 (every record
  // synced was added, updated ones too).
  it('a sync moves TOTAL SYNCED by exactly what it created', async () => {
    const before = await api.stats(world.dana);
    const run = await syncBoth();
    const after = await api.stats(world.dana);
    for (const entity of ENTITIES)
      expect(after.total_synced[entity] - before.total_synced[entity]).toBe(
        run.counts[entity].created,
      );
  });

  // last-synced-is-last-full-sync. Seed 2002536514, path 0:2:1:3:1, sequence [sync(both),
  // sync(both)] (first found as [retry(cause#0), sync(both)], kept here): last_synced counted the
  // unchanged record too (145 = 100 created + 44 updated + 1 unchanged), and no last_unchanged.
  it("Last Synced is the last full sync's created + updated, and last_unchanged its unchanged", async () => {
    const [cause] = await api.causes(world.dana);
    if (!cause) throw new Error('the seed has open errors');
    expect((await api.retry(world.dana, { cause_id: cause.id })).status).toBe(200);
    await world.sandbox.syncs.idle();
    const run = await syncBoth();
    const stats = await api.stats(world.dana);
    for (const entity of ENTITIES) {
      const counts = run.counts[entity];
      expect(stats.last_synced[entity]).toBe(counts.created + counts.updated);
      expect(stats.last_unchanged?.[entity]).toBe(counts.unchanged);
    }
    expect(stats.last_synced_date).toBe(run.finished_at);
  });

  // pending-override-points-to-open-error. Seed -1639476762, sequence [sync(both)]: the seed's
  // values (on errors 1 and 7) stayed pending on errors the sync had replaced, so the app's next
  // save was refused (issue 47, finding 1).
  it('after a sync, every pending value names an open error of its record', async () => {
    await syncBoth();
    const open = await api.openErrors(world.dana);
    for (const value of await api.overrides(world.dana)) {
      if (value.status !== 'pending') continue;
      const error = open.find((row) => row.id === value.sync_error_id);
      expect(error?.salesforce_id, JSON.stringify(value)).toBe(value.salesforce_id);
    }
  });

  // save-follows-replaced-error. Seed -659256022, path 3:2:2:2:3:2:2:2, sequence
  // [sync(aws_to_salesforce), save(error#0 seen earlier, field#0, value#0)] (first found as
  // [sync(both), save(error#17 seen earlier, field#0, value#0)], kept here): a save naming error 2,
  // which the sync replaced by a new error of the same record, answered 400 "Item 1: sync error 2
  // does not exist."
  it("a save naming an error a sync replaced is saved for the record's open error", async () => {
    const stale = (await api.openErrors(world.dana)).find(
      (error) => error.salesforce_id === '0065g00000XyZ34AAB',
    );
    if (!stale) throw new Error('the seed has an open error of 0065g00000XyZ34AAB');
    await syncBoth();
    const open = await api.openErrors(world.dana);
    expect(open.some((error) => error.id === stale.id)).toBe(false);
    const current = open.find((error) => error.salesforce_id === stale.salesforce_id);
    expect(current).toBeDefined();
    const answer = await api.saveOverrides(world.dana, [
      {
        sync_error_id: stale.id,
        salesforce_id: stale.salesforce_id,
        ace_id: 27, // customerCompanyName, a String of opportunities
        dummy_value: 'Model value',
      },
    ]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const saved = (await api.overrides(world.dana)).find(
      (row) => row.salesforce_id === stale.salesforce_id && row.aws_ace_attribute === 27,
    );
    expect(saved).toMatchObject({ dummy_value: 'Model value', status: 'pending', used_at: null });
    expect(open.map((error) => error.id)).toContain(saved?.sync_error_id);
  });

  // saved-values-kept (a revert that clears). Seed 1729758846, path 19:3:4:5:1:4:5:2:2:2:2:5,
  // sequence [save(error#65, field#1 (its own) +1, value#1), clear(save#0)] (an opportunity's
  // `country`, 31; first found as [save(error#25, field#54 +1, value#0), clear(save#0)], its
  // `industry`, kept here): a value saved for an opportunity's `industry` (ACE 29) stayed after its
  // save was reverted: the revert looked the field up by name, and `industry` is first a Lead field
  // (19), so it removed nothing.
  it("reverting a save clears the value of a field whose name the other entity's fields share", async () => {
    const error = (await api.openErrors(world.dana)).find(
      (row) => entityOf(row.salesforce_id) === 'Opportunity',
    );
    if (!error) throw new Error('the seed has an open error of an opportunity');
    const before = await api.overrides(world.dana);
    const answer = await api.saveOverrides(world.dana, [
      {
        sync_error_id: error.id,
        salesforce_id: error.salesforce_id,
        ace_id: 29, // Opportunity `industry`; Lead `industry` is 19
        dummy_value: 'Aerospace',
      },
    ]);
    expect(answer.status).toBe(200);
    const save = await newestEvent('override');
    expect((await api.revert(world.dana, save.id)).status).toBe(201);
    const after = await api.overrides(world.dana);
    expect(
      after.filter(
        (row) => row.salesforce_id === error.salesforce_id && row.aws_ace_attribute === 29,
      ),
    ).toEqual([]);
    expect(after.map((row) => row.dummy_value).sort()).toEqual(
      before.map((row) => row.dummy_value).sort(),
    );
  });

  // revert-takes-values-away. Seed 914016654, shrunk to [retry(cause#0), retry(cause#17),
  // save(error#25, field#0 (its own) +1, value#0), sync(both), revert(event#39)], here without the
  // retries. The user adds `industry` to a record that already had a value, the next sync sends
  // the record with both (used), and clearing what the save added is refused with 400 "Record ...
  // has no sync error any more to take the value of targetCloseDate": the revert saves the
  // record's remaining value again, which needs an open error, though that value is as it was.
  // The same revert of a save that gave a record its only value is accepted (the value goes).
  // Fixed: a revert that only takes values away needs no open error (restoreOverrides).
  it('clearing a value added to a record that synced since takes it away, keeping the other', async () => {
    const error = (await api.openErrors(world.dana)).find(
      (row) => row.salesforce_id === '0065g00000XyZ90AAB',
    );
    if (!error) throw new Error('the seed has an open error of 0065g00000XyZ90AAB');
    const record = error.salesforce_id;
    const saved = await api.saveOverrides(world.dana, [
      { sync_error_id: error.id, salesforce_id: record, ace_id: 45, dummy_value: '2026-03-31' },
      { sync_error_id: error.id, salesforce_id: record, ace_id: 29, dummy_value: 'Aerospace' },
    ]);
    expect(saved.status).toBe(200);
    const save = await newestEvent('override');
    await syncBoth();
    const ofRecord = async () =>
      (await api.overrides(world.dana)).filter((row) => row.salesforce_id === record);
    expect((await ofRecord()).map((row) => row.status)).toEqual(['used', 'used']);

    const answer = await api.revert(world.dana, save.id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect((await ofRecord()).map((row) => [row.aws_ace_attribute, row.dummy_value])).toEqual([
      [45, '2026-03-31'],
    ]);
  });

  // changes-before-kept. Seed 174776818, path 0:1:2, shrunk to [3 (hours later), sync(both)]: the
  // day starts at 12:00Z, the sync's run makes the seed's first run (2026-02-01T12:00Z) older than
  // the 30 days runs are kept, so it is forgotten, and the next run's changes_before, which counted
  // from its start, now says `from: null` ("the first run": every change ever). An ended run's view
  // changed. Fixed: the newest run past the 30 days stays as the run before the oldest one listed
  // (domain/sync/runs.ts queueRun), and is never listed itself.
  it("an ended run's changes_before keeps its start when the run before it is forgotten", async () => {
    await closeWorld(world);
    world = await openWorld(3);
    const before = (await api.runs(world.dana)).find((run) => run.id === 2);
    expect(before?.changes_before?.from).toBe('2026-02-01T12:00:00Z');
    world.clock.tick(); // 12:01Z: the first run is now more than 30 days old
    await syncBoth();
    const runs = await api.runs(world.dana);
    expect(runs.some((run) => run.id === 1)).toBe(false);
    expect(runs.find((run) => run.id === 2)?.changes_before).toEqual(before?.changes_before);
  });
});
