/**
 * Sync filters, as the sync applies them: conditions of one block must all hold (AND), a record
 * syncs when any block holds (OR), and with no conditions every record syncs. A condition names
 * an ACE attribute and is evaluated on the record's ACE value (after mappings and overrides).
 */
import { isRealDay } from '../../../../generated/rules/index';
import type { FilterRow } from '../../store/state';
import type { AceValue, AceValues } from './transform';

export type FilterCondition = Pick<
  FilterRow,
  'attributeId' | 'comparison_type' | 'field_value' | 'block'
>;

/** A number or a YYYY-MM-DD date as a comparable number; null when the text is neither. */
function ordinal(value: AceValue | string): number | null {
  if (value === null || typeof value === 'boolean') return null;
  const text = String(value).trim();
  if (isRealDay(text)) return Date.parse(`${text}T00:00:00Z`);
  if (text === '') return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}

const text = (value: AceValue) => (value === null ? '' : String(value));

/** Whether one condition holds for a value (a missing value only satisfies not_equal_to). */
export function conditionHolds(value: AceValue, condition: FilterCondition): boolean {
  const wanted = condition.field_value;
  switch (condition.comparison_type) {
    case 'equal_to':
      return text(value).toLowerCase() === wanted.toLowerCase();
    case 'not_equal_to':
      return text(value).toLowerCase() !== wanted.toLowerCase();
    case 'contains':
      return text(value).toLowerCase().includes(wanted.toLowerCase());
    case 'greater_than':
    case 'lesser_than': {
      const left = ordinal(value);
      const right = ordinal(wanted);
      // Dates compare with dates and numbers with numbers; anything else does not hold.
      if (left === null || right === null || isRealDay(wanted) !== isRealDay(text(value).trim()))
        return false;
      return condition.comparison_type === 'greater_than' ? left > right : left < right;
    }
  }
}

/** Whether a record with these ACE values passes the filters. */
export function recordPasses(values: AceValues, filters: readonly FilterCondition[]): boolean {
  if (filters.length === 0) return true;
  const blocks = new Map<number, FilterCondition[]>();
  for (const condition of filters)
    blocks.set(condition.block, [...(blocks.get(condition.block) ?? []), condition]);
  return [...blocks.values()].some((block) =>
    block.every((condition) => conditionHolds(values[condition.attributeId] ?? null, condition)),
  );
}
