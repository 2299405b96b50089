/**
 * The tenant's open errors grouped by cause (category, entity, ACE field and message), each with
 * the fix that usually resolves it, and the records a retry runs over (the records of the chosen
 * errors, or of every error of a cause).
 */
import { createHash } from 'node:crypto';

import type { Schemas } from '../../contract';
import type { State, SyncErrorRow } from '../../store/state';
import { fieldErrors } from '../failure';
import { overridesAfterDismissal } from './errors';
import type { SyncDirection } from './types';

type Cause = Schemas['SyncErrorCause'];
/** A cause lists the ids of its first 1000 errors (the contract's bound); `count` has them all. */
const MAX_IDS = 1000;

const SLUG: Record<Schemas['SyncErrorType'], string> = {
  'Data Type Mismatch Error': 'data-type',
  'Picklist Standard Value Error': 'picklist',
  'Order of Operations Error': 'order',
  'Record Not Found Error': 'not-found',
  'General ACE Error': 'general',
};

/**
 * The usual fix of a category. A General ACE Error about a field is a mandatory field with no value
 * (checks.ts): map it; one about the record as a whole is ACE's to resolve.
 */
function fixOf(error: Pick<SyncErrorRow, 'error_type' | 'attributeId'>): Schemas['SyncErrorFix'] {
  switch (error.error_type) {
    case 'Data Type Mismatch Error':
      return 'set_override';
    case 'Picklist Standard Value Error':
      return 'map_picklist_value';
    case 'Order of Operations Error':
      return 'wait_for_ace';
    case 'Record Not Found Error':
      return 'dismiss';
    case 'General ACE Error':
      return error.attributeId === null ? 'wait_for_ace' : 'map_field';
  }
}

/** A short id that stays the same while errors of the cause stay open (readable, then a hash). */
function causeId(error: SyncErrorRow): string {
  const hash = createHash('sha1')
    .update(`${error.error_type}|${error.entity}|${error.attributeId}|${error.error_description}`)
    .digest('hex')
    .slice(0, 6);
  return `${SLUG[error.error_type]}-${error.entity.toLowerCase()}-${error.attributeId ?? 'record'}-${hash}`;
}

/** The ids of the tenant's open causes (what a run's new-cause alert compares with). */
export function openCauseIds(state: State, tenantId: number): Set<string> {
  const ids = new Set<string>();
  for (const error of state.syncErrors) if (error.tenantId === tenantId) ids.add(causeId(error));
  return ids;
}

/** The tenant's open errors grouped by cause, the most errors first. */
export function errorCauses(state: State, tenantId: number): Cause[] {
  const names = new Map<number, string>();
  for (const row of state.attributes) if (row.is_aws_ace) names.set(row.id, row.name);
  const causes = new Map<string, Cause>();
  const open = state.syncErrors
    .filter((row) => row.tenantId === tenantId)
    .sort((a, b) => a.id - b.id);
  for (const error of open) {
    const id = causeId(error);
    let cause = causes.get(id);
    if (!cause) {
      const name = error.attributeId === null ? undefined : names.get(error.attributeId);
      cause = {
        id,
        error_type: error.error_type,
        entity: error.entity,
        ace_attribute:
          error.attributeId === null || name === undefined ? null : { id: error.attributeId, name },
        message: error.error_description,
        count: 0,
        error_ids: [],
        fix: fixOf(error),
      };
      causes.set(id, cause);
    }
    cause.count += 1;
    if (cause.error_ids.length < MAX_IDS) cause.error_ids.push(error.id);
  }
  return [...causes.values()].sort((a, b) => b.count - a.count || a.id.localeCompare(b.id));
}

export interface RetryScope {
  /** The Salesforce ids of the chosen errors' records (each once). */
  records: string[];
  direction: SyncDirection;
}

/**
 * The open errors a request names: those of `error_ids`, or every open error of the cause
 * `cause_id` (one of the two, as retrySyncErrors and dismissSyncErrors take them). Refused with
 * field errors when an id is not an open error of the tenant, or when a cause has none left.
 */
function chosenErrors(
  state: State,
  tenantId: number,
  body: unknown,
  verb: 'retry' | 'dismiss',
): SyncErrorRow[] {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Partial<
    Schemas['RetrySyncErrorsRequest']
  >;
  const hasIds = input.error_ids !== undefined;
  const hasCause = input.cause_id !== undefined;
  if (hasIds === hasCause)
    throw fieldErrors({
      non_field_errors: [
        `Name the errors to ${verb} (error_ids) or their cause (cause_id), not both.`,
      ],
    });
  const open = state.syncErrors.filter((row) => row.tenantId === tenantId);
  if (!hasIds) {
    const chosen = open.filter((row) => causeId(row) === input.cause_id);
    if (chosen.length === 0)
      throw fieldErrors({
        cause_id: [`No open error has the cause "${String(input.cause_id)}" (any more).`],
      });
    return chosen;
  }
  const ids = Array.isArray(input.error_ids) ? input.error_ids : [];
  const byId = new Map(open.map((row) => [row.id, row]));
  const missing = ids.filter((id) => !byId.has(Number(id)));
  if (ids.length === 0 || missing.length > 0)
    throw fieldErrors({
      error_ids:
        ids.length === 0
          ? ['Expected a non-empty list of sync error ids.']
          : missing
              .slice(0, 50)
              .map(
                (id) =>
                  `Sync error ${String(id)} is not an open error (it was fixed, dismissed or replaced by a later sync).`,
              ),
    });
  return [...new Set(ids.map((id) => byId.get(Number(id)) as SyncErrorRow))];
}

/** The records a retry runs over: those of the errors the request names (`chosenErrors`). */
export function retryScope(state: State, tenantId: number, body: unknown): RetryScope {
  const chosen = chosenErrors(state, tenantId, body, 'retry');
  const sides = new Set(chosen.map((row) => row.sync_direction));
  const [first] = chosen;
  return {
    records: [...new Set(chosen.map((row) => row.salesforce_id))],
    direction: sides.size === 1 && first ? first.sync_direction : 'both',
  };
}

/** The records whose open errors a dismissal request names (`chosenErrors`). */
export function dismissedRecords(state: State, tenantId: number, body: unknown): Set<string> {
  return new Set(chosenErrors(state, tenantId, body, 'dismiss').map((row) => row.salesforce_id));
}

/**
 * Dismisses the open errors the request names (`chosenErrors`), all or none: they leave the open
 * list and stay in the log; their records' pending values follow (errors.ts
 * `overridesAfterDismissal`). Returns how many.
 */
export function dismissErrors(draft: State, tenantId: number, body: unknown): number {
  const chosen = new Set(chosenErrors(draft, tenantId, body, 'dismiss'));
  draft.syncErrors = draft.syncErrors.filter((row) => !chosen.has(row));
  overridesAfterDismissal(draft, tenantId, new Set([...chosen].map((row) => row.salesforce_id)));
  return chosen.size;
}
