import { newPair, type OverrideRow, type OverrideRows } from './override-form';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function isRow(value: unknown): value is OverrideRow {
  return (
    isRecord(value) &&
    typeof value.syncErrorId === 'number' &&
    typeof value.salesforceId === 'string' &&
    Array.isArray(value.pairs) &&
    value.pairs.every(
      (pair: unknown) =>
        isRecord(pair) &&
        (pair.attributeId === null || typeof pair.attributeId === 'number') &&
        typeof pair.value === 'string',
    )
  );
}

/** Override rows kept when a session ended: by sync error id, each a row of pairs. */
export function isOverrideDraft(value: unknown): value is OverrideRows {
  return isRecord(value) && Object.values(value).length > 0 && Object.values(value).every(isRow);
}

/**
 * The kept rows as the form holds them: each pair gets a fresh key (a kept key could meet one this
 * page made since) and shows its problems at once.
 */
export function restoredRows(draft: OverrideRows): OverrideRows {
  return Object.fromEntries(
    Object.values(draft).map((row) => [
      row.syncErrorId,
      {
        ...row,
        pairs: row.pairs.map((pair) => ({
          ...newPair(pair.attributeId, pair.value),
          touched: true,
        })),
      },
    ]),
  );
}
