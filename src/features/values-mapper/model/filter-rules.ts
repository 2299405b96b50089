import { isDay } from '@/lib/day';
import { ComparisonType, DataType } from '@generated/api/model';
import { FILTER_COMPARISONS, FILTER_VALUE_FORMATS, hasFilterValueFormat } from '@generated/rules';

/** A new condition compares with greater_than until its attribute says otherwise. */
export const DEFAULT_COMPARISON: ComparisonType = ComparisonType.greater_than;

/** Debounce of the free-text value input: a filter is saved once typing pauses. */
export const VALUE_DEBOUNCE_MS = 500;

export { COMPARISON_LABELS } from '@/lib/comparisons';

const { equal_to, greater_than, lesser_than, contains } = ComparisonType;

/**
 * What a row without an attribute, or of a type the contract does not list, offers. Once an
 * attribute is chosen, its data type's list comes from the contract (DataType's
 * x-filter-comparisons, which the backend enforces too).
 */
const OTHER_OPTIONS: readonly ComparisonType[] = [contains, greater_than, lesser_than, equal_to];

const OPTIONS_BY_TYPE: Partial<Record<string, readonly ComparisonType[]>> = FILTER_COMPARISONS;

/** The comparisons a data type offers, in display order. */
export function comparisonOptions(dataType: DataType | undefined): readonly ComparisonType[] {
  return (dataType && OPTIONS_BY_TYPE[dataType]) || OTHER_OPTIONS;
}

/**
 * The comparison a row keeps when its attribute changes: the current one when the new type offers
 * it, else the type's first option.
 */
export function comparisonFor(
  dataType: DataType | undefined,
  current: ComparisonType,
): ComparisonType {
  const options = comparisonOptions(dataType);
  return options.includes(current) ? current : (options[0] ?? DEFAULT_COMPARISON);
}

function isNumericComparison(comparison: ComparisonType): boolean {
  return comparison === greater_than || comparison === lesser_than;
}

/** A decimal number as the backend accepts it (the contract's DoubleValue): optional sign, digits, optional fraction. */
export function isNumeric(value: string): boolean {
  return FILTER_VALUE_FORMATS.Double.test(value.trim());
}

export const MESSAGES = {
  attributeRequired: 'Attribute is mandatory.',
  valueRequired: 'Value is Mandatory',
  invalidNumber: 'Please input a valid number.',
  invalidWholeNumber: 'Please input a valid whole number.',
} as const;

/** What a row's validity depends on. */
export interface RowValues {
  attributeId: number | undefined;
  dataType: DataType | undefined;
  comparison: ComparisonType;
  value: string;
}

export function attributeError(row: RowValues): string | undefined {
  return row.attributeId === undefined ? MESSAGES.attributeRequired : undefined;
}

/**
 * The value's message: a missing value is 'Value is Mandatory' for equal_to; a numeric
 * comparison (greater_than, lesser_than) on anything but a Date needs a number, so a missing or
 * non-numeric value there reads 'Please input a valid number.'. A missing value for contains or
 * not_equal_to, or an empty Date, also reads 'Value is Mandatory': no number is asked for there.
 * An Int attribute takes a whole number only (the contract's IntValue, which the backend
 * enforces): a decimal there reads 'Please input a valid whole number.' and is not saved.
 */
export function valueError(row: RowValues): string | undefined {
  const value = row.value.trim();
  const needsNumber = isNumericComparison(row.comparison) && row.dataType !== DataType.Date;
  if (needsNumber && !isNumeric(value)) return MESSAGES.invalidNumber;
  if (!value) return MESSAGES.valueRequired;
  if (row.dataType === DataType.Int && !hasFilterValueFormat(DataType.Int, value))
    return MESSAGES.invalidWholeNumber;
  if (row.dataType === DataType.Date && !isDay(value)) return MESSAGES.valueRequired;
  return undefined;
}

/**
 * A row shows its messages once it was touched or when it is not the last row of its block: the
 * row someone is still filling in stays quiet.
 */
export function shouldShowErrors(touched: boolean, isLastInBlock: boolean): boolean {
  return touched || !isLastInBlock;
}

/** Only a complete, valid row is saved: an attribute and a value that fits the comparison. */
export function isSavable(row: RowValues): boolean {
  return attributeError(row) === undefined && valueError(row) === undefined;
}

export type SaveDecision = 'skip' | 'create' | 'update' | 'unchanged';

/**
 * What saving a row means: nothing while it is incomplete or invalid (a numeric comparison with a
 * non-numeric value is never sent, except for a Date), a POST for a row the server does not know,
 * a PATCH for one it knows, and nothing when the row is what was last saved.
 */
export function saveDecision(
  row: RowValues,
  saved: { id: number | undefined; signature: string | undefined },
  signature: string,
): SaveDecision {
  if (!isSavable(row)) return 'skip';
  if (saved.id === undefined) return 'create';
  return saved.signature === signature ? 'unchanged' : 'update';
}
