import { describe, expect, it } from 'vitest';

import { countOf, pluralWord } from './plural';

const HOURS = { one: 'hr', other: 'hrs' };

describe('plural words', () => {
  it('says one for exactly one and the other form for every other count', () => {
    expect(countOf(1, HOURS)).toBe('1 hr');
    expect(countOf(2, HOURS)).toBe('2 hrs');
    expect(countOf(0, HOURS)).toBe('0 hrs');
    expect(countOf(11, HOURS)).toBe('11 hrs');
    expect(countOf(21, HOURS)).toBe('21 hrs');
    expect(pluralWord(1, { one: 'Launch', other: 'Launches' })).toBe('Launch');
    expect(pluralWord(14, { one: 'Launch', other: 'Launches' })).toBe('Launches');
  });

  it('formats the count as the dashboard writes numbers', () => {
    expect(countOf(1234, { one: 'record', other: 'records' })).toBe('1,234 records');
  });
});
