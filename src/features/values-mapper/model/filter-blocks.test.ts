import { describe, expect, it } from 'vitest';

import type { SyncFilter } from '@generated/api/model';

import {
  addBlock,
  addCondition,
  attributePatch,
  emptyRow,
  groupBlocks,
  nextBlockNumber,
  patchRow,
  removeCondition,
  rowSignature,
  rowsFromFilters,
  writeBody,
  type FilterAttribute,
  type FilterRow,
} from './filter-blocks';

const STAGE: FilterAttribute = {
  id: 46,
  name: 'stage',
  dataType: 'Picklist',
  choices: { Committed: 'Committed', Launched: 'Launched' },
};
const REVENUE: FilterAttribute = { id: 44, name: 'expectedMonthlyAwsRevenue', dataType: 'Double' };

const row = (block: number, extra: Partial<FilterRow> = {}): FilterRow => ({
  ...emptyRow(block),
  ...extra,
});
const blocksOf = (rows: FilterRow[]) => groupBlocks(rows).map((block) => block.rows.length);

describe('block numbering', () => {
  it('starts at 1 and gives each new OR block the number after the highest', () => {
    expect(nextBlockNumber([])).toBe(1);
    const rows = addBlock([row(1)]);
    expect(rows.map((r) => r.block)).toEqual([1, 2]);
    expect(addBlock(rows).at(-1)?.block).toBe(3);
  });

  it('never reuses a number while a higher block exists', () => {
    expect(nextBlockNumber([row(1), row(4)])).toBe(5);
  });

  it('a fresh row compares with greater_than in block 1, with no value', () => {
    expect(emptyRow()).toMatchObject({
      block: 1,
      comparison: 'greater_than',
      value: '',
      touched: false,
    });
    expect(emptyRow().key).not.toBe(emptyRow().key);
  });
});

describe('adding and removing conditions', () => {
  it("'Add' puts an empty condition at the end of its block", () => {
    const a = row(1);
    const b = row(2);
    const rows = addCondition([a, b], 1);
    expect(rows.map((r) => r.block)).toEqual([1, 1, 2]);
    expect(rows[0]).toBe(a);
    expect(rows[1]).toMatchObject({ block: 1, value: '' });
    expect(blocksOf(rows)).toEqual([2, 1]);
  });

  it('removing a condition keeps the others of its block', () => {
    const a = row(1);
    const b = row(1);
    expect(removeCondition([a, b, row(2)], a.key).map((r) => r.key)).toContain(b.key);
    expect(blocksOf(removeCondition([a, b, row(2)], a.key))).toEqual([1, 1]);
  });

  it("removing a block's last condition removes the block", () => {
    const lone = row(2);
    expect(blocksOf(removeCondition([row(1), lone, row(3)], lone.key))).toEqual([1, 1]);
    expect(groupBlocks(removeCondition([row(1), lone], lone.key)).map((b) => b.block)).toEqual([1]);
  });

  it('re-adds an empty form when nothing remains', () => {
    const only = row(3, { id: 9, value: 'x' });
    const rows = removeCondition([only], only.key);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ block: 1, value: '', comparison: 'greater_than' });
    expect(rows[0]?.id).toBeUndefined();
  });

  it('groups rows into blocks in block order, keeping their order inside a block', () => {
    const [a, b, c, d] = [row(2), row(1), row(2), row(1)];
    const blocks = groupBlocks([a!, b!, c!, d!]);
    expect(blocks.map((block) => block.block)).toEqual([1, 2]);
    expect(blocks[0]?.rows).toEqual([b, d]);
    expect(blocks[1]?.rows).toEqual([a, c]);
  });

  it('patches one row only', () => {
    const [a, b] = [row(1), row(1)];
    const rows = patchRow([a, b], b.key, { value: 'v' });
    expect(rows[0]).toBe(a);
    expect(rows[1]).toMatchObject({ key: b.key, value: 'v' });
  });
});

describe('changing the attribute', () => {
  it('resets the value and fits the comparison to the new type', () => {
    const current = row(1, { attribute: REVENUE, comparison: 'greater_than', value: '5000' });
    expect(attributePatch(current, STAGE)).toEqual({
      attribute: STAGE,
      value: '',
      comparison: 'equal_to',
      touched: true,
    });
    expect(attributePatch(current, REVENUE)).toMatchObject({
      value: '',
      comparison: 'greater_than',
    });
  });
});

describe('loading saved conditions', () => {
  const syncFilter = (extra: Partial<SyncFilter>): SyncFilter => ({
    id: 1,
    attribute: { id: 46, name: 'stage', type: 'Opportunity', data_type: 'Picklist' },
    comparison_type: 'equal_to',
    field_value: 'Committed',
    entity_type: 'Opportunity',
    sync_type: 'or',
    block: 1,
    ...extra,
  });

  it('orders by block then id and takes attributes from the list', () => {
    const rows = rowsFromFilters(
      [syncFilter({ id: 13, block: 2 }), syncFilter({ id: 12 }), syncFilter({ id: 11 })],
      new Map([[46, STAGE]]),
    );
    expect(rows.map((r) => [r.id, r.block])).toEqual([
      [11, 1],
      [12, 1],
      [13, 2],
    ]);
    expect(rows[0]?.attribute).toBe(STAGE);
    expect(rows[0]?.savedSignature).toBe(rowSignature(rows[0]!));
  });

  it("falls back to the condition's own attribute, type and choices", () => {
    const [loaded] = rowsFromFilters(
      [syncFilter({ data_type: 'Picklist', choices: { Open: 'Open' } })],
      new Map(),
    );
    expect(loaded?.attribute).toEqual({
      id: 46,
      name: 'stage',
      dataType: 'Picklist',
      choices: { Open: 'Open' },
    });
  });

  it('gives one empty form when nothing is saved', () => {
    const rows = rowsFromFilters([], new Map());
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ block: 1, value: '' });
    expect(rows[0]?.id).toBeUndefined();
  });
});

describe('what is sent', () => {
  it('sends the attribute as attribute_id, the sync type or, and the trimmed value', () => {
    const body = writeBody(
      { ...row(2, { comparison: 'greater_than', value: ' 5000 ' }), attribute: REVENUE },
      'Opportunity',
    );
    expect(body).toEqual({
      attribute_id: 44,
      comparison_type: 'greater_than',
      field_value: '5000',
      entity_type: 'Opportunity',
      sync_type: 'or',
      block: 2,
      data_type: 'Double',
    });
  });

  it('signatures change with what the server would hold, not with touched state', () => {
    const base = row(1, { attribute: STAGE, value: 'Committed' });
    expect(rowSignature({ ...base, touched: true })).toBe(rowSignature(base));
    expect(rowSignature({ ...base, value: 'Launched' })).not.toBe(rowSignature(base));
    expect(rowSignature({ ...base, block: 2 })).not.toBe(rowSignature(base));
  });
});
