/**
 * The tenant's open sync errors, its log, and the values saved to replace a record's value on
 * every sync ("Save values for next Sync").
 *
 * A saved value follows its record, not the error it was typed on. It is kept per record and ACE
 * attribute, and every sync applies it (the CRM record is not changed):
 * - `pending` while the record fails: its `sync_error_id` is the record's open error, the newest
 *   one about the same ACE attribute, else the record's newest (`errorForValue`). A sync that
 *   replaces the record's errors moves it to the new one (`overridesAfterSync`), so a value never
 *   names an error that is gone while it waits (one saved while a sync ran, which that sync did
 *   not apply, waits as it was until the next).
 * - `used` once a sync sent the record to ACE with it (created, updated or unchanged): `used_at` is
 *   that sync's time, and `sync_error_id` keeps the last error it was for. It stays saved and
 *   applied; if the record fails again, it is pending again, on the new error.
 * - A record that stops failing without being sent keeps no pending value: its open errors were
 *   all dismissed (`overridesAfterDismissal`), or a sync held it back by the filters and so closed
 *   them. The value had nothing left to fix; a dismissal's activity event shows what went.
 * - A save (`saveOverrides`) replaces the values of the records it names and leaves every other
 *   record's as they are, so the app sends only what the user changed. An item that names an error
 *   a newer sync replaced is saved for the record's open error; only a record with no open error
 *   is refused.
 */
import {
  BOOLEAN_VALUES,
  isOverrideValue,
  isRelatedRecordName,
  isReservedAttributeName,
  mayTakeOverride,
} from '../../../../generated/rules/index';
import type { Schemas } from '../../contract';
import type { AttributeRow, State, SyncErrorRow } from '../../store/state';
import { fieldErrors, notFound, refuseBeyondListBound } from '../failure';

const newestFirst = (a: { created_at: string }, b: { created_at: string }) =>
  b.created_at.localeCompare(a.created_at);

type Narrow = <T extends { runId: number | null }>(rows: T[]) => T[];
const all: Narrow = (rows) => rows;

/** The tenant's open errors, newest first; `narrow` keeps some (those of one run). */
export function openErrors(
  state: State,
  tenantId: number,
  narrow: Narrow = all,
): Schemas['SyncError'][] {
  return narrow(state.syncErrors.filter((row) => row.tenantId === tenantId))
    .sort((a, b) => newestFirst(a, b) || b.id - a.id)
    .map(
      ({ tenantId: _tenant, entity: _entity, attributeId: _attribute, runId: _run, ...error }) =>
        error,
    );
}

export function errorLog(
  state: State,
  tenantId: number,
  narrow: Narrow = all,
): Schemas['SyncLog'][] {
  return narrow(state.syncLogs.filter((row) => row.tenantId === tenantId))
    .sort(newestFirst)
    .map(({ tenantId: _tenant, runId: _run, ...log }) => log);
}

/** Dismisses an open error (it stays in the log); the record's pending values follow. */
export function dismissError(draft: State, tenantId: number, id: number): void {
  const error = draft.syncErrors.find((row) => row.id === id && row.tenantId === tenantId);
  if (!error) throw notFound();
  draft.syncErrors = draft.syncErrors.filter((row) => row.id !== id);
  overridesAfterDismissal(draft, tenantId, new Set([error.salesforce_id]));
}

export function savedOverrides(state: State, tenantId: number): Schemas['Override'][] {
  return state.overrides
    .filter((row) => row.tenantId === tenantId)
    .map(({ tenantId: _tenant, ...override }) => override);
}

/** What identifies a saved value: its record and ACE attribute. */
export const overrideKey = (row: { salesforce_id: string; aws_ace_attribute: number }): string =>
  `${row.salesforce_id}|${row.aws_ace_attribute}`;

/** Newest first: by time, then by id (a sync raises many errors in the same second). */
const newestErrorFirst = (a: SyncErrorRow, b: SyncErrorRow) => newestFirst(a, b) || b.id - a.id;

/** The tenant's open errors of each of these records, newest first. */
function openErrorsOf(
  state: State,
  tenantId: number,
  records: ReadonlySet<string>,
): Map<string, SyncErrorRow[]> {
  const byRecord = new Map<string, SyncErrorRow[]>();
  for (const row of state.syncErrors) {
    if (row.tenantId !== tenantId || !records.has(row.salesforce_id)) continue;
    const list = byRecord.get(row.salesforce_id) ?? [];
    list.push(row);
    byRecord.set(row.salesforce_id, list);
  }
  for (const list of byRecord.values()) list.sort(newestErrorFirst);
  return byRecord;
}

/**
 * The open error a pending value of a record's ACE attribute is for: the newest one about that
 * attribute, else the record's newest. `open` is the record's open errors, newest first.
 */
function errorForValue(open: readonly SyncErrorRow[], aceId: number): SyncErrorRow | undefined {
  return open.find((row) => row.attributeId === aceId) ?? open[0];
}

/** What a sync did that decides where its saved values stand. */
export interface SyncOfValues {
  /** The sync's time (a used value's `used_at`). */
  at: string;
  /** The values saved when the sync was planned (overrideKey -> value): those it applied. */
  applied: ReadonlyMap<string, string>;
  /** The records with saved values that it sent to ACE. */
  sent: ReadonlySet<string>;
  /** The records that failed in it. */
  failed: ReadonlySet<string>;
}

/**
 * After a sync has replaced the errors it superseded: a value the sync sent its record with is
 * used (at the sync's time, still naming its last error); a value of a record that failed in it,
 * and any value still pending, is pending on the record's open error; a pending value the sync
 * applied whose record no longer has an open error, and that it did not send (held back by the
 * filters), is dropped. A value saved while the sync ran, which it did not apply, waits for the
 * next sync as it is.
 */
export function overridesAfterSync(draft: State, tenantId: number, sync: SyncOfValues): void {
  const mine = draft.overrides.filter((row) => row.tenantId === tenantId);
  if (mine.length === 0) return;
  const open = openErrorsOf(draft, tenantId, new Set(mine.map((row) => row.salesforce_id)));
  const kept = new Set<object>();
  for (const row of mine) {
    const applied = sync.applied.get(overrideKey(row)) === row.dummy_value;
    if (applied && sync.sent.has(row.salesforce_id)) {
      Object.assign(row, { status: 'used', used_at: sync.at });
      kept.add(row);
      continue;
    }
    if (row.status === 'used' && !sync.failed.has(row.salesforce_id)) {
      kept.add(row);
      continue;
    }
    const error = errorForValue(open.get(row.salesforce_id) ?? [], row.aws_ace_attribute);
    if (error) Object.assign(row, { status: 'pending', used_at: null, sync_error_id: error.id });
    if (error || !applied) kept.add(row);
  }
  if (kept.size < mine.length)
    draft.overrides = draft.overrides.filter((row) => row.tenantId !== tenantId || kept.has(row));
}

/**
 * After some of the tenant's open errors were dismissed: the pending values of these records move
 * to the record's open error that is left, or are dropped when none is (a record whose open errors
 * are all dismissed keeps no pending value). Used values stay.
 */
export function overridesAfterDismissal(
  draft: State,
  tenantId: number,
  records: ReadonlySet<string>,
): void {
  const open = openErrorsOf(draft, tenantId, records);
  const dropped = new Set<object>();
  for (const row of draft.overrides) {
    if (row.tenantId !== tenantId || row.status !== 'pending' || !records.has(row.salesforce_id))
      continue;
    const error = errorForValue(open.get(row.salesforce_id) ?? [], row.aws_ace_attribute);
    if (error) row.sync_error_id = error.id;
    else dropped.add(row);
  }
  if (dropped.size > 0) draft.overrides = draft.overrides.filter((row) => !dropped.has(row));
}

type OverrideInput = Partial<Schemas['OverrideWrite']>;

/**
 * Why the contract refuses an override of this attribute (OverrideWrite's
 * x-override-refused), as the errors table never offers it.
 */
function whyNoOverride(attribute: AttributeRow): string {
  if (isReservedAttributeName(attribute.name))
    return 'is an identifier the backend fills itself and takes no override';
  if (isRelatedRecordName(attribute.name))
    return 'is a field of a related record and takes no override';
  return `is ${attribute.permission_type ?? 'not writable'}: ACE only sends it, so it takes no override`;
}

/**
 * The open error an item is saved for: the one it names when that is open; else, when a newer
 * sync replaced (or a dismissal closed) the one it names, the open error of its record that a
 * pending value of its attribute is for. Refused only when the record has no open error.
 */
function errorOfItem(
  state: State,
  tenantId: number,
  item: OverrideInput,
  at: string,
): SyncErrorRow {
  const named = state.syncErrors.find(
    (row) => row.id === Number(item.sync_error_id) && row.tenantId === tenantId,
  );
  if (named) {
    if (item.salesforce_id !== named.salesforce_id)
      throw fieldErrors({
        salesforce_id: [
          `${at}: sync error ${named.id} is about ${named.salesforce_id}, not ${String(item.salesforce_id)}.`,
        ],
      });
    return named;
  }
  const record = String(item.salesforce_id);
  const open = openErrorsOf(state, tenantId, new Set([record])).get(record) ?? [];
  const error = errorForValue(open, Number(item.ace_id));
  if (!error)
    throw fieldErrors({
      sync_error_id: [
        typeof item.salesforce_id === 'string' && item.salesforce_id !== ''
          ? `${at}: record ${record} has no open sync error (sync error ${String(item.sync_error_id)} is not open: it was fixed, dismissed or replaced), so there is nothing to save a value for.`
          : `${at}: sync error ${String(item.sync_error_id)} does not exist.`,
      ],
    });
  return error;
}

function checkItem(
  state: State,
  tenantId: number,
  item: OverrideInput,
  position: number,
): SyncErrorRow {
  const at = `Item ${position + 1}`;
  const error = errorOfItem(state, tenantId, item, at);
  const attribute = state.attributes.find((row) => row.id === Number(item.ace_id));
  if (!attribute?.is_aws_ace || attribute.type !== error.entity)
    throw fieldErrors({
      ace_id: [
        `${at}: ${String(item.ace_id)} is not an ACE attribute of this ${error.entity.toLowerCase()}.`,
      ],
    });
  if (!mayTakeOverride(attribute))
    throw fieldErrors({ ace_id: [`${at}: ${attribute.name} ${whyNoOverride(attribute)}.`] });
  if (typeof item.dummy_value !== 'string' || item.dummy_value.trim() === '')
    throw fieldErrors({ dummy_value: [`${at}: this field may not be blank.`] });
  // The contract's format for the attribute's data type (OverrideWrite's x-override-value-formats),
  // checked when the value is saved, not left for the next sync to reject.
  if (!isOverrideValue(attribute, item.dummy_value.trim()))
    throw fieldErrors({
      dummy_value: [`${at}: ${formatProblem(attribute, item.dummy_value.trim())}`],
    });
  return error;
}

/** Why an override value of the wrong format is refused, naming what the attribute takes. */
function formatProblem(attribute: AttributeRow, value: string): string {
  const refused = `${value} is not a valid ${attribute.data_type} value`;
  switch (attribute.data_type) {
    case 'Boolean':
      return `${refused}: use ${BOOLEAN_VALUES.join(' or ')}.`;
    case 'Picklist':
      return `${refused}: use one of the standard values of ${attribute.name}.`;
    case 'Date':
      return `${refused}: use a day that exists, written YYYY-MM-DD.`;
    default:
      return `${refused}.`;
  }
}

/**
 * The values saved for each record the body names become the body's values for it (a value of the
 * record the body leaves out is removed); every other record's values stay as they are. Each
 * value is pending on its record's open error (`errorForValue`), whichever of the record's errors
 * the item named; an item naming the same record and attribute as an earlier one replaces it.
 */
export function saveOverrides(draft: State, tenantId: number, body: unknown): number {
  if (!Array.isArray(body) || body.length === 0)
    throw fieldErrors({ non_field_errors: ['Expected a non-empty list of values.'] });
  const items = body as OverrideInput[];
  const errors = items.map((item, position) => checkItem(draft, tenantId, item, position));
  const records = new Set(errors.map((error) => error.salesforce_id));
  const open = openErrorsOf(draft, tenantId, records);
  const values = new Map<string, State['overrides'][number]>();
  items.forEach((item, position) => {
    const record = (errors[position] as SyncErrorRow).salesforce_id;
    const aceId = Number(item.ace_id);
    const error = errorForValue(open.get(record) ?? [], aceId) as SyncErrorRow;
    const row = {
      tenantId,
      sync_error_id: error.id,
      salesforce_id: record,
      aws_ace_attribute: aceId,
      dummy_value: String(item.dummy_value).trim(),
      status: 'pending' as const,
      used_at: null,
    };
    values.set(overrideKey(row), row);
  });
  draft.overrides = draft.overrides.filter(
    (row) => row.tenantId !== tenantId || !records.has(row.salesforce_id),
  );
  draft.overrides.push(...values.values());
  refuseBeyondListBound(
    draft.overrides.filter((row) => row.tenantId === tenantId).length,
    'listOverrides',
    'saved override values',
  );
  return items.length;
}

/** Forgets every value saved for the record: a revert of the save that gave it its values. */
export function removeRecordOverrides(draft: State, tenantId: number, salesforceId: string): void {
  draft.overrides = draft.overrides.filter(
    (row) => row.tenantId !== tenantId || row.salesforce_id !== salesforceId,
  );
}
