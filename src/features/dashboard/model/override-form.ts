import type { FieldMap } from '@/components/form/field-map';
import type { RefusalPlace } from '@/components/form/refusal-board';
import type {
  Attribute,
  DataType,
  Override,
  OverrideWrite,
  EntityType,
} from '@generated/api/model';
import { BOOLEAN_VALUES, isOverrideValue, mayTakeOverride } from '@generated/rules';

/**
 * The override values form of the errors table: per sync error, pairs of an ACE attribute
 * and the value to send instead on the next sync. Everything here is pure so that the rules can be
 * tested on their own.
 */

export const OVERRIDE_TEXT = {
  save: 'Save values for next Sync',
  invalidForm: 'Form is not valid. Please fill all the elements',
  nothingToSave: 'Please select attribute and its dummy value',
} as const;

/** The inputs of a pair that can show a refused save's message. */
export type OverrideField = 'attribute' | 'value';

/**
 * The pairs' field map: a refused save's field errors show on the pair that caused them, under
 * its ACE field or its value.
 */
export const OVERRIDE_FIELDS: FieldMap<OverrideField> = {
  ace_id: 'attribute',
  dummy_value: 'value',
};

export interface OverridePair {
  /** Stable identity for React while pairs are added and removed. */
  key: string;
  attributeId: number | null;
  value: string;
  /** The user typed a value or left the value box: the pair's problems show from now on. */
  touched: boolean;
}

export interface OverrideRow {
  syncErrorId: number;
  salesforceId: string;
  pairs: OverridePair[];
}

export type OverrideRows = Readonly<Record<number, OverrideRow>>;

let pairCount = 0;
export function newPair(attributeId: number | null = null, value = ''): OverridePair {
  pairCount += 1;
  return { key: `pair-${pairCount}`, attributeId, value, touched: false };
}

/**
 * The values saved earlier that wait for the next sync, as form rows keyed by sync error id. A
 * saved value follows its record: while the record fails it is `pending` and names the record's
 * open error, which is the row it shows on; once a sync sent the record with it, it is `used`
 * and belongs to no open error, so the editor leaves it out.
 */
export function rowsFromSaved(saved: readonly Override[]): OverrideRows {
  const rows: Record<number, OverrideRow> = {};
  for (const item of saved) {
    if (item.status === 'used') continue;
    const row = (rows[item.sync_error_id] ??= {
      syncErrorId: item.sync_error_id,
      salesforceId: item.salesforce_id,
      pairs: [],
    });
    row.pairs.push(newPair(item.aws_ace_attribute, item.dummy_value));
  }
  return rows;
}

/**
 * Whether a Salesforce record is a lead or an opportunity, from its id's key prefix (00Q, 006)
 * or its URL; undefined when neither tells.
 */
export function entityTypeOf(record: {
  salesforce_id: string;
  entity_url?: string | null;
}): EntityType | undefined {
  if (record.salesforce_id.startsWith('00Q') || record.entity_url?.includes('/Lead/')) {
    return 'Lead';
  }
  if (record.salesforce_id.startsWith('006') || record.entity_url?.includes('/Opportunity/')) {
    return 'Opportunity';
  }
  return undefined;
}

/**
 * The attributes a pair's selector offers: overridable ones of the record's entity that no other
 * pair of the same row has chosen (the pair's own choice stays listed).
 */
export function attributeOptions(
  attributes: readonly Attribute[],
  row: OverrideRow,
  pairKey: string,
  entityType?: EntityType,
): Attribute[] {
  const taken = new Set(
    row.pairs.filter((pair) => pair.key !== pairKey).map((pair) => pair.attributeId),
  );
  // The contract's rule, which the backend applies too (a 400 otherwise): no related-record
  // field, no reserved identifier, no Read Only attribute.
  return attributes.filter(
    (attribute) =>
      mayTakeOverride(attribute) &&
      !taken.has(attribute.id) &&
      (!entityType || !attribute.type || attribute.type === entityType),
  );
}

/** What to do about a value of the wrong format, by data type. */
const FORMAT_PROBLEMS: Partial<Record<DataType, string>> = {
  Int: 'Enter a whole number.',
  // The contract's OverrideDoubleValue: an exponent is allowed, as ACE gets a JSON number.
  Double: 'Enter a number.',
  Email: 'Enter a valid email address.',
  Date: 'Enter a date as yyyy-mm-dd.',
  Boolean: `Pick ${BOOLEAN_VALUES.join(' or ')}.`,
};

/**
 * Why ACE would refuse `value` for `attribute` (an override must not create a new error), or
 * undefined when it fits: the contract's format for its data type (OverrideWrite's
 * x-override-value-formats), which the backend checks too. An empty value is not judged here: it
 * is simply incomplete.
 */
export function valueProblem(value: string, attribute: Attribute | undefined): string | undefined {
  const text = value.trim();
  if (!text || !attribute || isOverrideValue(attribute, text)) return undefined;
  return (
    (attribute.data_type && FORMAT_PROBLEMS[attribute.data_type]) ??
    'Pick one of the allowed values.'
  );
}

export type PairStatus = 'empty' | 'incomplete' | 'invalid' | 'complete';

export function pairStatus(pair: OverridePair, attribute: Attribute | undefined): PairStatus {
  const hasValue = pair.value.trim() !== '';
  if (pair.attributeId === null && !hasValue) return 'empty';
  if (pair.attributeId === null || !hasValue) return 'incomplete';
  return valueProblem(pair.value, attribute) ? 'invalid' : 'complete';
}

export type AttributeLookup = ReadonlyMap<number, Attribute>;

/** The complete pairs of all rows, as the save call wants them, with the pair each one is. */
function overridesToSave(
  rows: readonly OverrideRow[],
  attributes: AttributeLookup,
): Array<{ pairKey: string; override: OverrideWrite }> {
  return rows.flatMap((row) =>
    row.pairs
      .filter((pair) => pairStatus(pair, attributes.get(pair.attributeId ?? -1)) === 'complete')
      .map((pair) => ({
        pairKey: pair.key,
        override: {
          sync_error_id: row.syncErrorId,
          salesforce_id: row.salesforceId,
          ace_id: pair.attributeId as number,
          dummy_value: pair.value.trim(),
        },
      })),
  );
}

export type SaveCheck =
  | { kind: 'invalid' }
  | { kind: 'nothing' }
  /** `pairKeys[i]` is the pair `overrides[i]` was made from. */
  | { kind: 'save'; overrides: OverrideWrite[]; pairKeys: string[] };

/**
 * What 'Save values for next Sync' does with the rows the user changed (`rows`): refuse when one
 * has a half-filled or ill-typed pair, refuse when there is nothing to send, else send their
 * complete pairs. The server replaces the values of the records a save names and keeps every
 * other saved value, so the values the user did not touch are never sent, and never checked: a
 * save cannot fail because of them.
 */
export function checkSave(rows: readonly OverrideRow[], attributes: AttributeLookup): SaveCheck {
  const broken = rows.some((row) =>
    row.pairs.some((pair) => {
      const status = pairStatus(pair, attributes.get(pair.attributeId ?? -1));
      return status === 'incomplete' || status === 'invalid';
    }),
  );
  if (broken) return { kind: 'invalid' };
  const items = overridesToSave(rows, attributes);
  if (items.length === 0) return { kind: 'nothing' };
  return {
    kind: 'save',
    overrides: items.map((item) => item.override),
    pairKeys: items.map((item) => item.pairKey),
  };
}

/**
 * The pair a refused save's message is about: the server names the item of the list it refused
 * ('Item 2: …', counting from 1), which is the pair it was made from. The message shows on that
 * pair without the item's number; undefined for a message that names no item sent.
 */
export function pairOfRefusal(pairKeys: readonly string[]) {
  return (message: string): RefusalPlace | undefined => {
    const item = /^Item (\d+): (.+)$/s.exec(message);
    const key = item ? pairKeys[Number(item[1]) - 1] : undefined;
    return key && item?.[2] ? { key, text: item[2] } : undefined;
  };
}

/**
 * The save button looks disabled unless a row the user changed has a complete pair: values saved
 * earlier are kept by the server without being sent again, so they alone give nothing to save.
 */
export function saveLooksEnabled(
  rows: readonly OverrideRow[],
  attributes: AttributeLookup,
): boolean {
  return overridesToSave(rows, attributes).length > 0;
}
