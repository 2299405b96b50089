import type { SyncErrorCause, SyncErrorFix } from '@generated/api/model';

import { ERRORS_TEXT } from './error-texts';
import { formatCount, recordsText } from './format-count';

/** Texts of the errors card's 'By cause' view. */
export const CAUSE_TEXT = {
  tab: ERRORS_TEXT.causesTab,
  noCauses: ERRORS_TEXT.noErrors,
  openSyncSettings: 'Open in Sync Settings',
  setDummyValue: 'Set a dummy value',
  waitForAce: 'Nothing to change: retry once ACE allows it.',
  /** Read out where a cause names no ACE field (the record itself is at fault). */
  noField: 'No field',
  dismissTitle: 'Dismiss these errors?',
  dismissAccept: 'Dismiss',
} as const;

/** 'Dismiss the error', 'Dismiss 3 errors': the way to a cause's fix when no retry can fix it. */
export function dismissLabel(count: number): string {
  return count === 1 ? 'Dismiss the error' : `Dismiss ${formatCount(count)} errors`;
}

/** What dismissing a cause's errors does, asked before it is done. */
export function dismissQuestion(count: number): string {
  const errors = count === 1 ? 'this error' : `these ${formatCount(count)} errors`;
  return `The record no longer exists on the other side, so no retry can fix it. Dismissing takes ${errors} off the open errors; the log keeps ${count === 1 ? 'it' : 'them'}.`;
}

export const CAUSE_COLUMN_TEXT = {
  category: 'CATEGORY',
  entity: 'Lead/Opportunity',
  aceField: 'ACE Field',
  error: 'ERROR',
  count: 'Records',
  fix: 'Usual fix',
  retry: 'Retry',
} as const;

/** A cause's usual fix in words: what the user does, and where. */
export const FIX_TEXT: Record<SyncErrorFix, string> = {
  map_picklist_value: 'Map this Salesforce value to an ACE value in Sync Settings, then retry.',
  map_field:
    'Map a Salesforce field (or a fixed dummy value) to this ACE field in Sync Settings, then retry.',
  set_override: 'Save a dummy value for this field in the Errors tab, then retry.',
  wait_for_ace:
    'ACE refuses the change in the record’s current state; it goes through once the record moves on in ACE.',
  dismiss: 'The record no longer exists on the other side: dismiss the error.',
};

/** 'Retry 1 record', 'Retry 3 records', 'Retry 1,204 records'. */
export function retryLabel(count: number): string {
  return `Retry ${recordsText(count)}`;
}

/**
 * Where a cause's fix is made: the values mapper at its ACE field, the override editor, or
 * nowhere.
 */
export type CauseFixTarget =
  | { kind: 'sync-settings'; attributeId: number; entity: SyncErrorCause['entity'] }
  | { kind: 'override'; attributeId: number }
  | { kind: 'none' };

/**
 * A picklist value or a missing field is fixed in the mapping (the values mapper, at the field); a
 * value of the wrong type by an override sent on the next sync (the override editor). A cause
 * with no ACE field has nothing to open.
 */
export function causeFixTarget(cause: SyncErrorCause): CauseFixTarget {
  const attribute = cause.ace_attribute;
  if (!attribute) return { kind: 'none' };
  if (cause.fix === 'map_picklist_value' || cause.fix === 'map_field')
    return { kind: 'sync-settings', attributeId: attribute.id, entity: cause.entity };
  if (cause.fix === 'set_override') return { kind: 'override', attributeId: attribute.id };
  return { kind: 'none' };
}
