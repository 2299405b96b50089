/**
 * The tenant's open sync errors, its log, and the values saved to replace a record's value on the
 * next sync ("Save values for next Sync"). Overrides are kept per record and ACE attribute: the
 * sync applies them every time (they do not change the CRM record), and while the record still
 * fails they follow its newest error.
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

/** Dismisses an open error (it stays in the log). */
export function dismissError(draft: State, tenantId: number, id: number): void {
  if (!draft.syncErrors.some((row) => row.id === id && row.tenantId === tenantId)) throw notFound();
  draft.syncErrors = draft.syncErrors.filter((row) => row.id !== id);
}

export function savedOverrides(state: State, tenantId: number): Schemas['Override'][] {
  return state.overrides
    .filter((row) => row.tenantId === tenantId)
    .map(({ tenantId: _tenant, ...override }) => override);
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

function checkItem(
  state: State,
  tenantId: number,
  item: OverrideInput,
  position: number,
): SyncErrorRow {
  const at = `Item ${position + 1}`;
  const error = state.syncErrors.find(
    (row) => row.id === Number(item.sync_error_id) && row.tenantId === tenantId,
  );
  if (!error)
    throw fieldErrors({
      sync_error_id: [`${at}: sync error ${String(item.sync_error_id)} does not exist.`],
    });
  if (item.salesforce_id !== error.salesforce_id)
    throw fieldErrors({
      salesforce_id: [
        `${at}: sync error ${error.id} is about ${error.salesforce_id}, not ${String(item.salesforce_id)}.`,
      ],
    });
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
 * Replaces the tenant's saved values for the errors the body names with the body's values. A
 * value for the same record and attribute saved from another error is replaced too.
 */
export function saveOverrides(draft: State, tenantId: number, body: unknown): number {
  if (!Array.isArray(body) || body.length === 0)
    throw fieldErrors({ non_field_errors: ['Expected a non-empty list of values.'] });
  const items = body as OverrideInput[];
  items.forEach((item, position) => checkItem(draft, tenantId, item, position));
  const errorIds = new Set(items.map((item) => Number(item.sync_error_id)));
  const pairs = new Set(items.map((item) => `${item.salesforce_id}|${Number(item.ace_id)}`));
  draft.overrides = draft.overrides.filter(
    (row) =>
      row.tenantId !== tenantId ||
      (!errorIds.has(row.sync_error_id) &&
        !pairs.has(`${row.salesforce_id}|${row.aws_ace_attribute}`)),
  );
  for (const item of items)
    draft.overrides.push({
      tenantId,
      sync_error_id: Number(item.sync_error_id),
      salesforce_id: String(item.salesforce_id),
      aws_ace_attribute: Number(item.ace_id),
      dummy_value: String(item.dummy_value).trim(),
      status: 'pending',
      used_at: null,
    });
  refuseBeyondListBound(
    draft.overrides.filter((row) => row.tenantId === tenantId).length,
    'listOverrides',
    'saved override values',
  );
  return items.length;
}

/**
 * Forgets the tenant's saved values of these records' attributes (`salesforce_id` and ACE
 * attribute id): a revert of a save that added them. Nothing else takes a value away.
 */
export function removeOverrides(
  draft: State,
  tenantId: number,
  pairs: readonly { salesforce_id: string; aceId: number }[],
): void {
  const keys = new Set(pairs.map((pair) => `${pair.salesforce_id}|${pair.aceId}`));
  draft.overrides = draft.overrides.filter(
    (row) =>
      row.tenantId !== tenantId || !keys.has(`${row.salesforce_id}|${row.aws_ace_attribute}`),
  );
}
