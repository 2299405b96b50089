// @vitest-environment node
/**
 * Saved values follow their record: pending on the record's open error while it fails, used once
 * a sync sent it with them, replaced record by record by a save, and gone with the record's last
 * open error when it is dismissed.
 */
import { describe, expect, it } from 'vitest';

import { buildSeed } from '../../seed/seed';
import type { State, SyncErrorRow } from '../../store/state';
import { Invalid } from '../failure';
import { dismissErrors } from './causes';
import { dismissError, overrideKey, overridesAfterSync, saveOverrides } from './errors';
import { queueRun, runAtOnce } from './runs';

const ACME = 1;
const GLOBEX_RETAIL = '0065g00000XyZ12AAB'; // error 1, revenue (44): the seeded 10000 fixes it
const ACME_LAUNCH = '0065g00000XyZ90AAB'; // error 7, close date (45): the seeded value fixes it
const INITECH = '0065g00000XyZ34AAB'; // error 2, stage (46) 'Needs Analysis': nothing saved
const UMBRELLA = '00Q5g00000ABCDeEAF'; // error 3, a lead

const at = (hour: number) => new Date(Date.UTC(2026, 2, 5, hour));
const stamp = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A full sync of Acme at `when`, as the runner ends one. */
function sync(state: State, when: Date) {
  const run = queueRun(state, ACME, { trigger: 'manual', direction: 'both' }, when);
  runAtOnce(state, run.id, when);
  return state.syncRuns.find((row) => row.id === run.id)!;
}

const valuesOf = (state: State, record: string) =>
  state.overrides
    .filter((row) => row.tenantId === ACME && row.salesforce_id === record)
    .map(({ tenantId: _tenant, salesforce_id: _record, ...row }) => row);
const openOf = (state: State, record: string) =>
  state.syncErrors
    .filter((row) => row.tenantId === ACME && row.salesforce_id === record)
    .sort((a, b) => b.id - a.id);

/** The field errors a save is refused with (fails when it is not refused). */
function refusal(save: () => unknown): Record<string, string[]> {
  try {
    save();
  } catch (error) {
    expect(error).toBeInstanceOf(Invalid);
    return (error as Invalid).fields;
  }
  throw new Error('the save was not refused');
}

describe('a saved value and the syncs', () => {
  it('is used once a sync sends its record with it, and stays saved, applied and used', () => {
    const state = buildSeed();
    const first = sync(state, at(10));
    expect(openOf(state, GLOBEX_RETAIL)).toEqual([]);
    // Used at that sync, naming the last error it was for (no longer open).
    expect(valuesOf(state, GLOBEX_RETAIL)).toEqual([
      {
        sync_error_id: 1,
        aws_ace_attribute: 44,
        dummy_value: '10000',
        status: 'used',
        used_at: stamp(at(10)),
      },
    ]);
    expect(first.counts.opportunity.failed).toBeGreaterThan(0);
    // Every sync applies it again: the record keeps syncing, and used_at moves.
    sync(state, at(11));
    expect(openOf(state, GLOBEX_RETAIL)).toEqual([]);
    expect(valuesOf(state, GLOBEX_RETAIL)[0]).toMatchObject({
      status: 'used',
      used_at: stamp(at(11)),
    });
  });

  it('is pending again, on the new error, when its record fails again later', () => {
    const state = buildSeed();
    sync(state, at(10));
    // The record's stage moves back in Salesforce: the next sync fails it.
    const record = state.salesforce['1']!.find((row) => row.Id === GLOBEX_RETAIL)!;
    record.fields.StageName = 'Needs Analysis';
    sync(state, at(11));
    const [error] = openOf(state, GLOBEX_RETAIL);
    expect(error).toBeDefined();
    expect(valuesOf(state, GLOBEX_RETAIL)).toEqual([
      {
        sync_error_id: error?.id,
        aws_ace_attribute: 44,
        dummy_value: '10000',
        status: 'pending',
        used_at: null,
      },
    ]);
  });

  it("follows its record's new error while the record still fails: the newest about its field, else the newest", () => {
    const state = buildSeed();
    saveOverrides(state, ACME, [
      { sync_error_id: 2, salesforce_id: INITECH, ace_id: 51, dummy_value: 'True' },
    ]);
    sync(state, at(10));
    const [error] = openOf(state, INITECH);
    expect(error?.id).toBeGreaterThan(8);
    expect(valuesOf(state, INITECH)).toEqual([
      {
        sync_error_id: error?.id,
        aws_ace_attribute: 51,
        dummy_value: 'True',
        status: 'pending',
        used_at: null,
      },
    ]);
    // Every listed pending value names an open error of its own record.
    for (const row of state.overrides.filter((item) => item.status === 'pending'))
      expect(openOf(state, row.salesforce_id).map((item) => item.id)).toContain(row.sync_error_id);
  });

  it('is dropped when a sync closes its record’s errors without sending it (held back by the filters)', () => {
    const state = buildSeed();
    const pending = state.overrides.find((row) => row.salesforce_id === ACME_LAUNCH)!;
    const key = overrideKey(pending);
    state.syncErrors = state.syncErrors.filter((row) => row.salesforce_id !== ACME_LAUNCH);
    overridesAfterSync(state, ACME, {
      at: stamp(at(10)),
      applied: new Map([[key, pending.dummy_value]]),
      sent: new Set(),
      failed: new Set(),
    });
    expect(state.overrides).not.toContainEqual(pending);
    expect(valuesOf(state, GLOBEX_RETAIL)).toHaveLength(1);
  });

  it('waits for the next sync when it was saved while the sync ran (the sync did not apply it)', () => {
    const state = buildSeed();
    const saved = state.overrides.find((row) => row.salesforce_id === ACME_LAUNCH)!;
    state.syncErrors = state.syncErrors.filter((row) => row.salesforce_id !== ACME_LAUNCH);
    overridesAfterSync(state, ACME, {
      at: stamp(at(10)),
      applied: new Map(),
      sent: new Set([ACME_LAUNCH]),
      failed: new Set(),
    });
    const { tenantId: _tenant, salesforce_id: _record, ...row } = saved;
    expect(valuesOf(state, ACME_LAUNCH)).toEqual([row]);
  });
});

describe('saveOverrides', () => {
  it('saves an item whose error a newer sync replaced for the record’s open error, instead of refusing it', () => {
    const state = buildSeed();
    sync(state, at(10));
    // The app lists error 2's replacement; an item that still names 2 is saved for it.
    expect(openOf(state, INITECH).map((row) => row.id)).not.toContain(2);
    saveOverrides(state, ACME, [
      { sync_error_id: 2, salesforce_id: INITECH, ace_id: 46, dummy_value: 'Qualified' },
    ]);
    expect(valuesOf(state, INITECH)).toEqual([
      {
        sync_error_id: openOf(state, INITECH)[0]?.id,
        aws_ace_attribute: 46,
        dummy_value: 'Qualified',
        status: 'pending',
        used_at: null,
      },
    ]);
  });

  it('refuses only an item whose record has no open error, naming the item', () => {
    const state = buildSeed();
    sync(state, at(10));
    expect(openOf(state, GLOBEX_RETAIL)).toEqual([]);
    const before = state.overrides;
    expect(
      refusal(() =>
        saveOverrides(state, ACME, [
          {
            sync_error_id: openOf(state, INITECH)[0]!.id,
            salesforce_id: INITECH,
            ace_id: 51,
            dummy_value: 'True',
          },
          { sync_error_id: 1, salesforce_id: GLOBEX_RETAIL, ace_id: 44, dummy_value: '20000' },
        ]),
      ),
    ).toEqual({
      sync_error_id: [
        `Item 2: record ${GLOBEX_RETAIL} has no open sync error (sync error 1 is not open: it was fixed, dismissed or replaced), so there is nothing to save a value for.`,
      ],
    });
    expect(state.overrides).toBe(before);
  });

  it("replaces the values of the records it names, and leaves every other record's as they are", () => {
    const state = buildSeed();
    const seeded = valuesOf(state, ACME_LAUNCH);
    // Initech has a second open error (about 51): values typed on either belong to the record.
    const [initech] = openOf(state, INITECH) as [SyncErrorRow];
    state.syncErrors.push({
      ...initech,
      id: 101,
      attributeId: 51,
      created_at: '2026-03-02T12:00:50Z',
    });
    saveOverrides(state, ACME, [
      { sync_error_id: 101, salesforce_id: INITECH, ace_id: 51, dummy_value: 'True' },
      { sync_error_id: 2, salesforce_id: INITECH, ace_id: 53, dummy_value: 'False' },
    ]);
    saveOverrides(state, ACME, [
      { sync_error_id: 1, salesforce_id: GLOBEX_RETAIL, ace_id: 44, dummy_value: '20000' },
    ]);
    expect(valuesOf(state, INITECH).map((row) => row.aws_ace_attribute)).toEqual([51, 53]);
    expect(valuesOf(state, GLOBEX_RETAIL).map((row) => row.dummy_value)).toEqual(['20000']);
    // Initech's values become the body's, whichever error each was typed on: 53 goes.
    saveOverrides(state, ACME, [
      { sync_error_id: 101, salesforce_id: INITECH, ace_id: 51, dummy_value: 'False' },
    ]);
    expect(valuesOf(state, INITECH).map((row) => [row.aws_ace_attribute, row.dummy_value])).toEqual(
      [[51, 'False']],
    );
    expect(valuesOf(state, ACME_LAUNCH)).toEqual(seeded);
    expect(valuesOf(state, GLOBEX_RETAIL).map((row) => row.dummy_value)).toEqual(['20000']);
  });

  it("puts a value on the record's newest open error about its field, else on its newest", () => {
    const state = buildSeed();
    const [initech] = openOf(state, INITECH) as [SyncErrorRow];
    // A newer error of the same record about another field (51), then one about no field.
    const about51 = { ...initech, id: 101, attributeId: 51, created_at: '2026-03-02T12:00:50Z' };
    const newest = { ...initech, id: 102, attributeId: null, created_at: '2026-03-02T12:00:51Z' };
    state.syncErrors.push(about51, newest);
    saveOverrides(state, ACME, [
      { sync_error_id: 2, salesforce_id: INITECH, ace_id: 51, dummy_value: 'True' },
      { sync_error_id: 2, salesforce_id: INITECH, ace_id: 46, dummy_value: 'Qualified' },
      { sync_error_id: 2, salesforce_id: INITECH, ace_id: 53, dummy_value: 'False' },
    ]);
    expect(
      valuesOf(state, INITECH).map((row) => [row.aws_ace_attribute, row.sync_error_id]),
    ).toEqual([
      [51, 101],
      [46, 2],
      [53, 102],
    ]);
  });
});

describe('dismissing errors', () => {
  it("drops a record's pending values with its last open error, and moves them to the one left otherwise", () => {
    const state = buildSeed();
    const [initech] = openOf(state, INITECH) as [SyncErrorRow];
    state.syncErrors.push({
      ...initech,
      id: 101,
      attributeId: 51,
      created_at: '2026-03-02T12:00:50Z',
    });
    saveOverrides(state, ACME, [
      { sync_error_id: 101, salesforce_id: INITECH, ace_id: 51, dummy_value: 'True' },
    ]);
    expect(valuesOf(state, INITECH)[0]?.sync_error_id).toBe(101);
    dismissError(state, ACME, 101);
    expect(valuesOf(state, INITECH)).toMatchObject([{ sync_error_id: 2, status: 'pending' }]);
    dismissErrors(state, ACME, { error_ids: [2, 1] });
    expect(valuesOf(state, INITECH)).toEqual([]);
    expect(valuesOf(state, GLOBEX_RETAIL)).toEqual([]);
    // Another record's value stays.
    expect(valuesOf(state, ACME_LAUNCH)).toHaveLength(1);
  });

  it('leaves a used value as it is', () => {
    const state = buildSeed();
    sync(state, at(10));
    const used = valuesOf(state, GLOBEX_RETAIL);
    expect(used[0]?.status).toBe('used');
    dismissErrors(state, ACME, {
      error_ids: state.syncErrors.filter((row) => row.tenantId === ACME).map((row) => row.id),
    });
    expect(valuesOf(state, GLOBEX_RETAIL)).toEqual(used);
    expect(valuesOf(state, UMBRELLA)).toEqual([]);
  });
});
