import { describe, expect, it } from 'vitest';

import { createOptionFilter, makeOption } from './select-options';

const options = [
  makeOption('1', 'StageName', 'Stage'),
  makeOption('2', 'AWS_Stage__c', 'AWS Stage'),
  makeOption('3', 'Account.Name', 'Account Name'),
];
const keys = (list: readonly { key: string }[]) => list.map((option) => option.key);

describe('option filter', () => {
  it('matches the name or label, whatever the case', () => {
    const filter = createOptionFilter(options);
    expect(keys(filter('stage'))).toEqual(['1', '2']);
    expect(keys(filter('ACCOUNT'))).toEqual(['3']);
    expect(keys(filter(''))).toEqual(['1', '2', '3']);
  });

  it('gives the same answers while narrowing, widening and starting over', () => {
    const filter = createOptionFilter(options);
    expect(keys(filter('s'))).toEqual(['1', '2']);
    expect(keys(filter('st'))).toEqual(['1', '2']);
    expect(keys(filter('sta'))).toEqual(['1', '2']);
    expect(keys(filter('aws'))).toEqual(['2']);
    expect(keys(filter('aw'))).toEqual(['2']);
    expect(keys(filter('a'))).toEqual(['1', '2', '3']);
    expect(keys(filter('zz'))).toEqual([]);
  });
});
