// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { conditionHolds, recordPasses, type FilterCondition } from './filters';

const when = (
  attributeId: number,
  comparison_type: FilterCondition['comparison_type'],
  field_value: string,
  block = 1,
): FilterCondition => ({ attributeId, comparison_type, field_value, block });

describe('sync filters', () => {
  it('lets everything through when there are no filters', () => {
    expect(recordPasses({}, [])).toBe(true);
  });

  it('ANDs the conditions of a block and ORs the blocks', () => {
    const filters = [
      when(46, 'equal_to', 'Committed'),
      when(44, 'greater_than', '5000'),
      when(45, 'greater_than', '2026-01-01', 2),
    ];
    expect(recordPasses({ 46: 'Committed', 44: 6000, 45: '2025-06-01' }, filters)).toBe(true);
    expect(recordPasses({ 46: 'Committed', 44: 4000, 45: '2025-06-01' }, filters)).toBe(false);
    expect(recordPasses({ 46: 'Prospect', 44: 100, 45: '2026-02-01' }, filters)).toBe(true);
  });

  it('compares numbers and YYYY-MM-DD dates, never a date with a number', () => {
    expect(conditionHolds(6000, when(1, 'greater_than', '5000'))).toBe(true);
    expect(conditionHolds('7.5', when(1, 'lesser_than', '10'))).toBe(true);
    expect(conditionHolds('2026-03-31', when(1, 'lesser_than', '2026-04-01'))).toBe(true);
    expect(conditionHolds('2026-03-31', when(1, 'greater_than', '2026-04-01'))).toBe(false);
    expect(conditionHolds('03/31/2026', when(1, 'greater_than', '2026-01-01'))).toBe(false);
    expect(conditionHolds('ten thousand', when(1, 'greater_than', '5000'))).toBe(false);
    expect(conditionHolds(20260101, when(1, 'greater_than', '2025-01-01'))).toBe(false);
  });

  it('contains is case-insensitive; a missing value only satisfies not_equal_to', () => {
    expect(conditionHolds('Acme Data Lake', when(1, 'contains', 'data LAKE'))).toBe(true);
    expect(conditionHolds(null, when(1, 'contains', 'x'))).toBe(false);
    expect(conditionHolds(null, when(1, 'equal_to', 'x'))).toBe(false);
    expect(conditionHolds(null, when(1, 'not_equal_to', 'Disqualified'))).toBe(true);
    expect(conditionHolds('Disqualified', when(1, 'not_equal_to', 'disqualified'))).toBe(false);
  });
});
