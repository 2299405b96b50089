// @vitest-environment node
// The override value formats of openapi.yaml (OverrideWrite.x-override-value-formats) as the app
// and the sandbox read them from generated/rules: one vocabulary for ACE values.
import { describe, expect, it } from 'vitest';

import {
  BOOLEAN_VALUES,
  booleanValue,
  hasOverrideValueFormat,
  isOverrideValue,
} from '../../generated/rules/index';

describe('the override value rules of the contract', () => {
  it('has True and False as the Boolean words, the true word first', () => {
    expect(BOOLEAN_VALUES).toEqual(['True', 'False']);
    expect(booleanValue(true)).toBe('True');
    expect(booleanValue(false)).toBe('False');
  });

  it.each([
    ['Boolean', 'True', true],
    ['Boolean', 'False', true],
    ['Boolean', 'Yes', false],
    ['Boolean', 'No', false],
    ['Boolean', 'true', false],
    ['Boolean', 'TRUE', false],
    ['Boolean', '1', false],
    ['Date', '2026-03-31', true],
    ['Date', '2026-02-30', false],
    ['Date', '03/31/2026', false],
    ['Email', 'jane.doe@example.com', true],
    ['Email', 'jane.doe@example', false],
    ['Email', 'jane doe@example.com', false],
    ['Int', '-7', true],
    ['Int', '2.5', false],
    ['Double', '2.5E-2', true],
    ['Double', 'ten thousand', false],
    ['String', 'anything at all', true],
  ] as const)('%s %j -> %s', (dataType, value, expected) => {
    expect(hasOverrideValueFormat(dataType, value)).toBe(expected);
    expect(isOverrideValue({ data_type: dataType }, value)).toBe(expected);
  });

  it('takes a picklist value only from the keys of its choices, when it has any', () => {
    const industry = { data_type: 'Picklist' as const, choices: { Software: 'Software & IT' } };
    expect(isOverrideValue(industry, 'Software')).toBe(true);
    expect(isOverrideValue(industry, 'Software & IT')).toBe(false);
    expect(isOverrideValue({ data_type: 'Picklist', choices: null }, 'Anything')).toBe(true);
  });
});
