import { describe, expect, it } from 'vitest';

import { DataType, type ComparisonType } from '@generated/api/model';
import { FILTER_COMPARISONS } from '@generated/rules';

import {
  attributeError,
  COMPARISON_LABELS,
  comparisonFor,
  comparisonOptions,
  DEFAULT_COMPARISON,
  isNumeric,
  isSavable,
  saveDecision,
  shouldShowErrors,
  valueError,
  type RowValues,
} from './filter-rules';

const row = (values: Partial<RowValues>): RowValues => ({
  attributeId: 7,
  dataType: 'String',
  comparison: 'equal_to',
  value: 'x',
  ...values,
});

const labels = (dataType: DataType | undefined) =>
  comparisonOptions(dataType).map((comparison) => COMPARISON_LABELS[comparison]);

describe('comparison options per data type', () => {
  it.each<[DataType | undefined, string[]]>([
    ['Boolean', ['Equal To']],
    ['Picklist', ['Equal To', 'Not Equal To']],
    ['Date', ['Greater than', 'Lesser Than']],
    ['Int', ['Greater than', 'Lesser Than']],
    ['Double', ['Greater than', 'Lesser Than']],
    ['Email', ['Contains', 'Equal To']],
    ['Textarea', ['Contains', 'Equal To']],
    ['String', ['Contains', 'Equal To']],
    [undefined, ['Contains', 'Greater than', 'Lesser Than', 'Equal To']],
  ])('%s offers %j', (dataType, expected) => {
    expect(labels(dataType)).toEqual(expected);
  });

  it("offers every data type exactly the contract's comparisons, which the backend accepts", () => {
    for (const dataType of Object.values(DataType))
      expect(comparisonOptions(dataType)).toEqual(FILTER_COMPARISONS[dataType]);
  });

  it('defaults a new condition to greater_than, which a row without attribute offers', () => {
    expect(DEFAULT_COMPARISON).toBe('greater_than');
    expect(comparisonOptions(undefined)).toContain(DEFAULT_COMPARISON);
  });

  it.each<[DataType, ComparisonType, ComparisonType]>([
    ['Double', 'greater_than', 'greater_than'],
    ['Date', 'lesser_than', 'lesser_than'],
    ['Picklist', 'greater_than', 'equal_to'],
    ['Boolean', 'not_equal_to', 'equal_to'],
    ['String', 'greater_than', 'contains'],
    ['Email', 'equal_to', 'equal_to'],
  ])('a %s attribute turns %s into %s', (dataType, current, expected) => {
    expect(comparisonFor(dataType, current)).toBe(expected);
  });
});

describe('value validation per type', () => {
  it.each(['5000', '-3', '+2.5', '0.75', '.5', ' 42 ', '7.'])('%j is a number', (value) => {
    expect(isNumeric(value)).toBe(true);
  });

  it.each(['', ' ', 'abc', '12abc', '1e3', '0x10', '1,000', '--1', 'NaN', 'Infinity'])(
    '%j is not a number',
    (value) => expect(isNumeric(value)).toBe(false),
  );

  it('needs an attribute', () => {
    expect(attributeError(row({ attributeId: undefined }))).toBe('Attribute is mandatory.');
    expect(attributeError(row({}))).toBeUndefined();
  });

  it.each<[Partial<RowValues>, string | undefined]>([
    // equal_to without a value
    [{ comparison: 'equal_to', value: '' }, 'Value is Mandatory'],
    [{ comparison: 'equal_to', value: '   ' }, 'Value is Mandatory'],
    [{ dataType: 'Picklist', comparison: 'equal_to', value: '' }, 'Value is Mandatory'],
    [{ dataType: 'Boolean', comparison: 'equal_to', value: 'false' }, undefined],
    // numeric comparisons need a number, whatever the type, except Date
    [{ dataType: 'Int', comparison: 'greater_than', value: '' }, 'Please input a valid number.'],
    [
      { dataType: 'Double', comparison: 'lesser_than', value: 'ten' },
      'Please input a valid number.',
    ],
    [
      { dataType: undefined, comparison: 'greater_than', value: 'abc' },
      'Please input a valid number.',
    ],
    [{ dataType: 'Double', comparison: 'greater_than', value: '5000.50' }, undefined],
    // an Int takes a whole number only, as the backend (the contract's IntValue)
    [{ dataType: 'Int', comparison: 'greater_than', value: '42' }, undefined],
    [{ dataType: 'Int', comparison: 'lesser_than', value: '-7' }, undefined],
    [
      { dataType: 'Int', comparison: 'greater_than', value: '2.5' },
      'Please input a valid whole number.',
    ],
    [
      { dataType: 'Int', comparison: 'lesser_than', value: '3.0' },
      'Please input a valid whole number.',
    ],
    // dates compare by day
    [{ dataType: 'Date', comparison: 'greater_than', value: '2026-01-01' }, undefined],
    [{ dataType: 'Date', comparison: 'greater_than', value: '' }, 'Value is Mandatory'],
    [{ dataType: 'Date', comparison: 'lesser_than', value: '2026-02-30' }, 'Value is Mandatory'],
    // text comparisons take any text
    [{ dataType: 'String', comparison: 'contains', value: 'acme' }, undefined],
    [{ dataType: 'Email', comparison: 'contains', value: '' }, 'Value is Mandatory'],
    [{ dataType: 'Picklist', comparison: 'not_equal_to', value: 'Open' }, undefined],
  ])('%j gives %j', (values, message) => {
    expect(valueError(row(values))).toBe(message);
  });

  it('shows messages once the row is touched or is not the last of its block', () => {
    expect(shouldShowErrors(false, true)).toBe(false);
    expect(shouldShowErrors(true, true)).toBe(true);
    expect(shouldShowErrors(false, false)).toBe(true);
  });
});

describe('save or skip', () => {
  const saved = (id?: number, signature?: string) => ({ id, signature });

  it.each<[string, Partial<RowValues>, ReturnType<typeof saved>, string, string]>([
    ['no attribute', { attributeId: undefined }, saved(), 's', 'skip'],
    ['no value', { value: '' }, saved(), 's', 'skip'],
    ['no value, even when saved before', { value: '' }, saved(3, 'old'), 's', 'skip'],
    [
      'numeric comparison with text',
      { dataType: 'Int', comparison: 'greater_than', value: 'many' },
      saved(),
      's',
      'skip',
    ],
    [
      'numeric comparison with a date',
      { dataType: 'Date', comparison: 'greater_than', value: '2026-01-01' },
      saved(),
      's',
      'create',
    ],
    [
      'a decimal on an Int',
      { dataType: 'Int', comparison: 'greater_than', value: '2.5' },
      saved(3, 'old'),
      's',
      'skip',
    ],
    ['complete and new', {}, saved(), 's', 'create'],
    ['complete and changed', {}, saved(3, 'old'), 'new', 'update'],
    ['complete and as saved', {}, saved(3, 'same'), 'same', 'unchanged'],
    ['saved by id, signature unknown', {}, saved(3), 'new', 'update'],
  ])('%s: %j', (_name, values, server, signature, expected) => {
    expect(saveDecision(row(values), server, signature)).toBe(expected);
  });

  it('saves only what is valid', () => {
    expect(isSavable(row({}))).toBe(true);
    expect(isSavable(row({ value: '' }))).toBe(false);
    expect(isSavable(row({ attributeId: undefined }))).toBe(false);
  });
});
