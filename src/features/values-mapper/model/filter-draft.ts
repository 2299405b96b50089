import { ComparisonType } from '@generated/api/model';

import { emptyRow, rowSignature, type FilterAttribute, type FilterRow } from './filter-blocks';

/** A condition typed but not saved when the session ended (its server id when it had one). */
export interface FilterDraftRow {
  id?: number;
  attribute: FilterAttribute;
  comparison: ComparisonType;
  value: string;
  block: number;
}

/** The conditions whose attribute is chosen and whose content the server does not hold. */
export function unsavedRows(rows: readonly FilterRow[]): FilterDraftRow[] | undefined {
  const unsaved = rows.flatMap((row) =>
    row.attribute && rowSignature(row) !== row.savedSignature
      ? [
          {
            ...(row.id === undefined ? {} : { id: row.id }),
            attribute: row.attribute,
            comparison: row.comparison,
            value: row.value,
            block: row.block,
          },
        ]
      : [],
  );
  return unsaved.length > 0 ? unsaved : undefined;
}

const COMPARISONS: ReadonlySet<unknown> = new Set(Object.values(ComparisonType));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function isDraftRow(value: unknown): value is FilterDraftRow {
  if (!isRecord(value) || !isRecord(value.attribute)) return false;
  return (
    (value.id === undefined || typeof value.id === 'number') &&
    typeof value.attribute.id === 'number' &&
    typeof value.attribute.name === 'string' &&
    COMPARISONS.has(value.comparison) &&
    typeof value.value === 'string' &&
    typeof value.block === 'number'
  );
}

export function isFilterDraft(value: unknown): value is FilterDraftRow[] {
  return Array.isArray(value) && value.length > 0 && value.every(isDraftRow);
}

/**
 * The rows with the draft's edits on them: a saved condition takes its edited content, a new one
 * joins its block (in place of the empty form when there were no conditions). `restored` are the
 * rows to save.
 */
export function withDraft(
  rows: readonly FilterRow[],
  draft: readonly FilterDraftRow[],
): { rows: FilterRow[]; restored: FilterRow[] } {
  const lonelyEmpty = rows.length === 1 && !rows[0]?.attribute && rows[0]?.id === undefined;
  let next = lonelyEmpty ? [] : [...rows];
  const restored: FilterRow[] = [];
  for (const edit of draft) {
    const content = {
      attribute: edit.attribute,
      comparison: edit.comparison,
      value: edit.value,
      block: edit.block,
      touched: true,
    };
    const at = edit.id === undefined ? -1 : next.findIndex((row) => row.id === edit.id);
    const existing = next[at];
    const row: FilterRow = existing
      ? { ...existing, ...content }
      : { ...emptyRow(edit.block), ...content };
    if (existing) next = next.map((other, index) => (index === at ? row : other));
    else next.push(row);
    restored.push(row);
  }
  return { rows: next.length > 0 ? next : [...rows], restored };
}
