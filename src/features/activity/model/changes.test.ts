import { describe, expect, it } from 'vitest';

import { changeView, valueText } from './changes';

describe('changeView', () => {
  it('lists an object’s keys before | after, marking the ones that did not change', () => {
    expect(
      changeView(
        { salesforce_attribute: 'Stage__c', block: 1, tags: ['a'] },
        { salesforce_attribute: 'StageName', block: 1, tags: ['a'], is_receive_update: true },
      ),
    ).toEqual({
      kind: 'fields',
      fields: [
        { key: 'salesforce_attribute', before: 'Stage__c', after: 'StageName', changed: true },
        { key: 'block', before: '1', after: '1', changed: false },
        { key: 'tags', before: '["a"]', after: '["a"]', changed: false },
        { key: 'is_receive_update', before: '(none)', after: 'true', changed: true },
      ],
    });
  });

  it('takes nothing before (a creation) or after (a deletion) as an object with no keys', () => {
    expect(changeView(null, { value: '10000' })).toEqual({
      kind: 'fields',
      fields: [{ key: 'value', before: '(none)', after: '10000', changed: true }],
    });
    expect(changeView({ value: null, gone: 'x' }, null)).toMatchObject({
      fields: [
        { key: 'value', before: '(none)', after: '(none)', changed: false },
        { key: 'gone', before: 'x', after: '(none)', changed: true },
      ],
    });
  });

  it('shows one value becoming another, and nothing when neither side holds anything', () => {
    expect(changeView('Beta', 'Production')).toEqual({
      kind: 'value',
      before: 'Beta',
      after: 'Production',
    });
    expect(changeView(null, 3)).toEqual({ kind: 'value', before: '(none)', after: '3' });
    expect(changeView([1], { a: 1 })).toEqual({ kind: 'value', before: '[1]', after: '{"a":1}' });
    expect(changeView(null, null)).toEqual({ kind: 'none' });
  });

  it('compares objects whatever the order of their keys', () => {
    expect(changeView({ x: { a: 1, b: 2 } }, { x: { b: 2, a: 1 } })).toMatchObject({
      fields: [{ key: 'x', changed: false }],
    });
  });

  it('writes text as it is, false and 0 as words, and nothing as (none)', () => {
    expect([valueText('x'), valueText(false), valueText(0), valueText(undefined)]).toEqual([
      'x',
      'false',
      '0',
      '(none)',
    ]);
  });
});
