import type { FieldMap } from '@/components/form/field-map';
import type {
  Attribute,
  AttributeChoices,
  ComparisonType,
  DataType,
  EntityType,
  SyncFilter,
  SyncFilterCreate,
} from '@generated/api/model';

import { comparisonFor, DEFAULT_COMPARISON, type RowValues } from './filter-rules';

/** The part of an attribute a condition needs: what to send, how to compare, which input. */
export interface FilterAttribute {
  id: number;
  name: string;
  dataType?: DataType;
  choices?: AttributeChoices;
}

/** One condition as the editor holds it. */
export interface FilterRow {
  /** Local identity: a row keeps it from its first render, saved or not. */
  key: string;
  /** The server's id once saved. */
  id?: number;
  attribute?: FilterAttribute;
  comparison: ComparisonType;
  value: string;
  block: number;
  /** The user has changed or left one of its inputs. */
  touched: boolean;
  /** The signature of what the server holds for this row (see rowSignature). */
  savedSignature?: string;
}

/** The inputs of a condition that can show a refused save's message. */
export type FilterField = 'attribute' | 'comparison' | 'value';

/**
 * A condition's field map: a refused save's field errors show on the row, under the input they
 * are about.
 */
export const FILTER_FIELDS: FieldMap<FilterField> = {
  attribute_id: 'attribute',
  data_type: 'attribute',
  comparison_type: 'comparison',
  field_value: 'value',
};

export interface FilterBlock {
  block: number;
  rows: FilterRow[];
}

let lastKey = 0;
const newRowKey = () => `row-${++lastKey}`;

export function toFilterAttribute(attribute: Attribute): FilterAttribute {
  return {
    id: attribute.id,
    name: attribute.name,
    dataType: attribute.data_type,
    choices: attribute.choices ?? null,
  };
}

export function emptyRow(block = 1): FilterRow {
  return { key: newRowKey(), comparison: DEFAULT_COMPARISON, value: '', block, touched: false };
}

/**
 * The rows of the saved conditions, by block then id; an empty form when there are none. The
 * attribute comes from the attribute list when it is there, else from the condition itself.
 */
export function rowsFromFilters(
  filters: readonly SyncFilter[],
  attributes: ReadonlyMap<number, FilterAttribute>,
): FilterRow[] {
  if (filters.length === 0) return [emptyRow()];
  return [...filters]
    .sort((a, b) => a.block - b.block || a.id - b.id)
    .map((filter) => {
      const row: FilterRow = {
        key: newRowKey(),
        id: filter.id,
        attribute: attributes.get(filter.attribute.id) ?? {
          id: filter.attribute.id,
          name: filter.attribute.name,
          dataType: filter.data_type ?? filter.attribute.data_type,
          choices: filter.choices ?? null,
        },
        comparison: filter.comparison_type,
        value: filter.field_value,
        block: filter.block,
        touched: false,
      };
      return { ...row, savedSignature: rowSignature(row) };
    });
}

/** Rows grouped into OR blocks, in block order; rows keep their order inside a block. */
export function groupBlocks(rows: readonly FilterRow[]): FilterBlock[] {
  const byBlock = new Map<number, FilterRow[]>();
  for (const row of rows) {
    const list = byBlock.get(row.block);
    if (list) list.push(row);
    else byBlock.set(row.block, [row]);
  }
  return [...byBlock.entries()]
    .sort(([a], [b]) => a - b)
    .map(([block, blockRows]) => ({ block, rows: blockRows }));
}

/** A new OR block takes the number after the highest one in use (1 for the first). */
export function nextBlockNumber(rows: readonly FilterRow[]): number {
  return rows.reduce((highest, row) => Math.max(highest, row.block), 0) + 1;
}

/** 'Add': an empty condition at the end of a block. */
export function addCondition(rows: readonly FilterRow[], block: number): FilterRow[] {
  const lastOfBlock = rows.findLastIndex((row) => row.block === block);
  const at = lastOfBlock === -1 ? rows.length : lastOfBlock + 1;
  return [...rows.slice(0, at), emptyRow(block), ...rows.slice(at)];
}

/** 'Add OR block': a new block holding one empty condition. */
export function addBlock(rows: readonly FilterRow[]): FilterRow[] {
  return [...rows, emptyRow(nextBlockNumber(rows))];
}

/**
 * Removing a condition; a block whose last condition goes disappears with it, and an empty form
 * comes back when nothing remains.
 */
export function removeCondition(rows: readonly FilterRow[], key: string): FilterRow[] {
  const rest = rows.filter((row) => row.key !== key);
  return rest.length > 0 ? rest : [emptyRow()];
}

/** A change to some of a row's fields. */
export type RowPatch = Partial<Omit<FilterRow, 'key'>>;

/** Choosing an attribute resets the value and keeps the comparison only if the type offers it. */
export function attributePatch(row: FilterRow, attribute: FilterAttribute | undefined): RowPatch {
  return {
    attribute,
    value: '',
    comparison: comparisonFor(attribute?.dataType, row.comparison),
    touched: true,
  };
}

export function patchRow(rows: readonly FilterRow[], key: string, patch: RowPatch): FilterRow[] {
  return rows.map((row) => (row.key === key ? { ...row, ...patch } : row));
}

export function rowValues(row: FilterRow): RowValues {
  return {
    attributeId: row.attribute?.id,
    dataType: row.attribute?.dataType,
    comparison: row.comparison,
    value: row.value,
  };
}

/** What the server holds for a row; equal signatures mean there is nothing new to save. */
export function rowSignature(row: FilterRow): string {
  return JSON.stringify([row.attribute?.id, row.comparison, row.value.trim(), row.block]);
}

/** The body of a POST or PATCH: the attribute goes as attribute_id, the sync type is always or. */
export function writeBody(
  row: FilterRow & { attribute: FilterAttribute },
  entity: EntityType,
): SyncFilterCreate {
  return {
    attribute_id: row.attribute.id,
    comparison_type: row.comparison,
    field_value: row.value.trim(),
    entity_type: entity,
    sync_type: 'or',
    block: row.block,
    ...(row.attribute.dataType ? { data_type: row.attribute.dataType } : {}),
  };
}
